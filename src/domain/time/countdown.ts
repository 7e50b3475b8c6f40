// Countdowns tick once per second, aligned to second boundaries, fire 'ended' once, and check
// about 0.5 s after load whether the date has already passed.
export const COUNTDOWN_REFRESH_MS = 1000;
export const ENDED_CHECK_DELAY_MS = 500;

const SECOND = 1000;
const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export type Remaining = { days: number; hours: number; minutes: number; seconds: number; totalMs: number; ended: boolean };

/**
 * Time left until targetMs. Seconds round UP, so the display reads 00:00:01 during the last second
 * and 00:00:00 only once the time has passed: a live auction never shows zero. An unreadable
 * target (NaN) counts as ended.
 */
export function remaining(targetMs: number, nowMs: number): Remaining {
  const diff = targetMs - nowMs;
  const totalMs = diff > 0 ? diff : 0;
  const totalSeconds = Math.ceil(totalMs / SECOND);
  return {
    days: Math.floor(totalSeconds / DAY),
    hours: Math.floor((totalSeconds % DAY) / HOUR),
    minutes: Math.floor((totalSeconds % HOUR) / MINUTE),
    seconds: totalSeconds % MINUTE,
    totalMs,
    ended: totalMs === 0,
  };
}

const pad = (n: number) => String(n).padStart(2, "0");

/** "2d 03:04:05", or "03:04:05" under a day. */
export function formatRemaining(r: Pick<Remaining, "days" | "hours" | "minutes" | "seconds">): string {
  const clock = `${pad(r.hours)}:${pad(r.minutes)}:${pad(r.seconds)}`;
  return r.days > 0 ? `${r.days}d ${clock}` : clock;
}

/**
 * Delay (1–1000 ms) to the next second boundary. With targetMs the boundary is where the remaining
 * time is a whole number of seconds, so a target with milliseconds still changes the display on
 * every tick; without it, the wall clock's second.
 */
export function msUntilNextSecond(nowMs: number, targetMs?: number): number {
  const phase = targetMs === undefined || !Number.isFinite(targetMs) ? -nowMs : targetMs - nowMs;
  const left = ((phase % SECOND) + SECOND) % SECOND;
  return left === 0 ? SECOND : left;
}
