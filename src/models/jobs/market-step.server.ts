import { db } from "#db/client.server.ts";
import { lockRow } from "#db/row-lock.server.ts";
import { type MarketStep, isMarketStepDue, marketStepFor } from "#domain/jobs/market-step.ts";
import { logger } from "#lib/logger.server.ts";
import { recordJourneyMatches } from "#models/availability/matching.server.ts";
import { recordMarketMatches, type ReachedSearch } from "#models/jobs/market-step-searches.server.ts";
import { notifyAll, refreshJobPages } from "#models/notifications/after-commit.server.ts";
import { activeQuotes, forAllocation } from "#models/quotes/allocation.server.ts";

// The market step of jobs offered to pools first (docs/market-step.md): once its time has come, a job
// goes on to every carrier, unless it no longer takes quotes or its pools' quotes already win every
// load. Every process sweeps (background/market-steps); each step is decided once under the job's row
// lock and made by a conditional update that only one writer finds still to do, so the step, the
// saved searches it reaches and their notices happen once, however many processes race and restarts.

const DUE_PAGE = 100;

export type MarketSweep = { reached: number[]; skipped: number[] };

/** Makes (or skips) every market step due by `now`; answers which jobs this call reached and skipped. */
export async function reachMarketDue(now: Date): Promise<MarketSweep> {
  const sweep: MarketSweep = { reached: [], skipped: [] };
  let afterId = 0;
  for (let due = await dueJobIds(now, afterId); due.length; due = await dueJobIds(now, afterId)) {
    for (const jobId of due) {
      const step = await stepOne(jobId, now).catch((err: unknown) => {
        // One job failing (and retried at the next sweep) never holds up the others.
        logger().error({ err, jobId }, "the market step of a job failed");
        return null;
      });
      if (step === "reach") sweep.reached.push(jobId);
      else if (step) sweep.skipped.push(jobId);
    }
    afterId = due.at(-1)!;
  }
  return sweep;
}

/** A page of jobs whose step is due, by id (read through the onMarket/marketAt index). */
async function dueJobIds(now: Date, afterId: number): Promise<number[]> {
  const jobs = await db().job.findMany({
    where: { onMarket: false, marketAt: { lte: now }, audience: "pools_then_market", marketSkippedAt: null, status: { not: "draft" }, id: { gt: afterId } },
    select: { id: true },
    orderBy: { id: "asc" },
    take: DUE_PAGE,
  });
  return jobs.map((job) => job.id);
}

const stepSelect = {
  status: true, audience: true, onMarket: true, marketAt: true, marketSkippedAt: true, expectedQuantity: true,
  firstBidPercentage: true, secondBidPercentage: true, thirdBidPercentage: true,
} as const;

const STILL_TO_DO = { onMarket: false, marketSkippedAt: null };

/**
 * Decides and makes one job's step; null when another process (or an earlier run) already has.
 * Holds the job's row as placing a quote and the award do, so the quotes it reckons with are the
 * job's quotes at that moment; the matches it records are written with the step, and told after
 * the commit.
 */
async function stepOne(jobId: number, now: Date): Promise<MarketStep | null> {
  const made = await db().$transaction(async (tx) => {
    await lockRow(tx, "Job", jobId);
    const job = await tx.job.findUnique({ where: { id: jobId }, select: stepSelect });
    if (!job || !isMarketStepDue(job, now.getTime())) return null;
    const step = marketStepFor(job, forAllocation(await activeQuotes(jobId, tx)));
    const data = step === "reach" ? { onMarket: true, marketReachedAt: now } : { marketSkippedAt: now };
    const { count } = await tx.job.updateMany({ where: { id: jobId, ...STILL_TO_DO }, data });
    if (count !== 1) return null;
    const searches: ReachedSearch[] = step === "reach" ? await recordMarketMatches(tx, jobId, now) : [];
    return { step, searches };
  });
  if (made?.step === "reach") await afterReached(jobId, made.searches);
  return made?.step ?? null;
}

/**
 * The newly reached carriers hear of the job (saved searches, and planned journeys passing its
 * collection that may see it now); its open pages refresh (the shipper's shows the step
 * made). The board needs nothing more: its kept counts are dropped by any write to Job, in every
 * process (db/table-versions).
 */
async function afterReached(jobId: number, searches: ReachedSearch[]): Promise<void> {
  if (searches.length) await notifyAll([{ kind: "market_reached", jobId, searches }]);
  await recordJourneyMatches({ jobId });
  await refreshJobPages(jobId);
}
