export class HttpError extends Error {
  constructor(
    readonly status: number,
    message = defaultMessage(status),
    readonly expose = true,
  ) {
    super(message);
  }
}

function defaultMessage(status: number): string {
  return { 400: "Bad request", 403: "Forbidden", 404: "Not found", 409: "Conflict", 422: "Unprocessable", 429: "Too many requests" }[status] ?? "Something went wrong";
}

export const notFound = (message = "Not found") => new HttpError(404, message);
export const forbidden = (message = "Forbidden") => new HttpError(403, message);

/** Throws a 404 unless the value is present: records of other accounts look exactly like missing ones. */
export function found<T>(value: T | null | undefined, message?: string): T {
  if (value === null || value === undefined) throw notFound(message);
  return value;
}

export function invariant(condition: unknown, status: number, message?: string): asserts condition {
  if (!condition) throw new HttpError(status, message);
}
