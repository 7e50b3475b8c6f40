// When a failed delivery is tried again: exponential backoff to 8 hours, then every 12 hours, so a
// receiver that is down over a weekend night still gets its events; after about 3 days in all
// (14 tries) the delivery is given up and its endpoint disabled. The first try is at once.

const SECOND = 1_000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

/** The wait after each failed try: after the 1st, 30 s; after the 13th, the last 12 h. */
export const RETRY_DELAYS_MS: readonly number[] = [
  30 * SECOND, 2 * MINUTE, 10 * MINUTE, 30 * MINUTE, HOUR, 2 * HOUR, 4 * HOUR, 8 * HOUR,
  12 * HOUR, 12 * HOUR, 12 * HOUR, 12 * HOUR, 12 * HOUR,
];

/** How many tries a delivery gets: the first and one after each wait. */
export const MAX_ATTEMPTS = RETRY_DELAYS_MS.length + 1;

/** When to try again after `attemptsMade` failed tries (the last at `failedAt`), or null: give up. */
export function nextAttemptAt(attemptsMade: number, failedAt: Date): Date | null {
  const delay = RETRY_DELAYS_MS[attemptsMade - 1];
  return delay === undefined ? null : new Date(failedAt.getTime() + delay);
}

/** An answer counts as delivered only with a 2xx status; a redirect is a failure (never followed). */
export const isDelivered = (status: number | null) => status !== null && status >= 200 && status < 300;

/** How long one process holds a claimed delivery: past the 10 s timeout, then anyone may take it again. */
export const SEND_TIMEOUT_MS = 10 * SECOND;
export const CLAIM_MS = 60 * SECOND;

/** How much of an answer (or error) the delivery log keeps. */
export const ANSWER_CHARS = 1_000;

/** After a rotation the previous secret still signs for this long. */
export const ROTATION_OVERLAP_MS = 24 * HOUR;
