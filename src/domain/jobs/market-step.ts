// The market step of a job offered to pools first: when its time comes, the job goes on to every
// carrier, unless there is nothing left to offer. Pure, so the sweep and its tests read one rule.

import { type AllocationRules, type QuoteForAllocation, allocate } from "#domain/bidding/allocation.ts";
import { BOARD_STATUSES } from "#domain/jobs/status.ts";
import { toEpochMs, type Instant } from "#domain/time/instant.ts";

/** What the step does with a job whose time has come. */
export type MarketStep = "reach" | "skip_not_taking_quotes" | "skip_fully_allocated";

export type SteppingJob = AllocationRules & { status: string; expectedQuantity: number };

/** Whether the step is due now: pools first, still off the market, neither made nor skipped, its time come. */
export function isMarketStepDue(
  job: { audience: string; onMarket: boolean; marketAt: Instant | null; marketSkippedAt: Instant | null },
  nowMs: number,
): boolean {
  if (job.audience !== "pools_then_market" || job.onMarket || job.marketSkippedAt !== null) return false;
  const dueMs = toEpochMs(job.marketAt);
  return Number.isFinite(dueMs) && dueMs <= nowMs;
}

/** Loads the job's active quotes win by its allocation rules, added up. */
export function allocatedLoads(job: SteppingJob, activeQuotes: readonly QuoteForAllocation[]): number {
  return allocate(activeQuotes, job.expectedQuantity, job).reduce((sum, a) => sum + a.allocatedLoads, 0);
}

/**
 * The step's outcome. A job that no longer takes quotes (awarded, cancelled, an auction that has
 * closed) would only be shown to the market to be refused, and a job whose every load the pools'
 * quotes already win by its rules has nothing to offer: both are skipped, and the step never comes
 * back. Otherwise the job reaches the market.
 */
export function marketStepFor(job: SteppingJob, activeQuotes: readonly QuoteForAllocation[]): MarketStep {
  if (!(BOARD_STATUSES as readonly string[]).includes(job.status)) return "skip_not_taking_quotes";
  const expected = Math.max(1, Math.floor(job.expectedQuantity));
  return allocatedLoads(job, activeQuotes) >= expected ? "skip_fully_allocated" : "reach";
}
