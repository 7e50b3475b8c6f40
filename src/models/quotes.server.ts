import { db } from "#db/client.server.ts";
import { lockRow } from "#db/row-lock.server.ts";
import type { Prisma } from "#generated/prisma/client.ts";
import { type AllocationRules, type QuoteForAllocation, allocate, allocatedLoadsFor, validateAllocationRules } from "#domain/bidding/allocation.ts";
import { allocationFieldErrors } from "#domain/bidding/allocation-rules-input.ts";
import type { QuoteInput } from "#domain/bidding/quote-input-schema.ts";
import { quoteRefusal } from "#domain/bidding/quote-window.ts";
import { found, recordId } from "#lib/errors.server.ts";
import { logger } from "#lib/logger.server.ts";
import { ok, refused, refusedBase, type Result } from "#lib/result.server.ts";
import { jobStream, quotesStream } from "#domain/messaging/streams.ts";
import { refreshStream } from "#lib/turbo.server.ts";
import { broadcastTo } from "#lib/broadcast.server.ts";
import { jobScopes } from "#models/jobs/scopes.server.ts";
import type { CurrentUser } from "#models/users.server.ts";
import { isOfficeOf } from "#domain/accounts/team.ts";
import { type NotifyEvent, notify } from "#models/notifications/notify.server.ts";

export const biddingJobSelect = {
  id: true,
  shipperAccountId: true,
  reference: true,
  status: true,
  jobType: true,
  expectedQuantity: true,
  isAuction: true,
  auctionOpensAt: true,
  auctionClosesAt: true,
  secureNowPriceCents: true,
  firstBidPercentage: true,
  secondBidPercentage: true,
  thirdBidPercentage: true,
  awardedAt: true,
} as const satisfies Prisma.JobSelect;

export type BiddingJob = Prisma.JobGetPayload<{ select: typeof biddingJobSelect }>;


/** Sends events after their write has committed; one failing listener never undoes or blocks the write. */
export async function notifyAll(events: readonly NotifyEvent[]): Promise<void> {
  const results = await Promise.allSettled(events.map((event) => notify(event)));
  for (const result of results) if (result.status === "rejected") logger().error({ err: result.reason }, "notify failed");
}

export const isBidder = (user: CurrentUser) => isOfficeOf("carrier", user);
export const isShipperOf = (job: { shipperAccountId: number }, user: CurrentUser) => isOfficeOf("shipper", user) && job.shipperAccountId === user.accountId;

/**
 * The job as the bidding pages see it: its shipper, or a carrier's office. Reading (the quotes page)
 * follows the job page's rule: out for quotes, or a job the carrier quoted on or runs loads for.
 * Acting (quote, withdraw, secure now) finds any published job, so a carrier who is too late is told
 * why ("already awarded") rather than shown a missing page.
 */
export async function requireJobForBidding(user: CurrentUser, id: unknown, purpose: "read" | "act" = "act"): Promise<BiddingJob> {
  if (user.account.kind === "shipper") return requireShipperJob(user, id);
  found(isBidder(user));
  const scope = purpose === "read" ? jobScopes.visibleToCarrier(user) : jobScopes.published;
  return found(await db().job.findFirst({ where: { id: recordId(id), ...scope }, select: biddingJobSelect }));
}

/** Whether the carrier may still read the job (after a lost race it may no longer). */
export async function canReadJob(user: CurrentUser, job: { id: number }): Promise<boolean> {
  if (user.account.kind !== "carrier") return true;
  return (await db().job.count({ where: { id: job.id, ...jobScopes.visibleToCarrier(user) } })) > 0;
}

/**
 * Whether this person may see the job's page, and so follow its live stream (jobStream): its
 * shipper's office, or a carrier who may read it (canReadJob).
 */
export async function canSeeJob(user: CurrentUser, jobId: number): Promise<boolean> {
  if (user.account.kind === "carrier") return canReadJob(user, { id: jobId });
  const job = await db().job.findUnique({ where: { id: jobId }, select: { shipperAccountId: true } });
  return job !== null && isShipperOf(job, user);
}

export async function requireShipperJob(user: CurrentUser, id: unknown): Promise<BiddingJob> {
  found(isOfficeOf("shipper", user));
  return found(await db().job.findFirst({ where: { id: recordId(id), shipperAccountId: user.accountId }, select: biddingJobSelect }));
}

/** This carrier's quote on the job (any status); another account's quote id answers 404. */
export async function requireQuoteForCarrier(user: CurrentUser, job: { id: number }, quoteId: unknown) {
  return found(await db().quote.findFirst({ where: { id: recordId(quoteId), jobId: job.id, carrierAccountId: user.accountId } }));
}

export const rulesOf = (job: AllocationRules): AllocationRules => ({
  firstBidPercentage: job.firstBidPercentage,
  secondBidPercentage: job.secondBidPercentage,
  thirdBidPercentage: job.thirdBidPercentage,
});

type QuoteRow = { id: number; carrierAccountId: number; valueCents: number; numberOfLoads: number; updatedAt: Date };

export const forAllocation = (quotes: readonly QuoteRow[]): QuoteForAllocation[] =>
  quotes.map((q) => ({ id: q.id, accountId: q.carrierAccountId, valueCents: q.valueCents, numberOfLoads: q.numberOfLoads, updatedAt: q.updatedAt }));

type Client = Prisma.TransactionClient | ReturnType<typeof db>;

export function activeQuotes(jobId: number, client: Client = db()) {
  return client.quote.findMany({
    where: { jobId, status: "active" },
    select: { id: true, carrierAccountId: true, valueCents: true, numberOfLoads: true, updatedAt: true },
    orderBy: { id: "asc" },
  });
}

