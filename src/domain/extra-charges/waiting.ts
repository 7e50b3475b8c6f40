// Waiting time at a stop. The carrier enters the whole wait; the job's free time (2 hours when the
// job does not say) costs nothing, and each minute beyond it is charged pro rata at the hourly rate:
// minutes beyond × pence an hour ÷ 60, one integer division rounded to the nearest penny, a half
// penny up (divideHalfUp), so no step is ever a float.

import { count } from "#domain/format/count.ts";
import { divideHalfUp, assertNonNegativeWhole } from "#domain/invoices/pence.ts";

/** The free waiting time at a stop when the job does not say: the usual two hours of UK haulage terms. */
export const DEFAULT_FREE_WAITING_MINUTES = 120;

/** The job's free waiting time: its own, or the default when it has none. */
export const freeWaitingMinutesOf = (job: { freeWaitingMinutes: number | null }): number =>
  job.freeWaitingMinutes ?? DEFAULT_FREE_WAITING_MINUTES;

/** The minutes charged: those beyond the free time, never fewer than none. */
export function chargeableMinutes(waitedMinutes: number, freeMinutes: number): number {
  assertNonNegativeWhole(waitedMinutes, "waitedMinutes");
  assertNonNegativeWhole(freeMinutes, "freeMinutes");
  return Math.max(0, waitedMinutes - freeMinutes);
}

export type WaitingCharge = { waitedMinutes: number; freeMinutes: number; ratePencePerHour: number };

/** The charge for a wait, in pence: the minutes beyond the free time at the hourly rate, pro rata per minute. */
export function waitingChargePence({ waitedMinutes, freeMinutes, ratePencePerHour }: WaitingCharge): number {
  assertNonNegativeWhole(ratePencePerHour, "ratePencePerHour");
  const minutes = chargeableMinutes(waitedMinutes, freeMinutes);
  return divideHalfUp(BigInt(minutes) * BigInt(ratePencePerHour), 60n);
}

/** 150 → "2 hours 30 minutes", 120 → "2 hours", 45 → "45 minutes", 0 → "0 minutes". */
export function formatMinutes(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (!hours) return count(rest, "minute");
  return rest ? `${count(hours, "hour")} ${count(rest, "minute")}` : count(hours, "hour");
}
