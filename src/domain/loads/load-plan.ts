// The loads an award creates. A single-load job is its loads on the one day; a multi-load job one
// run per collection day of its schedule; a contract job the monthly estimates. The count is always
// the job's expected quantity, the figure quotes and allocation were made against.

import { addDays, daysBetween } from "#domain/format/calendar.ts";
import { parseIsoDate } from "#domain/format/date-input.ts";
import { loadsPerOccurrence, occurrences } from "#domain/jobs/schedule.ts";

export type LoadPlanJob = {
  jobType: string;
  expectedQuantity: number;
  numberOfLoads: number | null;
  /** Calendar dates as "yyyy-mm-dd". */
  startDate: string | null;
  endDate: string | null;
  frequency: string | null;
  loadEstimates: readonly { month: string; numberOfLoads: number }[];
  /** Window dates of the first pickup and the last delivery, when the job form gave them. */
  pickupDate: string | null;
  deliveryDate: string | null;
};

export type PlannedLoad = { sequence: number; pickupDate: string | null; deliveryDate: string | null };

type Run = { pickupDate: string | null; count: number };

export function planLoads(job: LoadPlanJob): PlannedLoad[] {
  const transit = transitDays(job.pickupDate, job.deliveryDate);
  const dated = runsFor(job).flatMap((run) => Array.from({ length: Math.max(0, run.count) }, () => run.pickupDate));
  const expected = Math.max(0, Math.floor(job.expectedQuantity));
  return Array.from({ length: expected }, (_, i) => {
    const pickupDate = dated[i] ?? null;
    return { sequence: i + 1, pickupDate, deliveryDate: pickupDate === null ? null : addDays(pickupDate, transit) };
  });
}

function runsFor(job: LoadPlanJob): Run[] {
  if (job.jobType === "multi") {
    const perDay = loadsPerOccurrence(job.numberOfLoads);
    return occurrences(job.startDate ?? "", job.endDate ?? "", job.frequency ?? "").map((day) => ({ pickupDate: day, count: perDay }));
  }
  if (job.jobType === "contract") {
    const start = parseIsoDate(job.startDate);
    return [...job.loadEstimates]
      .sort((a, b) => a.month.localeCompare(b.month))
      .map((estimate) => ({ pickupDate: firstDayIn(estimate.month, start), count: Math.floor(estimate.numberOfLoads) }));
  }
  return [{ pickupDate: parseIsoDate(job.pickupDate) ?? parseIsoDate(job.startDate), count: job.expectedQuantity }];
}

/** The contract's first month starts on its start date; every other month on the 1st. */
function firstDayIn(month: string, start: string | null): string | null {
  const first = parseIsoDate(`${month}-01`);
  if (!first) return null;
  return start && start.startsWith(month) ? start : first;
}

/** Days from collection to delivery, as the job's own window dates show (0 when unknown). */
function transitDays(pickup: string | null, delivery: string | null): number {
  const from = parseIsoDate(pickup);
  const to = parseIsoDate(delivery);
  if (!from || !to) return 0;
  return Math.max(0, daysBetween(from, to));
}

/**
 * Which winner runs each load: the index into `shares` (in rank order) per load, or null for loads
 * nobody won. Each share's loads are spread evenly over the schedule (Sainte-Laguë order: the next
 * load goes to whoever is furthest behind their share) rather than handed out in blocks, so a 50/50
 * split alternates week by week instead of giving one carrier the first half of the year.
 */
export function spreadLoads(count: number, shares: readonly number[]): (number | null)[] {
  const wanted = shares.map((n) => Math.max(0, Math.floor(n)));
  const total = wanted.reduce((sum, n) => sum + n, 0);
  const slots = [...wanted, Math.max(0, count - total)];
  const given = slots.map(() => 0);
  const result: (number | null)[] = [];
  for (let i = 0; i < count; i++) {
    let best = -1;
    let bestPriority = Number.POSITIVE_INFINITY;
    slots.forEach((size, j) => {
      if (given[j]! >= size) return;
      const priority = (given[j]! + 0.5) / size;
      if (priority < bestPriority) {
        best = j;
        bestPriority = priority;
      }
    });
    if (best < 0) break;
    given[best]!++;
    result.push(best === wanted.length ? null : best);
  }
  return result;
}
