import { z } from "zod";
import { responseSchema } from "./registry.ts";

// What every resource shares: money in integer pence with its currency, ISO 8601 times, lists a page
// at a time with an opaque cursor to the next.

export const MoneySchema = responseSchema(
  "Money",
  z.object({ amount_pence: z.number().int(), currency: z.literal("GBP") }),
  "An amount in integer pence",
);
export type Money = z.output<typeof MoneySchema>;

export const money = (pence: number): Money => ({ amount_pence: pence, currency: "GBP" });
export const moneyOrNull = (pence: number | null | undefined): Money | null => (pence === null || pence === undefined ? null : money(pence));

export const Instant = z.iso.datetime({ offset: true });
export const iso = (date: Date | null | undefined): string | null => (date ? date.toISOString() : null);
/** A calendar day stored as midnight UTC, as "yyyy-mm-dd". */
export const day = (date: Date | null | undefined): string | null => (date ? date.toISOString().slice(0, 10) : null);

export const DEFAULT_LIMIT = 50;
export const MAX_LIMIT = 100;

const CURSOR = /^c[1-9a-z][0-9a-z]{0,6}$/;
const LARGEST_ID = 2_147_483_647;
export const INVALID_CURSOR = "The cursor is not one this API gave out";

/** Pages run newest first; the cursor is the last id of the page before (opaque to callers). */
export const encodeCursor = (id: number) => `c${id.toString(36)}`;
function decodeCursor(value: string): number | null {
  const id = CURSOR.test(value) ? parseInt(value.slice(1), 36) : null;
  return id !== null && id <= LARGEST_ID ? id : null;
}

const LIMIT_MESSAGE = `Give a limit from 1 to ${MAX_LIMIT}`;

export const PagingQuery = {
  cursor: z
    .string()
    .transform((value, ctx) => decodeCursor(value) ?? (ctx.addIssue({ code: "custom", message: INVALID_CURSOR }), z.NEVER))
    .optional()
    .describe("next_cursor from the page before"),
  limit: z
    .string()
    .regex(/^\d{1,3}$/, { error: LIMIT_MESSAGE })
    .transform(Number)
    .pipe(z.number().int().min(1, { error: LIMIT_MESSAGE }).max(MAX_LIMIT, { error: LIMIT_MESSAGE }))
    .optional()
    .describe(`How many to a page, 1 to ${MAX_LIMIT} (default ${DEFAULT_LIMIT})`),
};

export const UpdatedSinceQuery = z.iso
  .datetime({ offset: true, error: "Give updated_since as an ISO 8601 time, for example 2027-03-01T09:00:00Z" })
  .transform((value) => new Date(value))
  .optional()
  .describe("Only records changed at or after this time");

export function pageOf<T extends z.ZodType>(id: string, item: T) {
  return responseSchema(id, z.object({ data: z.array(item), next_cursor: z.string().nullable() }));
}

/** A page of rows read one past the limit: the extra row only says there is a next page. */
export function paged<R extends { id: number }, T>(rows: readonly R[], limit: number, present: (row: R) => T) {
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return { data: page.map(present), next_cursor: rows.length > limit && last ? encodeCursor(last.id) : null };
}
