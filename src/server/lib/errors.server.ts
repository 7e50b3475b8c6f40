export class HttpError extends Error {
  constructor(
    readonly status: number,
    message = defaultMessage(status),
  ) {
    super(message);
  }
}

function defaultMessage(status: number): string {
  return { 400: "Bad request", 403: "Forbidden", 404: "Not found", 409: "Conflict", 415: "Unsupported media type", 422: "Unprocessable", 429: "Too many requests" }[status] ?? "Something went wrong";
}

/**
 * Throws a 404 unless the value is present: records of other accounts look exactly like missing ones.
 * A rule reads as `found(isBidder(user))`, or `found(panel.kind === "carrier" && panel)` to narrow.
 */
export function found<T>(value: T | null | undefined | false, message = "Not found"): T {
  if (value === null || value === undefined || value === false) throw new HttpError(404, message);
  return value;
}

const RECORD_ID = /^[1-9][0-9]{0,9}$/;
/** Ids are 32-bit integer columns (PostgreSQL's `integer`): a larger number names no record. */
const LARGEST_ID = 2_147_483_647;

/** A record id from a URL or form ("12"); anything else ("0x1", "1.0", "-1", "abc", "99999999999") names no record: 404. */
export function recordId(value: unknown): number {
  const text = typeof value === "number" ? String(value) : value;
  const id = typeof text === "string" && RECORD_ID.test(text) ? Number(text) : null;
  return found(id !== null && id <= LARGEST_ID ? id : null);
}
