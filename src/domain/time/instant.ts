/** A moment as it arrives from Prisma (Date), JSON (ISO string) or a data attribute (epoch ms). */
export type Instant = Date | string | number;

const EPOCH_MS_TEXT = /^-?\d{5,}$/;

/** Epoch milliseconds, or NaN when the value is missing or not a readable date. */
export function toEpochMs(value: Instant | null | undefined): number {
  if (value === null || value === undefined) return Number.NaN;
  if (value instanceof Date) return value.getTime();
  if (typeof value === "number") return value;
  // Data attributes carry epoch ms as text; Date.parse would misread "1700000000000" as NaN.
  if (EPOCH_MS_TEXT.test(value.trim())) return Number(value.trim());
  return Date.parse(value);
}
