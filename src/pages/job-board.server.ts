import { jobSummarySelect } from "#models/jobs/summary.server.ts";
import { db } from "#db/client.server.ts";
import type { Prisma } from "#generated/prisma/client.ts";
import {
  BOARD_PAGE_SIZE, BOARD_SORTS, countryLabel, pageCount, readBoardFilters, regionKeyText, regionLabel, type BoardFilters, type RegionKey,
} from "#domain/jobs/board-filters.ts";
import { quotedText } from "#domain/bidding/quote-state.ts";
import { calendarDateValue } from "#domain/jobs/stored-values.ts";
import { carrierSight } from "#models/jobs/sight.server.ts";
import { jobScopes } from "#models/jobs/scopes.server.ts";
import { companyScores } from "#models/company-scores.server.ts";
import { type ScoreView, scoreViews } from "#pages/company-score-view.server.ts";
import { boardPlaces, boardTotal } from "#pages/job-board/filter-counts.server.ts";
import { boardOrderBy, collectingFrom, mergedPageIds } from "#pages/job-board/jobs-on-page.server.ts";
import { type BoardPageDisplay, pageDisplay, reloadAt, rowDisplay } from "#pages/job-board/display.server.ts";
import { compareText } from "#domain/format/compare-text.ts";

// The carrier job board: published jobs on the board (jobScopes.onBoard), soonest collection first
// unless the carrier picks another order. A page costs a fixed handful of queries whatever its
// size: the count, the page of jobs, their locations and the viewing carrier's own quotes on them
// (one IN query each), the shippers' scores for a carrier (one statement, company-scores), and the
// places to filter by; the count and the places are kept until a job changes (board-facts).

const boardSelect = { ...jobSummarySelect, shipperAccountId: true, vehicleTypes: true, requiredCertifications: true, auctionClosesAt: true, paymentTermsDays: true, minimumCargoCoverPence: true } as const satisfies Prisma.JobSelect;
type BoardJob = Prisma.JobGetPayload<{ select: typeof boardSelect }>;
/**
 * A job as the board lists it; `quoted` is the viewing carrier's active quote on it, as its badge
 * reads, `shipper` the shipper's name and score for a carrier (null without a viewer), and
 * `vehicles` and `certificationBadges` what its row shows (display.server.ts).
 */
export type BoardRow = BoardJob & { quoted: string | null; shipper: ScoreView | null } & ReturnType<typeof rowDisplay>;

/** The carrier account looking at the board, whose own quotes are marked. */
export type BoardViewer = { accountId: number };

/** A region in the filter's menu; `selected` when it is the region filtered by. */
export type RegionOption = { value: string; label: string; selected: boolean };
export type JobBoard = BoardPageDisplay & {
  jobs: BoardRow[];
  total: number;
  page: number;
  pages: number;
  pickupRegions: RegionOption[];
  deliveryRegions: RegionOption[];
  /** The orders the "Sort by" menu offers. */
  sorts: typeof BOARD_SORTS;
  /** When the page reloads itself: just after its first live auction closes (or null). */
  reloadAt: Date | null;
};

function placeFilter(kind: "pickup" | "delivery", key: RegionKey): Prisma.JobWhereInput {
  return { locations: { some: { kind, countryCode: key.countryCode, ...(key.region ? { region: key.region } : {}) } } };
}

const boardDate = (filters: BoardFilters) => (filters.date ? calendarDateValue(filters.date) : null);

/** The board's jobs under these filters, among those offered to the market or to these pools. */
export function boardWhere(filters: BoardFilters, poolIds: readonly number[] = []): Prisma.JobWhereInput {
  const and: Prisma.JobWhereInput[] = [jobScopes.inAudienceOf(poolIds)];
  if (filters.pickupRegion) and.push(placeFilter("pickup", filters.pickupRegion));
  if (filters.deliveryRegion) and.push(placeFilter("delivery", filters.deliveryRegion));
  if (filters.date) {
    const day = boardDate(filters);
    if (day) and.push({ OR: collectingFrom(day) });
  }
  if (filters.vehicleType) and.push({ vehicleTypes: { contains: JSON.stringify(filters.vehicleType) } });
  if (filters.loadType) and.push({ loadType: filters.loadType });
  return { ...jobScopes.onBoard, AND: and };
}

/** The viewer's one active quote on a job (an account has at most one quote per job). */
const viewerQuote = (viewer: BoardViewer) =>
  ({ where: { carrierAccountId: viewer.accountId, status: "active" }, select: { valueCents: true, numberOfLoads: true } }) as const satisfies Prisma.Job$quotesArgs;

