import { db } from "#db/client.server.ts";
import { allocate } from "#domain/bidding/allocation.ts";
import { ALLOCATION_RULE_FIELDS } from "#domain/bidding/allocation-rules-input.ts";
import { bidBreakdown } from "#domain/bidding/breakdown.ts";
import { awardRefusal } from "#domain/bidding/quote-window.ts";
import { count } from "#domain/format/count.ts";
import { isOutForQuotes } from "#domain/jobs/status.ts";
import { type CompanyScore, companyScores } from "#models/company-scores.server.ts";
import { standingsOf } from "#models/compliance.server.ts";
import { type BiddingJob, quotesForShipper } from "#models/quotes.server.ts";
import { forAllocation, rulesOf } from "#models/quotes/allocation.server.ts";
import { auctionProps, cheapest } from "#pages/bidding-panel/auction.server.ts";
import { scoreView } from "#pages/company-score-view.server.ts";
import { pageLinks, withQuery } from "#pages/pagination.server.ts";

// The shipper's quotes page of a job (views/bidding/index.ejs): every quote ranked by the job's
// allocation rules (or, one click away, by the carriers' scores), a page of them shown with each
// carrier's score and documents, the rules form and the award.

/** Quotes shown on one page of the quotes table; the allocation always weighs every active quote. */
export const QUOTES_PER_PAGE = 50;

type ShipperQuote = Awaited<ReturnType<typeof quotesForShipper>>[number];

/** Every quote ranked, with the loads the job's rules would give each now; the cheapest first. */
function rankedRows(job: BiddingJob, quotes: ShipperQuote[]) {
  const active = quotes.filter((q) => q.status === "active");
  const allocations = allocate(forAllocation(active), job.expectedQuantity, rulesOf(job));
  const byId = new Map(allocations.map((a) => [a.id, a]));
  const rankOf = (row: { rank: number | null }) => row.rank ?? Number.POSITIVE_INFINITY;
  return quotes
    .map((q) => ({
      id: q.id, carrierAccountId: q.carrierAccountId, carrierName: q.carrierAccount.name, valueCents: q.valueCents,
      numberOfLoads: q.numberOfLoads, status: q.status, securedNow: q.securedNow, updatedAt: q.updatedAt,
      rank: byId.get(q.id)?.rank ?? null, allocatedLoads: byId.get(q.id)?.allocatedLoads ?? 0,
    }))
    .sort((a, b) => rankOf(a) - rankOf(b) || statusOrder(a.status) - statusOrder(b.status));
}

/** How the quotes are listed: by the allocation's rank (cheapest first) or by the carrier's score. */
export type QuoteSort = "rank" | "score";
export const parseQuoteSort = (value: unknown): QuoteSort => (value === "score" ? "score" : "rank");

/** Best score first (more companies' voices breaking a tie), unrated carriers last; the rank decides between equals (the sort is stable). */
function byScore<R extends { carrierAccountId: number }>(rows: R[], scores: Map<number, CompanyScore>): R[] {
  const stars = (row: R) => scores.get(row.carrierAccountId)?.centistars ?? -1;
  const voices = (row: R) => scores.get(row.carrierAccountId)?.counterparts ?? 0;
  return [...rows].sort((a, b) => stars(b) - stars(a) || voices(b) - voices(a));
}

/** The two orders as links, the one shown marked current. */
function sortLinks(job: BiddingJob, sort: QuoteSort) {
  return [
    { label: "Sort by price and rules", href: `/jobs/${job.id}/quotes`, current: sort === "rank" },
    { label: "Sort by score", href: withQuery(`/jobs/${job.id}/quotes`, { sort: "score" }), current: sort === "score" },
  ];
}

