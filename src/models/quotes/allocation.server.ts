import { db } from "#db/client.server.ts";
import type { Prisma } from "#generated/prisma/client.ts";
import {
  type AllocationRules, type QuoteForAllocation, allocate, allocatedLoadsFor, validateAllocationRules,
} from "#domain/bidding/allocation.ts";
import { allocationFieldErrors } from "#domain/bidding/allocation-rules-input.ts";
import { ok, refused, refusedBase, type Result } from "#lib/result.server.ts";
import { blockedWithShipperOf } from "#models/company-blocks.server.ts";
import { jobScopes } from "#models/jobs/scopes.server.ts";
import { refreshJobPages } from "#models/notifications/after-commit.server.ts";
import type { BiddingJob } from "#models/quotes.server.ts";

// A job's allocation rules (what share of its loads the cheapest, second and third quotes win) and
// the active quotes they are applied to: the same allocate() runs for the bid form, the quotes page,
// "My quotes" and the award; and what a change to those quotes did to the other carriers.

export const rulesOf = (job: AllocationRules): AllocationRules => ({
  firstBidPercentage: job.firstBidPercentage,
  secondBidPercentage: job.secondBidPercentage,
  thirdBidPercentage: job.thirdBidPercentage,
});

export type QuoteRow = {
  id: number; carrierAccountId: number; valueCents: number; numberOfLoads: number; updatedAt: Date;
};

export const forAllocation = (quotes: readonly QuoteRow[]): QuoteForAllocation[] =>
  quotes.map((q) => ({
    id: q.id,
    accountId: q.carrierAccountId,
    valueCents: q.valueCents,
    numberOfLoads: q.numberOfLoads,
    updatedAt: q.updatedAt,
  }));

type Client = Prisma.TransactionClient | ReturnType<typeof db>;

/**
 * The job's active quotes, the ones the allocation and the award reckon with: a quote from a carrier
 * a block stands between with the job's shipper is left out (the shipper no longer sees it) until
 * the block is lifted.
 */
export async function activeQuotes(jobId: number, client: Client = db()) {
  const blocked = await blockedWithShipperOf(jobId, client);
  return client.quote.findMany({
    where: { jobId, status: "active", carrierAccountId: { notIn: blocked } },
    select: { id: true, carrierAccountId: true, valueCents: true, numberOfLoads: true, updatedAt: true },
    orderBy: { id: "asc" },
  });
}

type Reranked = { outbid: number[]; moved: number[] };

type RankedJob = AllocationRules & { expectedQuantity: number };

/**
 * What a change to the job's active quotes did to the other carriers: who was winning loads and
 * wins none now (outbid, told by a notification), and whose loads by the rules changed at all
 * (moved, their quotes pages refreshed: outbid, winning fewer or more, or back in the allocation).
 */
export function reranked(job: RankedJob, before: QuoteRow[], after: QuoteRow[], actor: number): Reranked {
  const was = allocate(forAllocation(before), job.expectedQuantity, rulesOf(job));
  const now = allocate(forAllocation(after), job.expectedQuantity, rulesOf(job));
  const bidders = new Set([...before, ...after].map((q) => q.carrierAccountId));
  const others = [...bidders].filter((account) => account !== actor);
  return {
    outbid: others.filter((account) => allocatedLoadsFor(account, was) > 0 && allocatedLoadsFor(account, now) === 0),
    moved: others.filter((account) => allocatedLoadsFor(account, was) !== allocatedLoadsFor(account, now)),
  };
}

/**
 * New allocation rules for the job, checked by the allocation rule; refused once the job is awarded.
 * The job's open pages are refreshed: each carrier's "you would win" follows the rules.
 */
export async function updateAllocationRules(job: BiddingJob, rules: AllocationRules): Promise<Result> {
  const invalid = allocationFieldErrors(validateAllocationRules(rules));
  if (Object.keys(invalid).length) return refused(invalid);
  const { count } = await db().job.updateMany({ where: { id: job.id, ...jobScopes.beforeAward }, data: rules });
  if (!count) return refusedBase("The rules cannot change once the job has been awarded");
  await refreshJobPages(job.id);
  return ok();
}
