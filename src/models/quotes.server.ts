import { db } from "#db/client.server.ts";
import type { Prisma } from "#generated/prisma/client.ts";
import { type AllocationRules, type QuoteForAllocation, allocate, allocatedLoadsFor } from "#domain/bidding/allocation.ts";
import type { QuoteInput } from "#domain/bidding/quote-input-schema.ts";
import { quoteRefusal } from "#domain/bidding/quote-window.ts";
import { notFound } from "#lib/errors.server.ts";
import type { CurrentUser } from "#models/users.server.ts";
import { type NotifyEvent, notify } from "#models/notify.server.ts";

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
  for (const result of results) if (result.status === "rejected") console.error("notify failed", result.reason);
}

export function jobIdFrom(param: unknown): number {
  const id = Number(param);
  if (!Number.isSafeInteger(id) || id <= 0) throw notFound();
  return id;
}

export const isBidder = (user: CurrentUser) => user.account.kind === "carrier" && user.role !== "driver";
export const isShipperOf = (job: { shipperAccountId: number }, user: CurrentUser) => user.account.kind === "shipper" && job.shipperAccountId === user.accountId;

/**
 * The job as the bidding pages see it: its shipper, or any carrier (not a driver) once published,
 * so a carrier arriving after the award reads why they cannot bid rather than a missing page.
 */
export async function requireJobForBidding(jobId: number, user: CurrentUser): Promise<BiddingJob> {
  if (user.account.kind === "shipper") return requireShipperJob(jobId, user);
  if (!isBidder(user)) throw notFound();
  const job = await db().job.findFirst({
    where: { id: jobId, status: { not: "draft" } },
    select: biddingJobSelect,
  });
  if (!job) throw notFound();
  return job;
}

export async function requireShipperJob(jobId: number, user: CurrentUser): Promise<BiddingJob> {
  const job = await db().job.findFirst({ where: { id: jobId, shipperAccountId: user.accountId }, select: biddingJobSelect });
  if (!job || user.account.kind !== "shipper") throw notFound();
  return job;
}

/** This carrier's quote on the job (any status); another account's quote id answers 404. */
export async function requireQuoteForCarrier(jobId: number, quoteId: unknown, user: CurrentUser) {
  const id = Number(quoteId);
  const quote = Number.isSafeInteger(id) ? await db().quote.findFirst({ where: { id, jobId, carrierAccountId: user.accountId } }) : null;
  if (!quote) throw notFound();
  return quote;
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

export type QuoteResult = { quote: { id: number; valueCents: number; numberOfLoads: number; status: string; updatedAt: Date } } | { errors: Record<string, string> };

/**
 * Places or changes this carrier's one quote on the job (a change moves its updatedAt, and so its
 * place in a tie). Tells the shipper, and any carrier the new quote pushes out of the allocation.
 */
export async function placeQuote(job: BiddingJob, user: CurrentUser, input: QuoteInput): Promise<QuoteResult> {
  const result = await db().$transaction(async (tx) => {
    const current = await tx.job.findUniqueOrThrow({ where: { id: job.id }, select: biddingJobSelect });
    const refusal = quoteRefusal(current, Date.now());
    if (refusal) return { errors: { base: refusal } };
    const before = await activeQuotes(job.id, tx);
    const fields = { valueCents: input.valueCents, numberOfLoads: input.numberOfLoads, status: "active", placedById: user.id, securedNow: false };
    const quote = await tx.quote.upsert({
      where: { jobId_carrierAccountId: { jobId: job.id, carrierAccountId: user.accountId } },
      create: { jobId: job.id, carrierAccountId: user.accountId, ...fields },
      update: fields,
    });
    const after = [...before.filter((q) => q.carrierAccountId !== user.accountId), quote];
    return { quote, outbid: pushedOut(current, before, after, user.accountId) };
  });
  if ("errors" in result) return result;
  await notifyAll([
    { kind: "quote_received", jobId: job.id, quoteId: result.quote.id },
    ...(result.outbid.length ? [{ kind: "outbid" as const, jobId: job.id, carrierAccountIds: result.outbid }] : []),
  ]);
  return { quote: result.quote };
}

/** Carriers who were winning loads before and win none now. */
function pushedOut(job: BiddingJob, before: QuoteRow[], after: QuoteRow[], placer: number): number[] {
  const was = allocate(forAllocation(before), job.expectedQuantity, rulesOf(job));
  const now = allocate(forAllocation(after), job.expectedQuantity, rulesOf(job));
  return before
    .map((q) => q.carrierAccountId)
    .filter((account) => account !== placer && allocatedLoadsFor(account, was) > 0 && allocatedLoadsFor(account, now) === 0);
}

export async function withdrawQuote(job: BiddingJob, quote: { id: number; status: string }): Promise<QuoteResult> {
  return db().$transaction(async (tx) => {
    const current = await tx.job.findUniqueOrThrow({ where: { id: job.id }, select: biddingJobSelect });
    const refusal = quoteRefusal(current, Date.now()) ?? (quote.status === "active" ? null : "This quote is no longer active");
    if (refusal) return { errors: { base: refusal } };
    return { quote: await tx.quote.update({ where: { id: quote.id }, data: { status: "withdrawn" } }) };
  });
}

/** Quotes on the shipper's own job, cheapest first, with the carrier's name. */
export function quotesForShipper(jobId: number) {
  return db().quote.findMany({
    where: { jobId },
    select: { id: true, carrierAccountId: true, valueCents: true, numberOfLoads: true, status: true, securedNow: true, updatedAt: true, carrierAccount: { select: { name: true } } },
    orderBy: [{ valueCents: "asc" }, { updatedAt: "asc" }, { id: "asc" }],
  });
}

export async function updateAllocationRules(job: BiddingJob, rules: AllocationRules): Promise<{ errors: Record<string, string> } | { ok: true }> {
  const { count } = await db().job.updateMany({ where: { id: job.id, status: { in: ["draft", "open", "scheduled", "live", "closed"] } }, data: rules });
  return count ? { ok: true } : { errors: { base: "The rules cannot change once the job has been awarded" } };
}