/** A page of the ranked rows, which of them it shows ("Quotes 51–60 of 60") and the links either side. */
function pageOf<T>(job: BiddingJob, rows: T[], pageNumber: number, sort: QuoteSort = "rank") {
  const pages = Math.max(1, Math.ceil(rows.length / QUOTES_PER_PAGE));
  const page = Math.min(pageNumber, pages);
  const first = (page - 1) * QUOTES_PER_PAGE;
  const shown = rows.slice(first, first + QUOTES_PER_PAGE);
  return {
    shown,
    pagination: {
      shownText: pages > 1 ? `Quotes ${first + 1}–${first + shown.length} of ${rows.length}` : null,
      links: pageLinks(page, { pages }, (n) => withQuery(`/jobs/${job.id}/quotes`, { page: n, sort: sort === "score" ? sort : null })),
    },
  };
}

/** The shipper's quotes page: the quotes ranked, a page of them shown, and what can be done now. */
export async function quotesPageFor(job: BiddingJob, { pageNumber = 1, now = Date.now(), sort = "rank" as QuoteSort } = {}) {
  const quotes = await quotesForShipper(job);
  // Every quoting carrier's score in one statement: the sort by score weighs them all, not one page.
  const scores = await companyScores(quotes.map((q) => q.carrierAccountId), new Date(now));
  const ranked = rankedRows(job, quotes);
  const rows = sort === "score" ? byScore(ranked, scores) : ranked;
  const { shown, pagination } = pageOf(job, rows, pageNumber, sort);
  const settled = job.awardedAt !== null;
  if (settled) await fillAwardedLoads(job.id, shown, quotes);
  // Each carrier's compliance documents, as one badge beside its name.
  const standings = await standingsOf(shown.map((row) => row.carrierAccountId), new Date(now));
  const totalAllocated = rows.reduce((sum, r) => sum + (r.status === "active" ? r.allocatedLoads : 0), 0);
  const refusal = awardRefusal(job, now);
  const rules = {
    first_bid_percentage: job.firstBidPercentage,
    second_bid_percentage: job.secondBidPercentage,
    third_bid_percentage: job.thirdBidPercentage,
  };
  return {
    job,
    rows: shown.map((row) => ({ ...row, documents: standings.get(row.carrierAccountId)!, score: scoreOf(scores, row.carrierAccountId) })),
    pagination,
    sort,
    sortLinks: sortLinks(job, sort),
    totalAllocated,
    rules,
    awardable: refusal === null && totalAllocated > 0,
    /** The award button's words while the job can be awarded ("Award 3 of 5 loads"), else null. */
    awardLabel: refusal === null && totalAllocated > 0 ? awardLabel(totalAllocated, job.expectedQuantity) : null,
    awardNote: settled ? null : refusal?.status === 422 ? refusal.message : null,
    breakdown: bidBreakdown(job.expectedQuantity, rulesOf(job)),
    rulesEditable: !settled && isOutForQuotes(job.status),
    ruleFields: ALLOCATION_RULE_FIELDS,
    auction: auctionProps(job, false, cheapest(quotes.filter((q) => q.status === "active"))),
  };
}

/** A carrier's score as shown beside its quote. */
function scoreOf(scores: Map<number, CompanyScore>, accountId: number) {
  const score = scores.get(accountId);
  return score ? scoreView(score) : null;
}

function awardLabel(allocated: number, expected: number): string {
  if (allocated < expected) return `Award ${allocated} of ${count(expected, "load")}`;
  return `Award ${count(allocated, "load")}`;
}

const STATUS_ORDER = ["accepted", "active", "declined", "withdrawn"];
const statusOrder = (status: string) => STATUS_ORDER.indexOf(status);

type Row = { id: number; allocatedLoads: number };

// After an award the "loads" column shows what each carrier actually runs.
async function fillAwardedLoads(jobId: number, rows: Row[], quotes: { id: number; carrierAccountId: number }[]) {
  const counts = await db().load.groupBy({ by: ["carrierAccountId"], where: { jobId }, _count: { _all: true } });
  const perAccount = new Map(counts.map((c) => [c.carrierAccountId, c._count._all]));
  const accountOf = new Map(quotes.map((q) => [q.id, q.carrierAccountId]));
  for (const row of rows) row.allocatedLoads = perAccount.get(accountOf.get(row.id) ?? -1) ?? 0;
}

export type QuotesPage = Awaited<ReturnType<typeof quotesPageFor>>;
