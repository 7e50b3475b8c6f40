import { db } from "#db/client.server.ts";
import { lockRow } from "#db/row-lock.server.ts";
import type { Prisma } from "#generated/prisma/client.ts";
import type { QuoteInput } from "#domain/bidding/quote-input-schema.ts";
import { quoteRefusal } from "#domain/bidding/quote-window.ts";
import { deadlineRefusal } from "#domain/bidding/quote-deadline.ts";
import { ok, refusedBase, type Result } from "#lib/result.server.ts";
import { notifyAll, refreshJobPages, refreshQuotesPages } from "#models/notifications/after-commit.server.ts";
import { blockedWith } from "#models/company-blocks.server.ts";
import { workRefusalFor } from "#models/compliance/work-refusal.server.ts";
import { activeQuotes, reranked } from "#models/quotes/allocation.server.ts";
import type { CurrentUser } from "#models/users.server.ts";
import { webhookEvent } from "#models/webhooks.server.ts";

// A carrier's quote on a job: one per carrier account and job, placed, changed and withdrawn while
// the job takes quotes. Who may act on a job's quotes is in quotes/access.server.ts; the allocation
// rules that share out its loads in quotes/allocation.server.ts.

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
  minimumCargoCoverPence: true, quoteDeadline: true, closeAtDeadline: true,
} as const satisfies Prisma.JobSelect;

export type BiddingJob = Prisma.JobGetPayload<{ select: typeof biddingJobSelect }>;

type SavedQuote = { id: number; valueCents: number; numberOfLoads: number; status: string; updatedAt: Date };
export type QuoteResult = Result<{ quote: SavedQuote }>;

/**
 * Places or changes this carrier's one quote on the job (a change moves its updatedAt, and so its
 * place in a tie). Tells the shipper, and any carrier the new quote pushes out of the allocation;
 * refreshes the job's open pages, and the quotes pages of this carrier and of every carrier whose
 * loads by the rules changed.
 * Holds the job's row (as the award does), so a quote is either in the award's reckoning or refused.
 * Refused (422) after a closing quote deadline, or while the carrier's documents or cover fall short.
 */
export async function placeQuote(job: BiddingJob, user: CurrentUser, input: QuoteInput): Promise<QuoteResult> {
  const result = await db().$transaction(async (tx) => {
    await lockRow(tx, "Job", job.id);
    const current = await tx.job.findUniqueOrThrow({ where: { id: job.id }, select: biddingJobSelect });
    const now = Date.now();
    const refusal = quoteRefusal(current, now) ?? deadlineRefusal(current, now) ?? (await workRefusalFor(user.accountId, current, "quote", tx));
    if (refusal) return refusedBase(refusal);
    const before = await activeQuotes(job.id, tx);
    const fields = {
      valueCents: input.valueCents,
      numberOfLoads: input.numberOfLoads,
      status: "active",
      placedById: user.id,
      securedNow: false,
    };
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
  await webhookEvent("quote.created", result.quote.id);
  return ok({ quote: result.quote });
}

const NO_LONGER_ACTIVE = "This quote is no longer active";

type QuoteToWithdraw = { id: number; status: string; carrierAccountId: number };

/**
 * Withdraws the quote; refreshes the job's open pages, and the quotes pages of this carrier and of
 * the carriers it lets win more. Holds the job's row like placeQuote, so an awarded quote is never
 * withdrawn afterwards.
 */
export async function withdrawQuote(job: BiddingJob, quote: QuoteToWithdraw): Promise<QuoteResult> {
  const result = await db().$transaction(async (tx) => {
    await lockRow(tx, "Job", job.id);
    const current = await tx.job.findUniqueOrThrow({ where: { id: job.id }, select: biddingJobSelect });
    const refusal = quoteRefusal(current, Date.now()) ?? (quote.status === "active" ? null : NO_LONGER_ACTIVE);
    if (refusal) return refusedBase(refusal);
    const before = await activeQuotes(job.id, tx);
    const withdrawn = await tx.quote.update({ where: { id: quote.id }, data: { status: "withdrawn" } });
    const { moved } = reranked(current, before, before.filter((q) => q.id !== quote.id), quote.carrierAccountId);
    return ok({ quote: withdrawn, moved });
  });
  if (!result.ok) return result;
  await Promise.all([refreshJobPages(job.id), refreshQuotesPages([quote.carrierAccountId, ...result.moved])]);
  await webhookEvent("quote.withdrawn", quote.id);
  return ok({ quote: result.quote });
}

/**
 * Quotes on the shipper's own job, cheapest first, with the carrier's name; not those of carriers a
 * block stands between with the shipper (the shipper's blocks are kept, so this is one statement).
 */
export async function quotesForShipper(job: { id: number; shipperAccountId: number }) {
  const blocked = await blockedWith(job.shipperAccountId);
  return db().quote.findMany({
    where: { jobId: job.id, carrierAccountId: { notIn: [...blocked] } },
    select: {
      id: true, carrierAccountId: true, valueCents: true, numberOfLoads: true, status: true, securedNow: true,
      updatedAt: true, carrierAccount: { select: { name: true } },
    },
    orderBy: [{ valueCents: "asc" }, { updatedAt: "asc" }, { id: "asc" }],
  });
}
