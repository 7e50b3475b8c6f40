import { isAwarded, isBeforeAward, isOutForQuotes } from "#domain/jobs/status.ts";
import { db } from "#db/client.server.ts";
import { allocate, allocatedLoadsFor } from "#domain/bidding/allocation.ts";
import { type AuctionPhase, auctionPhase } from "#domain/bidding/auction-state.ts";
import { parseLoads } from "#domain/bidding/bid-input.ts";
import { bidBreakdown } from "#domain/bidding/breakdown.ts";
import { loadsCountText } from "#domain/bidding/loads-count.ts";
import { type AnonymousQuote, type AuctionPanelProps, type BidAllocatorProps, MY_QUOTE_KEY } from "#domain/bidding/panel-props.ts";
import { awardRefusal, quoteRefusal } from "#domain/bidding/quote-window.ts";
import { formatDateTime } from "#domain/format/dates.ts";
import { formatMoney, wholePoundsFromPence } from "#domain/format/money.ts";
import { standingsOf } from "#models/compliance.server.ts";
import { awardWinners } from "#models/award/outcome.server.ts";
import { AFTER_AWARD, NO_WINNER, winnerLine } from "#domain/bidding/award-outcome.ts";
import type { CurrentUser } from "#models/users.server.ts";
import { type BiddingJob, quotesForShipper } from "#models/quotes.server.ts";
import { isBidder, isShipperOf } from "#models/quotes/access.server.ts";
import { forAllocation, rulesOf } from "#models/quotes/allocation.server.ts";

type MyQuote = { id: number; valueCents: number; numberOfLoads: number; status: string; securedNow: boolean; updatedAt: Date };

export type CarrierPanel = {
  kind: "carrier";
  jobId: number;
  reference: string;
  phase: AuctionPhase;
  /** Why quotes are not taken right now, or null while bidding is open. */
  refusal: string | null;
  /** The quote form is on the page: bidding is open, or an auction is about to open (shown at opening). */
  showsForm: boolean;
  /** The job has been awarded: the panel gives this carrier's outcome instead of a form. */
  awarded: boolean;
  expectedQuantity: number;
  breakdown: string;
  quote: MyQuote | null;
  loadsWon: number;
  allocator: BidAllocatorProps;
  auction: AuctionPanelProps | null;
  form: { action: string; method: "post" | "patch"; values: Record<string, string>; errors: Record<string, string> };
  /** The quote-loads-count text for the loads box as rendered, so a page refresh shows what the controller would. */
  loadsHint: string;
  returnTo: string;
};

export type ShipperPanel = {
  kind: "shipper";
  jobId: number;
  phase: AuctionPhase;
  quoteCount: number;
  cheapestCents: number | null;
  loadsCount: number;
  awardable: boolean;
  auction: AuctionPanelProps | null;
  /** After the award: a line per winner (who, how many loads, at what price; cheapest first) and what happens next. */
  outcome: { winners: string[]; next: string } | null;
  /** Why an auction closed with no award, and what the shipper can do (null otherwise). */
  noWinner: string | null;
};

export type BiddingPanel = CarrierPanel | ShipperPanel | { kind: "none" };

export type PanelOptions = { values?: Record<string, string>; errors?: Record<string, string>; returnTo?: string; now?: number };

/** Everything the job page's bidding panel (views/bidding/_job_panel.ejs) needs, in a few queries. */
export async function biddingPanelFor(job: BiddingJob, user: CurrentUser, options: PanelOptions = {}): Promise<BiddingPanel> {
  const now = options.now ?? Date.now();
  if (job.status === "draft") return { kind: "none" };
  if (isShipperOf(job, user)) return shipperPanel(job, now);
  if (isBidder(user)) return carrierPanel(job, user, options, now);
  return { kind: "none" };
}

async function shipperPanel(job: BiddingJob, now: number): Promise<ShipperPanel> {
  const awarded = !isBeforeAward(job.status);
  const [quotes, loadsCount, winners] = await Promise.all([
    db().quote.aggregate({ where: { jobId: job.id, status: { in: ["active", "accepted"] } }, _count: true, _min: { valueCents: true } }),
    awarded ? db().load.count({ where: { jobId: job.id } }) : 0,
    awarded ? awardWinners(job.id) : [],
  ]);
  return {
    kind: "shipper",
    jobId: job.id,
    phase: auctionPhase(job, now),
    quoteCount: quotes._count,
    cheapestCents: quotes._min.valueCents,
    loadsCount,
    awardable: awardRefusal(job, now) === null && quotes._count > 0,
    auction: auctionProps(job, false, quotes._min.valueCents),
    outcome: winners.length ? { winners: winners.map(winnerLine), next: AFTER_AWARD } : null,
    noWinner: job.isAuction && job.status === "closed" ? NO_WINNER : null,
  };
}

