import { db } from "#db/client.server.ts";
import type { Prisma } from "#generated/prisma/client.ts";
import { type AllocationRules, allocate, allocatedLoadsFor } from "#domain/bidding/allocation.ts";
import {
  isLiveQuote, type MyQuotesSort, MY_QUOTES_SORTS, type QuoteState, quoteState, quoteStateLabel, quoteStateRank,
} from "#domain/bidding/quote-state.ts";
import { count } from "#domain/format/count.ts";
import { pageCount } from "#domain/jobs/board-filters.ts";
import { blockedWith } from "#models/company-blocks.server.ts";
import { jobScopes } from "#models/jobs/scopes.server.ts";
import { jobSummarySelect } from "#models/jobs/summary.server.ts";
import { forAllocation, rulesOf } from "#models/quotes/allocation.server.ts";
import type { CurrentUser } from "#models/users.server.ts";
import { type PageLinks, pageLinks, withQuery } from "#pages/pagination.server.ts";

// "My quotes": every quote a carrier account has placed, with where it stands now (quote-state.ts).
// An active quote on a job still on the board is winning or outbid by the job's allocation rules,
// worked out with allocate() from all active quotes of the jobs on the page, read in one query.
//
// A page costs five statements whatever its size: the count, the page of quotes, their jobs and the
// jobs' places (one IN query each), and the active quotes of the page's jobs still on the board.
// Sorting by state cannot be done in SQL (an active quote's state comes from the allocation), so it
// first reads the account's quotes and their jobs slimly (ids, statuses, dates, allocation rules)
// with the active quotes of every job on the board it is quoting on, sorts them in memory and then
// reads the page: six statements.

export const MY_QUOTES_PAGE_SIZE = 50;

const allocationRulesSelect = {
  firstBidPercentage: true, secondBidPercentage: true, thirdBidPercentage: true,
} as const satisfies Prisma.JobSelect;

const rowSelect = {
  id: true,
  status: true,
  valueCents: true,
  numberOfLoads: true,
  securedNow: true,
  updatedAt: true,
  job: { select: { ...jobSummarySelect, ...allocationRulesSelect } },
} as const satisfies Prisma.QuoteSelect;
type QuoteRow = Prisma.QuoteGetPayload<{ select: typeof rowSelect }>;

/** A quote with where it stands now; `stateText` is its badge ("Winning 2 loads"). */
export type MyQuote = QuoteRow & { state: QuoteState; stateText: string; wouldWinLoads: number };
export type MyQuotesPage = {
  quotes: MyQuote[];
  total: number;
  page: number;
  pages: number;
  sort: MyQuotesSort;
  sorts: typeof MY_QUOTES_SORTS;
  links: PageLinks;
};

/** The newest first: the last placed or changed, then the last created (ids grow with time). */
const NEWEST: Prisma.QuoteOrderByWithRelationInput[] = [{ updatedAt: "desc" }, { id: "desc" }];

const SQL_ORDERS: Record<Exclude<MyQuotesSort, "state">, Prisma.QuoteOrderByWithRelationInput[]> = {
  newest: NEWEST,
  collection: [{ job: { startDate: { sort: "asc", nulls: "last" } } }, ...NEWEST],
  price: [{ valueCents: "asc" }, ...NEWEST],
};

const activeQuoteSelect = {
  id: true, jobId: true, carrierAccountId: true, valueCents: true, numberOfLoads: true, updatedAt: true,
} as const satisfies Prisma.QuoteSelect;
type ActiveQuote = Prisma.QuoteGetPayload<{ select: typeof activeQuoteSelect }>;
type AllocatedJob = { id: number; expectedQuantity: number } & AllocationRules;

/** The loads this account's quote would win now on each job, by the job's rules among its active quotes. */
function loadsWonByJob(accountId: number, jobs: readonly AllocatedJob[], active: readonly ActiveQuote[]) {
  const byJob = new Map<number, ActiveQuote[]>();
  for (const quote of active) {
    const quotes = byJob.get(quote.jobId);
    if (quotes) quotes.push(quote);
    else byJob.set(quote.jobId, [quote]);
  }
  const wonOn = (job: AllocatedJob) =>
    allocate(forAllocation(byJob.get(job.id) ?? []), job.expectedQuantity, rulesOf(job));
  return new Map(jobs.map((job) => [job.id, allocatedLoadsFor(accountId, wonOn(job))]));
}

const isLive = (quote: { status: string; job: { status: string } }) =>
  isLiveQuote({ status: quote.status, jobStatus: quote.job.status });

const stateText = (state: QuoteState, wouldWinLoads: number) =>
  state === "active" ? `${quoteStateLabel(state)} ${count(wouldWinLoads, "load")}` : quoteStateLabel(state);

