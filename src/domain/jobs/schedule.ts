// The collection days of a multi-load job and how many loads a job expects.
//
// Expected quantity (the figure bids and allocation work against):
// - single: the number of loads if one was given, else 1. A single job can be several loads of one
//   consignment on the same day; that is why the form asks how they are called off.
// - multi: one occurrence per collection day, times the number of loads per occurrence (1 when
//   left blank): "2 loads every weekday" is 2 × the weekdays between the dates.
// - contract: the sum of the monthly estimates.

import { addDays, addMonths, dayOfWeek } from "#domain/format/calendar.ts";
import { parseDateInput } from "#domain/format/date-input.ts";

export const MAX_OCCURRENCES = 500;

const STEP_DAYS = { daily: 1, weekdays: 1, weekly: 7, fortnightly: 14 } as const;

function isWeekend(isoDate: string): boolean {
  const day = dayOfWeek(isoDate);
  return day === 0 || day === 6;
}

/**
 * Collection days from `startDate` to `endDate` inclusive ("yyyy-mm-dd" or dd/mm/yyyy in, ISO
 * "yyyy-mm-dd" out), stopping after `limit`. Monthly keeps the start's day of the month, or the
 * month's last day when shorter. Unreadable dates, an end before the start or an unknown
 * frequency give no days.
 */
export function occurrences(startDate: string, endDate: string, frequency: string, limit = MAX_OCCURRENCES): string[] {
  const start = parseDateInput(startDate);
  const end = parseDateInput(endDate);
  if (!start || !end) return [];
  const days: string[] = [];
  if (frequency === "monthly") {
    for (let n = 0; days.length < limit; n++) {
      const day = addMonths(start, n);
      if (day > end) break;
      days.push(day);
    }
    return days;
  }
  if (!Object.hasOwn(STEP_DAYS, frequency)) return [];
  const step = STEP_DAYS[frequency as keyof typeof STEP_DAYS];
  for (let day = start; day <= end && days.length < limit; day = addDays(day, step)) {
    if (frequency === "weekdays" && isWeekend(day)) continue;
    days.push(day);
  }
  return days;
}

export type QuantityInput = {
  jobType: string;
  numberOfLoads?: number | null;
  startDate?: string | null;
  endDate?: string | null;
  frequency?: string | null;
  loadEstimates?: readonly { numberOfLoads: number }[];
};

/** Loads per single job or per occurrence: the number given, or 1 when blank or 0. */
export function loadsPerOccurrence(numberOfLoads: number | null | undefined): number {
  return numberOfLoads && numberOfLoads > 0 ? Math.floor(numberOfLoads) : 1;
}

/** See the top of this file. A multi-load job without a readable schedule expects 0. */
export function expectedQuantity(job: QuantityInput, limit = MAX_OCCURRENCES): number {
  switch (job.jobType) {
    case "multi": {
      const days = occurrences(job.startDate ?? "", job.endDate ?? "", job.frequency ?? "", limit);
      return days.length * loadsPerOccurrence(job.numberOfLoads);
    }
    case "contract":
      return (job.loadEstimates ?? []).reduce((sum, estimate) => sum + Math.max(0, estimate.numberOfLoads), 0);
    default:
      return loadsPerOccurrence(job.numberOfLoads);
  }
}