async function carrierPanel(job: BiddingJob, user: CurrentUser, options: PanelOptions, now: number): Promise<CarrierPanel> {
  const [quotes, loadsWon] = await Promise.all([
    db().quote.findMany({
      where: { jobId: job.id, OR: [{ status: "active" }, { carrierAccountId: user.accountId }] },
      select: { id: true, carrierAccountId: true, valueCents: true, numberOfLoads: true, status: true, securedNow: true, updatedAt: true },
    }),
    isBeforeAward(job.status) ? 0 : db().load.count({ where: { jobId: job.id, carrierAccountId: user.accountId } }),
  ]);
  const mine = quotes.find((q) => q.carrierAccountId === user.accountId) ?? null;
  const refusal = quoteRefusal(job, now);
  const values = options.values ?? (mine?.status === "active" ? { price: wholePoundsFromPence(mine.valueCents), number_of_loads: String(mine.numberOfLoads) } : {});
  const editing = mine?.status === "active" || mine?.status === "withdrawn";
  const active = quotes.filter((q) => q.status === "active");
  const showsForm = refusal === null || auctionPhase(job, now) === "scheduled";
  return {
    kind: "carrier",
    jobId: job.id,
    reference: job.reference,
    phase: auctionPhase(job, now),
    refusal,
    showsForm,
    awarded: isAwarded(job.status),
    expectedQuantity: job.expectedQuantity,
    breakdown: bidBreakdown(job.expectedQuantity, rulesOf(job)),
    quote: mine && { id: mine.id, valueCents: mine.valueCents, numberOfLoads: mine.numberOfLoads, status: mine.status, securedNow: mine.securedNow, updatedAt: mine.updatedAt },
    loadsWon,
    allocator: { quotes: anonymise(active, user.accountId), expectedQuantity: job.expectedQuantity, rules: rulesOf(job) },
    auction: auctionProps(job, showsForm, cheapest(active)),
    form: {
      action: editing && mine ? `/jobs/${job.id}/quotes/${mine.id}` : `/jobs/${job.id}/quotes`,
      method: editing ? "patch" : "post",
      values,
      errors: options.errors ?? {},
    },
    returnTo: options.returnTo ?? `/jobs/${job.id}`,
    loadsHint: loadsCountText(parseLoads(values.number_of_loads), job.expectedQuantity).text,
  };
}

/**
 * Other carriers' quotes as the viewing carrier may see them: price, loads and age only, keyed in
 * price order ("bid-1", "bid-2", …) so nothing ties a row to an account.
 */
export function anonymise(quotes: readonly { carrierAccountId: number; valueCents: number; numberOfLoads: number; updatedAt: Date }[], viewerAccountId: number): AnonymousQuote[] {
  const sorted = [...quotes].sort((a, b) => a.valueCents - b.valueCents || a.updatedAt.getTime() - b.updatedAt.getTime());
  let n = 0;
  return sorted.map((q) => ({
    key: q.carrierAccountId === viewerAccountId ? MY_QUOTE_KEY : `bid-${++n}`,
    valueCents: q.valueCents,
    numberOfLoads: q.numberOfLoads,
    updatedAt: q.updatedAt.getTime(),
  }));
}

/** The anonymised quotes with the loads each would win now: the carrier's JSON view of the competition. */
export function anonymousStandings(quotes: AnonymousQuote[], job: BiddingJob) {
  const allocations = allocate(
    quotes.map((q) => ({ accountId: q.key, valueCents: q.valueCents, numberOfLoads: q.numberOfLoads, updatedAt: q.updatedAt })),
    job.expectedQuantity,
    rulesOf(job),
  );
  return {
    expectedQuantity: job.expectedQuantity,
    myAllocatedLoads: allocatedLoadsFor(MY_QUOTE_KEY, allocations),
    quotes: allocations.map((a) => ({ rank: a.rank, mine: a.accountId === MY_QUOTE_KEY, valueCents: a.valueCents, numberOfLoads: a.numberOfLoads, allocatedLoads: a.allocatedLoads })),
  };
}

const cheapest = (quotes: readonly { valueCents: number }[]) => (quotes.length ? Math.min(...quotes.map((q) => q.valueCents)) : null);