function withStates(accountId: number, rows: QuoteRow[], loadsWon: Map<number, number>): MyQuote[] {
  return rows.map((row) => {
    const wouldWinLoads = isLive(row) ? (loadsWon.get(row.job.id) ?? 0) : 0;
    const state = quoteState({ status: row.status, jobStatus: row.job.status, wouldWinLoads });
    return { ...row, wouldWinLoads, state, stateText: stateText(state, wouldWinLoads) };
  });
}

/** Page `n` of the list in this order (the default order and the first page left out of the address). */
const pageHref = (sort: MyQuotesSort) => (n: number) =>
  withQuery("/quotes", { sort: sort === MY_QUOTES_SORTS[0].value ? null : sort, page: n > 1 ? n : null });

/** One page of the account's quotes in the chosen order, each with its state. */
type Asked = { sort: MyQuotesSort; page: number };

export async function myQuotesPage(user: Pick<CurrentUser, "accountId">, asked: Asked): Promise<MyQuotesPage> {
  const { sort } = asked;
  const { quotes, total, page } =
    sort === "state" ? await pageByState(user.accountId, asked.page) : await pageBySql(user.accountId, sort, asked.page);
  const pages = pageCount(total, MY_QUOTES_PAGE_SIZE);
  const links = pageLinks(page, { pages }, pageHref(sort));
  return { quotes, total, page, pages, sort, sorts: MY_QUOTES_SORTS, links };
}

// A quote on a job whose shipper this carrier blocked, or was blocked by, is not listed: its job is 404.
async function pageBySql(accountId: number, sort: Exclude<MyQuotesSort, "state">, pageAsked: number) {
  const mine = { carrierAccountId: accountId, job: jobScopes.notFrom(await blockedWith(accountId)) };
  const total = await db().quote.count({ where: mine });
  const page = Math.min(pageAsked, pageCount(total, MY_QUOTES_PAGE_SIZE));
  const rows = await db().quote.findMany({
    where: mine,
    select: rowSelect,
    orderBy: SQL_ORDERS[sort],
    skip: (page - 1) * MY_QUOTES_PAGE_SIZE,
    take: MY_QUOTES_PAGE_SIZE,
  });
  const live = rows.filter(isLive).map((row) => row.job);
  const liveJobs = { jobId: { in: live.map((job) => job.id) }, status: "active" };
  const active = live.length ? await db().quote.findMany({ where: liveJobs, select: activeQuoteSelect }) : [];
  return { quotes: withStates(accountId, rows, loadsWonByJob(accountId, live, active)), total, page };
}

/** The active quotes of every job on the board this account has an active quote on. */
const activeOnBoardJobsOf = (mine: { carrierAccountId: number }) => ({
  status: "active",
  job: { ...jobScopes.onBoard, quotes: { some: { ...mine, status: "active" } } },
});

async function pageByState(accountId: number, pageAsked: number) {
  const mine = { carrierAccountId: accountId };
  const blocked = await blockedWith(accountId);
  // Quotes whose job is left out here (a blocked shipper's) are dropped below with it.
  const [all, jobs, active] = await Promise.all([
    db().quote.findMany({ where: mine, select: { id: true, jobId: true, status: true, updatedAt: true } }),
    db().job.findMany({
      where: { quotes: { some: mine }, ...jobScopes.notFrom(blocked) },
      select: { id: true, status: true, expectedQuantity: true, ...allocationRulesSelect },
    }),
    db().quote.findMany({ where: activeOnBoardJobsOf(mine), select: activeQuoteSelect }),
  ]);
  const jobOf = new Map(jobs.map((job) => [job.id, job]));
  const quoted = all.flatMap((quote) => {
    const job = jobOf.get(quote.jobId);
    return job ? [{ ...quote, job }] : [];
  });
  const loadsWon = loadsWonByJob(accountId, quoted.filter(isLive).map((quote) => quote.job), active);
  const ordered = quoted
    .map((quote) => {
      const wouldWinLoads = loadsWon.get(quote.jobId) ?? 0;
      const state = quoteState({ status: quote.status, jobStatus: quote.job.status, wouldWinLoads });
      return { id: quote.id, rank: quoteStateRank(state), updated: quote.updatedAt.getTime() };
    })
    .sort((a, b) => a.rank - b.rank || b.updated - a.updated || b.id - a.id);
  const total = ordered.length;
  const page = Math.min(pageAsked, pageCount(total, MY_QUOTES_PAGE_SIZE));
  const ids = ordered.slice((page - 1) * MY_QUOTES_PAGE_SIZE, page * MY_QUOTES_PAGE_SIZE).map((quote) => quote.id);
  const rows = ids.length ? await db().quote.findMany({ where: { id: { in: ids } }, select: rowSelect }) : [];
  const position = new Map(ids.map((id, i) => [id, i]));
  rows.sort((a, b) => (position.get(a.id) ?? 0) - (position.get(b.id) ?? 0));
  return { quotes: withStates(accountId, rows, loadsWon), total, page };
}