type SavedQuote = { id: number; valueCents: number; numberOfLoads: number; status: string; updatedAt: Date };
export type QuoteResult = Result<{ quote: SavedQuote }>;

/**
 * Refreshes the open "My quotes" pages of these carrier accounts (each follows its quotesStream).
 * Sent after the write has committed, like notifications; without a cable it does nothing.
 */
export async function refreshQuotesPages(accountIds: Iterable<number>): Promise<void> {
  await Promise.all([...new Set(accountIds)].map((accountId) => broadcastTo(quotesStream(accountId), refreshStream())));
}

/**
 * Refreshes every open page of the job (the job page and its quotes pages, whoever's they are):
 * its quotes, auction or award changed. Sent after the write has committed.
 */
export async function refreshJobPages(jobId: number): Promise<void> {
  await broadcastTo(jobStream(jobId), refreshStream());
}

/**
 * Places or changes this carrier's one quote on the job (a change moves its updatedAt, and so its
 * place in a tie). Tells the shipper, and any carrier the new quote pushes out of the allocation;
 * refreshes the job's open pages, and the quotes pages of this carrier and of every carrier whose
 * loads by the rules changed.
 * Holds the job's row (as the award does), so a quote is either in the award's reckoning or refused.
 */
export async function placeQuote(job: BiddingJob, user: CurrentUser, input: QuoteInput): Promise<QuoteResult> {
  const result = await db().$transaction(async (tx) => {
    await lockRow(tx, "Job", job.id);
    const current = await tx.job.findUniqueOrThrow({ where: { id: job.id }, select: biddingJobSelect });
    const refusal = quoteRefusal(current, Date.now());
    if (refusal) return refusedBase(refusal);
    const before = await activeQuotes(job.id, tx);
    const fields = { valueCents: input.valueCents, numberOfLoads: input.numberOfLoads, status: "active", placedById: user.id, securedNow: false };
    const quote = await tx.quote.upsert({
      where: { jobId_carrierAccountId: { jobId: job.id, carrierAccountId: user.accountId } },
      create: { jobId: job.id, carrierAccountId: user.accountId, ...fields },
      update: fields,
    });
    const after = [...before.filter((q) => q.carrierAccountId !== user.accountId), quote];
    return ok({ quote, ...reranked(current, before, after, user.accountId) });
  });
  if (!result.ok) return result;
  await notifyAll([
    { kind: "quote_received", jobId: job.id, quoteId: result.quote.id },
    ...(result.outbid.length ? [{ kind: "outbid" as const, jobId: job.id, carrierAccountIds: result.outbid }] : []),
  ]);
  await Promise.all([refreshJobPages(job.id), refreshQuotesPages([user.accountId, ...result.moved])]);
  return ok({ quote: result.quote });
}

/**
 * What a change to the job's active quotes did to the other carriers: who was winning loads and
 * wins none now (outbid, told by a notification), and whose loads by the rules changed at all
 * (moved, their quotes pages refreshed: outbid, winning fewer or more, or back in the allocation).
 */
function reranked(job: BiddingJob, before: QuoteRow[], after: QuoteRow[], actor: number): { outbid: number[]; moved: number[] } {
  const was = allocate(forAllocation(before), job.expectedQuantity, rulesOf(job));
  const now = allocate(forAllocation(after), job.expectedQuantity, rulesOf(job));
  const others = [...new Set([...before, ...after].map((q) => q.carrierAccountId))].filter((account) => account !== actor);
  return {
    outbid: others.filter((account) => allocatedLoadsFor(account, was) > 0 && allocatedLoadsFor(account, now) === 0),
    moved: others.filter((account) => allocatedLoadsFor(account, was) !== allocatedLoadsFor(account, now)),
  };
}

/**
 * Withdraws the quote; refreshes the job's open pages, and the quotes pages of this carrier and of
 * the carriers it lets win more. Holds the job's row like placeQuote, so an awarded quote is never
 * withdrawn afterwards.
 */
export async function withdrawQuote(job: BiddingJob, quote: { id: number; status: string; carrierAccountId: number }): Promise<QuoteResult> {
  const result = await db().$transaction(async (tx) => {
    await lockRow(tx, "Job", job.id);
    const current = await tx.job.findUniqueOrThrow({ where: { id: job.id }, select: biddingJobSelect });
    const refusal = quoteRefusal(current, Date.now()) ?? (quote.status === "active" ? null : "This quote is no longer active");
    if (refusal) return refusedBase(refusal);
    const before = await activeQuotes(job.id, tx);
    const withdrawn = await tx.quote.update({ where: { id: quote.id }, data: { status: "withdrawn" } });
    const { moved } = reranked(current, before, before.filter((q) => q.id !== quote.id), quote.carrierAccountId);
    return ok({ quote: withdrawn, moved });
  });
  if (!result.ok) return result;
  await Promise.all([refreshJobPages(job.id), refreshQuotesPages([quote.carrierAccountId, ...result.moved])]);
  return ok({ quote: result.quote });
}

/** Quotes on the shipper's own job, cheapest first, with the carrier's name. */
export function quotesForShipper(jobId: number) {
  return db().quote.findMany({
    where: { jobId },
    select: { id: true, carrierAccountId: true, valueCents: true, numberOfLoads: true, status: true, securedNow: true, updatedAt: true, carrierAccount: { select: { name: true } } },
    orderBy: [{ valueCents: "asc" }, { updatedAt: "asc" }, { id: "asc" }],
  });
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