/** The auction panel's props; `bestCents` is the cheapest active quote, shown to everyone without its carrier. */
export function auctionProps(job: BiddingJob, canBid: boolean, bestCents: number | null): AuctionPanelProps | null {
  if (!job.isAuction) return null;
  const price = job.secureNowPriceCents;
  return {
    jobId: job.id,
    status: job.status,
    opensAt: job.auctionOpensAt?.getTime() ?? null,
    closesAt: job.auctionClosesAt?.getTime() ?? null,
    opensAtText: formatDateTime(job.auctionOpensAt),
    closesAtText: formatDateTime(job.auctionClosesAt),
    breakdown: bidBreakdown(job.expectedQuantity, rulesOf(job)),
    canBid,
    bestPriceText: bestCents === null ? null : formatMoney(bestCents),
    secureNow: canBid && price ? { priceText: formatMoney(price), loads: job.expectedQuantity, action: `/jobs/${job.id}/secure_now` } : null,
  };
}

/** Quotes shown on one page of the quotes table; the allocation always weighs every active quote. */
export const QUOTES_PER_PAGE = 50;

type ShipperQuote = Awaited<ReturnType<typeof quotesForShipper>>[number];

/** Every quote ranked, with the loads the job's rules would give each now; the cheapest first. */
function rankedRows(job: BiddingJob, quotes: ShipperQuote[]) {
  const allocations = allocate(forAllocation(quotes.filter((q) => q.status === "active")), job.expectedQuantity, rulesOf(job));
  const byId = new Map(allocations.map((a) => [a.id, a]));
  const rankOf = (row: { rank: number | null }) => row.rank ?? Number.POSITIVE_INFINITY;
  return quotes
    .map((q) => ({
      id: q.id, carrierAccountId: q.carrierAccountId, carrierName: q.carrierAccount.name, valueCents: q.valueCents, numberOfLoads: q.numberOfLoads, status: q.status, securedNow: q.securedNow,
      updatedAt: q.updatedAt, rank: byId.get(q.id)?.rank ?? null, allocatedLoads: byId.get(q.id)?.allocatedLoads ?? 0,
    }))
    .sort((a, b) => rankOf(a) - rankOf(b) || statusOrder(a.status) - statusOrder(b.status));
}

function pageOf<T>(rows: T[], pageNumber: number) {
  const pages = Math.max(1, Math.ceil(rows.length / QUOTES_PER_PAGE));
  const page = Math.min(pageNumber, pages);
  return { shown: rows.slice((page - 1) * QUOTES_PER_PAGE, page * QUOTES_PER_PAGE), pagination: { page, pages, perPage: QUOTES_PER_PAGE, total: rows.length } };
}

/** The shipper's quotes page: the quotes ranked, a page of them shown, and what can be done now. */
export async function quotesPageFor(job: BiddingJob, { pageNumber = 1, now = Date.now() } = {}) {
  const quotes = await quotesForShipper(job.id);
  const rows = rankedRows(job, quotes);
  const { shown, pagination } = pageOf(rows, pageNumber);
  const settled = job.awardedAt !== null;
  if (settled) await fillAwardedLoads(job.id, shown, quotes);
  // Each carrier's compliance documents, as one badge beside its name.
  const standings = await standingsOf(shown.map((row) => row.carrierAccountId), new Date(now));
  const totalAllocated = rows.reduce((sum, r) => sum + (r.status === "active" ? r.allocatedLoads : 0), 0);
  const refusal = awardRefusal(job, now);
  const rules = { first_bid_percentage: job.firstBidPercentage, second_bid_percentage: job.secondBidPercentage, third_bid_percentage: job.thirdBidPercentage };
  return {
    job, rows: shown.map((row) => ({ ...row, documents: standings.get(row.carrierAccountId)! })), pagination, totalAllocated, rules,
    awardable: refusal === null && totalAllocated > 0,
    awardNote: settled ? null : refusal?.status === 422 ? refusal.message : null,
    breakdown: bidBreakdown(job.expectedQuantity, rulesOf(job)),
    rulesEditable: !settled && isOutForQuotes(job.status),
    auction: auctionProps(job, false, cheapest(quotes.filter((q) => q.status === "active"))),
  };
}

const STATUS_ORDER = ["accepted", "active", "declined", "withdrawn"];
const statusOrder = (status: string) => STATUS_ORDER.indexOf(status);

// After an award the "loads" column shows what each carrier actually runs.
async function fillAwardedLoads(jobId: number, rows: { id: number; allocatedLoads: number }[], quotes: { id: number; carrierAccountId: number }[]) {
  const counts = await db().load.groupBy({ by: ["carrierAccountId"], where: { jobId }, _count: { _all: true } });
  const perAccount = new Map(counts.map((c) => [c.carrierAccountId, c._count._all]));
  for (const row of rows) row.allocatedLoads = perAccount.get(quotes.find((q) => q.id === row.id)?.carrierAccountId ?? -1) ?? 0;
}

export type QuotesPage = Awaited<ReturnType<typeof quotesPageFor>>;