/** Each country where open jobs collect (or deliver), with its UK nations or regions beneath it. */
function regionOptions(rows: readonly { countryCode: string | null; region: string | null }[], chosen: RegionKey | null): RegionOption[] {
  const byCountry = new Map<string, Set<string>>();
  for (const row of rows) {
    if (!row.countryCode) continue;
    const regions = byCountry.get(row.countryCode) ?? new Set<string>();
    if (row.region) regions.add(row.region);
    byCountry.set(row.countryCode, regions);
  }
  const countries = [...byCountry.keys()].sort((a, b) => (a === "GB" ? -1 : b === "GB" ? 1 : compareText(countryLabel(a), countryLabel(b))));
  return countries.flatMap((countryCode) => {
    const regions = [...(byCountry.get(countryCode) ?? [])].sort(compareText);
    const keys: RegionKey[] = [{ countryCode, region: null }, ...regions.map((region) => ({ countryCode, region }))];
    const selected = chosen ? regionKeyText(chosen) : null;
    return keys.map((key) => ({ value: regionKeyText(key), label: key.region ? `— ${regionLabel(key)}` : countryLabel(countryCode), selected: regionKeyText(key) === selected }));
  });
}

type Sight = { blocked: readonly number[]; poolIds: readonly number[] };

const whereOnBoard = (filters: BoardFilters, { blocked, poolIds }: Sight): Prisma.JobWhereInput => ({ ...boardWhere(filters, poolIds), ...jobScopes.notFrom(blocked) });

function totalOnBoard(filters: BoardFilters, { blocked, poolIds }: Sight, where: Prisma.JobWhereInput): Promise<number> {
  const filterKey = JSON.stringify([filters.pickupRegion, filters.deliveryRegion, filters.date, filters.vehicleType, filters.loadType, blocked, poolIds]);
  return boardTotal(filterKey, where);
}

const UNFILTERED = readBoardFilters({});

/** What a carrier with this sight finds on its board unfiltered, and how many: the kept count the board shows. */
export function onBoardUnfiltered(sight: Sight): { where: Prisma.JobWhereInput; total: Promise<number> } {
  const where = whereOnBoard(UNFILTERED, sight);
  return { where, total: totalOnBoard(UNFILTERED, sight, where) };
}

/**
 * A page of the board in the chosen order. With a viewer, each job carries that carrier's active
 * quote on it, read with the page (one more IN query on the quotes' (jobId, carrierAccountId) key).
 */
export async function jobBoard(filters: BoardFilters, viewer: BoardViewer | null = null): Promise<JobBoard> {
  // A carrier's board leaves out the jobs of shippers a block stands between, and lists only the jobs
  // offered to it: the open market's and its pools' (both lists kept); the count is kept per set of
  // blocked shippers and pools, so no carrier is told another's total.
  const sight = viewer ? await carrierSight(viewer.accountId) : { blocked: [], poolIds: [] };
  const where = whereOnBoard(filters, sight);
  const [total, places] = await Promise.all([totalOnBoard(filters, sight, where), boardPlaces()]);
  const pages = pageCount(total);
  const page = Math.min(filters.page, pages);
  const skip = (page - 1) * BOARD_PAGE_SIZE;
  // No job matches (known from the kept count): asking anyway would make the database read through
  // every job on the board in order, finding none.
  const ids = total === 0 ? [] : await mergedPageIds(where, filters.sort, boardDate(filters), skip, BOARD_PAGE_SIZE);
  // Read by id with the filters again: a job taken off the board meanwhile is left out, not shown.
  const pageOfJobs: Pick<Prisma.JobFindManyArgs, "where" | "orderBy" | "skip" | "take"> = ids ? { where: { AND: [where, { id: { in: ids } }] } } : { where, orderBy: boardOrderBy(filters.sort), skip, take: BOARD_PAGE_SIZE };
  const read =
    ids?.length === 0
      ? []
      : viewer
        ? await db().job.findMany({ ...pageOfJobs, select: { ...boardSelect, quotes: viewerQuote(viewer) } })
        : (await db().job.findMany({ ...pageOfJobs, select: boardSelect })).map((job) => ({ ...job, quotes: [] }));
  const byId = new Map(read.map((job) => [job.id, job]));
  const rows = ids ? ids.flatMap((id) => byId.get(id) ?? []) : read;
  // The shippers' scores, for a carrier deciding whether to quote: one statement for the page.
  const shippers = viewer && rows.length ? scoreViews(await companyScores(rows.map((job) => job.shipperAccountId))) : new Map<number, ScoreView>();
  return {
    jobs: rows.map(({ quotes, ...job }) => ({ ...job, quoted: quotes[0] ? quotedText(quotes[0]) : null, shipper: shippers.get(job.shipperAccountId) ?? null, ...rowDisplay(job) })),
    total,
    page,
    pages,
    pickupRegions: regionOptions(places.filter((place) => place.kind === "pickup"), filters.pickupRegion),
    deliveryRegions: regionOptions(places.filter((place) => place.kind === "delivery"), filters.deliveryRegion),
    sorts: BOARD_SORTS,
    reloadAt: reloadAt(rows),
    ...pageDisplay(filters, BOARD_SORTS, page, pages),
  };
}
