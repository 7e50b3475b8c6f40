// From GET /api/v1/server_time: a client/server clock offset, applied only if its absolute value
// exceeds 700 ms, otherwise 0. Countdowns use Date.now() + offset as "now".
export const CLOCK_OFFSET_THRESHOLD_MS = 700;

/** serverMs − clientMs when it exceeds the threshold either way, else 0 (also 0 for unusable input). */
export function clockOffset(serverMs: number, clientMs: number): number {
  const offset = Math.round(serverMs - clientMs);
  if (!Number.isFinite(offset)) return 0;
  return Math.abs(offset) > CLOCK_OFFSET_THRESHOLD_MS ? offset : 0;
}

/** The client time the server most likely stamped: halfway through the request. */
export function requestMidpoint(startedMs: number, finishedMs: number): number {
  return startedMs + (finishedMs - startedMs) / 2;
}

/** The server_time answer (a number, or its text) as epoch ms; null when it is not one. */
export function parseServerTime(body: unknown): number | null {
  const ms = typeof body === "string" && body.trim() !== "" ? Number(body) : body;
  return typeof ms === "number" && Number.isFinite(ms) ? ms : null;
}
