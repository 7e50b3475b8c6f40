import { db } from "#db/client.server.ts";
import { lockRow } from "#db/row-lock.server.ts";
import { allocate } from "#domain/bidding/allocation.ts";
import { awardRefusal } from "#domain/bidding/quote-window.ts";
import { isAwarded } from "#domain/jobs/status.ts";
import { refusedBase } from "#lib/result.server.ts";
import { workRefusalOnJob } from "#models/compliance/work-refusal.server.ts";
import { jobScopes } from "#models/jobs/scopes.server.ts";
import { activeQuotes, forAllocation, rulesOf } from "#models/quotes/allocation.server.ts";
import { type AwardJob, type Tx, type Winner, awardJobSelect } from "#models/award/loads.server.ts";
import { type AwardOutcome, afterSettling, settle } from "#models/award/settling.server.ts";

// The award of a job: by its allocation rules (the shipper, or the auction clock at closing), or to
// the one carrier who secured it now. The loads it makes are in award/loads.server.ts; how each
// award settles the quotes and tells everyone in award/settling.server.ts.

// Interactive transactions wait for one another on SQLite's single writer; an award of hundreds of
// loads or twenty simultaneous "secure now" clicks must queue rather than time out.
const TRANSACTION_OPTIONS = { maxWait: 15_000, timeout: 30_000 } as const;

const NO_QUOTES = "There are no quotes that can be awarded";

/**
 * Awards the job by its allocation rules: the same allocate() the carriers' bid form shows, run on
 * the active quotes. Winners' quotes are accepted and the rest declined; the loads are created and
 * spread over the winners. The job's row is locked first, so no quote is placed, changed or
 * withdrawn between reading the quotes and settling them, and a second award (the auction clock of
 * every process, or the shipper) waits, then finds the job awarded and is refused.
 */
export async function awardJob(jobId: number, now = Date.now()): Promise<AwardOutcome> {
  const result = await db().$transaction(async (tx) => {
    await lockRow(tx, "Job", jobId);
    const job = await tx.job.findUniqueOrThrow({ where: { id: jobId }, select: awardJobSelect });
    const refusal = awardRefusal(job, now);
    if (refusal) return { outcome: refusedBase(refusal.message, refusal.status), events: [] };
    const quotes = await activeQuotes(jobId, tx);
    const winners = allocate(forAllocation(quotes), job.expectedQuantity, rulesOf(job))
      .filter((a) => a.allocatedLoads > 0)
      .map((a) => ({
        accountId: Number(a.accountId), quoteId: Number(a.id), valueCents: a.valueCents, loads: a.allocatedLoads,
      }));
    if (!winners.length) return { outcome: refusedBase(NO_QUOTES), events: [] };
    const claimed = await tx.job.updateMany({
      where: { id: jobId, status: job.status },
      data: { status: "awarded", awardedAt: new Date(now) },
    });
    if (claimed.count === 0) return { outcome: refusedBase("This job has already been awarded", 409), events: [] };
    return settle(tx, job, winners, quotes.map((q) => q.carrierAccountId));
  }, TRANSACTION_OPTIONS);
  await afterSettling(jobId, result);
  return result.outcome;
}

export const SECURE_NOW_TAKEN = "Sorry — another carrier secured this job first. Bidding has closed.";

type Carrier = { accountId: number; userId: number };

/**
 * "Secure now": the carrier takes every load at the shipper's secure-now price while the auction
 * is live. The winner is whoever's conditional UPDATE of the job (still scheduled or live, inside
 * its window by the clock) changes a row; every other request changes none and is refused.
 */
export async function secureNow(jobId: number, carrier: Carrier, now = Date.now()): Promise<AwardOutcome> {
  const lapsed = await workRefusalOnJob(carrier.accountId, jobId, "secure this job"); // documents that count (422)
  if (lapsed) return refusedBase(lapsed);
  const at = new Date(now);
  const result = await db().$transaction(async (tx) => {
    const claimed = await tx.job.updateMany({
      where: {
        id: jobId,
        isAuction: true,
        ...jobScopes.auctionRunningOrDue,
        secureNowPriceCents: { gt: 0 },
        auctionOpensAt: { lte: at },
        OR: [{ auctionClosesAt: null }, { auctionClosesAt: { gt: at } }],
      },
      data: { status: "awarded", awardedAt: at },
    });
    const job = await tx.job.findUniqueOrThrow({ where: { id: jobId }, select: awardJobSelect });
    if (claimed.count === 0) {
      return { outcome: refusedBase(await secureNowRefusal(tx, job, carrier, now), 409), events: [] };
    }
    const winner = await securedQuote(tx, job, carrier);
    const others = await tx.quote.findMany({ where: { jobId, status: "active" }, select: { carrierAccountId: true } });
    return settle(tx, job, [winner], others.map((q) => q.carrierAccountId));
  }, TRANSACTION_OPTIONS);
  await afterSettling(jobId, result);
  return result.outcome;
}

/** The carrier's quote for every load at the secure-now price: placed, or its quote changed to it. */
async function securedQuote(tx: Tx, job: AwardJob, carrier: Carrier): Promise<Winner> {
  const price = job.secureNowPriceCents ?? 0;
  const fields = {
    placedById: carrier.userId,
    valueCents: price,
    numberOfLoads: job.expectedQuantity,
    status: "active",
    securedNow: true,
  };
  const quote = await tx.quote.upsert({
    where: { jobId_carrierAccountId: { jobId: job.id, carrierAccountId: carrier.accountId } },
    create: { jobId: job.id, carrierAccountId: carrier.accountId, ...fields },
    update: fields,
  });
  return { accountId: carrier.accountId, quoteId: quote.id, valueCents: price, loads: job.expectedQuantity };
}

/** Why this carrier's "secure now" changed nothing: it already has, another carrier has, or the auction is not live. */
async function secureNowRefusal(tx: Tx, job: AwardJob, carrier: Carrier, now: number): Promise<string> {
  const mine = await tx.quote.findFirst({
    where: { jobId: job.id, carrierAccountId: carrier.accountId, securedNow: true, status: "accepted" },
    select: { id: true },
  });
  if (mine) return "You have already secured this job";
  if (isAwarded(job.status)) return SECURE_NOW_TAKEN;
  if (!job.isAuction || !job.secureNowPriceCents) return "This job cannot be secured now";
  if (job.auctionOpensAt && now < job.auctionOpensAt.getTime()) return "The auction has not opened yet";
  return "The auction has closed";
}
