import { z } from "zod";
import { db } from "#db/client.server.ts";
import { Prisma } from "#generated/prisma/client.ts";
import { instant } from "#db/sql-dialect.server.ts";
import { OUT_FOR_QUOTES_STATUSES } from "#domain/jobs/status.ts";
import { count } from "#domain/format/count.ts";
import { jobScopes } from "#models/jobs/scopes.server.ts";
import { toDateInputValue } from "#domain/format/dates.ts";
import { actorOf, loadScope } from "#models/loads/access.server.ts";
import type { CurrentUser } from "#models/users.server.ts";
import type { MapContent } from "#domain/maps/map-props.ts";
import { storedList } from "#domain/jobs/stored-values.ts";
import { mappedPlaceSelect, tripMap, tripsMap } from "#geo/trips.server.ts";
import { dashboardCharts, type DashboardCharts } from "#pages/dashboard/charts.server.ts";
import type { Period } from "#domain/charts/period.ts";

export type Dashboard = {
  kind: "shipper" | "carrier";
  panels: DashboardPanel[];
  upcoming: UpcomingLoad[];
  auctions: AuctionRow[];
  onTheRoad: RoadView | null;
  /** What the office spent or earned over the chosen period (offices only). */
  charts: DashboardCharts | null;
};
/** A shipper's loads on the road today on one map, with their estimated CO2e added up. */
export type RoadView = { map: MapContent; loads: UpcomingLoad[]; co2eKg: number; more: boolean };
export type DashboardPanel = { title: string; value: string; href?: string; hint?: string };
/** An auction that is about to open or is running; `at` is its next opening or closing. */
export type AuctionRow = { id: number; reference: string; phase: "scheduled" | "live"; at: Date };
export type UpcomingLoad = { id: number; sequence: number; reference: string; pickupDate: Date | null; status: string };

const RUNNING = ["assigned", "driver_assigned", "collected"];
const UPCOMING_LIMIT = 5;

/**
 * What an office sees first: a few counts that lead somewhere, and the next loads to run. Drivers
 * have no dashboard: they start at the loads they drive (src/server/auth.server.ts, homePathFor).
 */
export async function dashboardFor(user: CurrentUser, period: Period, now = new Date()): Promise<Dashboard> {
  const kind = user.account.kind === "carrier" ? "carrier" : "shipper";
  const today = new Date(`${toDateInputValue(now)}T00:00:00Z`);
  const [panels, upcoming, auctions, onTheRoad, charts] = await Promise.all([
    panelsFor(kind, user, today),
    upcomingLoads(user, today),
    auctionsFor(kind, user, now),
    kind === "shipper" ? loadsOnTheRoad(user, today) : null,
    dashboardCharts(user, period),
  ]);
  return { kind, panels, upcoming, auctions, onTheRoad, charts };
}

function panelsFor(kind: Dashboard["kind"], user: CurrentUser, today: Date): Promise<DashboardPanel[]> {
  return kind === "shipper" ? shipperPanels(user) : carrierPanels(user, today);
}

/** How many of a user's loads match, from one tally of them by status (and pickup day). */
type LoadTally = (match: { status: string[]; day?: Date }) => number;

/**
 * One query for all of a dashboard's load panels: the user's loads in `statuses`, counted by status
 * and, when a panel asks about a day, by pickup day (a shipper's panels never do: counting by status
 * alone keeps a year of delivered loads to a handful of groups).
 */
async function tallyLoads(user: CurrentUser, statuses: string[], byDay = true): Promise<LoadTally> {
  const where = { AND: [loadScope(user), { status: { in: statuses } }] };
  const rows = byDay
    ? await db().load.groupBy({ by: ["status", "pickupDate"], where, _count: { _all: true } })
    : (await db().load.groupBy({ by: ["status"], where, _count: { _all: true } })).map((row) => ({ ...row, pickupDate: null }));
  return ({ status, day }) =>
    rows.filter((row) => status.includes(row.status) && (!day || row.pickupDate?.getTime() === day.getTime())).reduce((sum, row) => sum + row._count._all, 0);
}

// The hottest dashboard reads are typed SQL, their rows checked by zod: through Prisma each relation
// (a load's job, a job's places) and each count is a statement of its own, and a shipper's dashboard
// ran ten. These keep the rules of the Prisma scopes they stand for (loadScope, jobScopes.outForQuotes),
// written once here as SQL over `l` (a load) and `j` (its job).

/** loadScope(user) as SQL over `l` and `j`. */
function loadScopeSql(user: CurrentUser): Prisma.Sql {
  const actor = actorOf(user);
  if (actor === "shipper") return Prisma.sql`j."shipperAccountId" = ${user.accountId}`;
  if (actor === "carrier") return Prisma.sql`l."carrierAccountId" = ${user.accountId}`;
  return Prisma.sql`l."carrierAccountId" = ${user.accountId} AND l."driverId" = ${user.id}`;
}

const ShipperCounts = z.object({
  open: z.coerce.number(), quotes: z.coerce.number(), live: z.coerce.number(), running: z.coerce.number(), delivered: z.coerce.number(),
});

/** A shipper's panel figures in one statement: jobs out for quotes, their active quotes, live auctions, loads running and delivered. */
async function shipperCounts(user: CurrentUser) {
  const outForQuotes = Prisma.join([...OUT_FOR_QUOTES_STATUSES]);
  const rows = await db().$queryRaw<unknown[]>`
    SELECT
      (SELECT COUNT(*) FROM "Job" j WHERE j."shipperAccountId" = ${user.accountId} AND j."status" IN (${outForQuotes})) AS "open",
      (SELECT COUNT(*) FROM "Quote" q JOIN "Job" j ON j."id" = q."jobId"
        WHERE q."status" = 'active' AND j."shipperAccountId" = ${user.accountId} AND j."status" IN (${outForQuotes})) AS "quotes",
      (SELECT COUNT(*) FROM "Job" j WHERE j."shipperAccountId" = ${user.accountId} AND j."isAuction" = ${true} AND j."status" = 'live') AS "live",
      (SELECT COUNT(*) FROM "Load" l JOIN "Job" j ON j."id" = l."jobId" WHERE ${loadScopeSql(user)} AND l."status" IN (${Prisma.join(RUNNING)})) AS "running",
      (SELECT COUNT(*) FROM "Load" l JOIN "Job" j ON j."id" = l."jobId" WHERE ${loadScopeSql(user)} AND l."status" = 'delivered') AS "delivered"`;
  return ShipperCounts.parse(rows[0]);
}

async function shipperPanels(user: CurrentUser): Promise<DashboardPanel[]> {
  const { open, quotes, live, running, delivered } = await shipperCounts(user);
  return [
    // Counts what the linked list's default tab ("Out for quotes") lists: auctions closed but not yet awarded included.
    { title: "Jobs out for quotes", value: String(open), href: "/jobs", hint: live ? `${count(live, "live auction")}` : undefined },
    { title: "Quotes to review", value: String(quotes), href: "/jobs" },
    { title: "Loads on the road", value: String(running), href: "/loads", hint: "Assigned, with a driver or collected" },
    { title: "Loads delivered", value: String(delivered), href: "/loads" },
  ];
}

async function carrierPanels(user: CurrentUser, today: Date): Promise<DashboardPanel[]> {
  const [board, quotes, loads] = await Promise.all([
    // Exactly what the job board lists (same scope), so the panel and the board's total agree.
    db().job.count({ where: jobScopes.onBoard }),
    // The quotes "My quotes" shows as winning or outbid: active, on a job still on the board.
    db().quote.count({ where: { carrierAccountId: user.accountId, status: "active", job: jobScopes.onBoard } }),
    tallyLoads(user, RUNNING),
  ]);
  return [
    { title: "Jobs on the board", value: String(board), href: "/jobs", hint: "Open tenders, live and scheduled auctions" },
    { title: "Your open quotes", value: String(quotes), href: "/quotes" },
    { title: "Loads to assign a driver", value: String(loads({ status: ["assigned"] })), href: "/loads" },
    { title: "Loads collecting today", value: String(loads({ status: RUNNING, day: today })), href: "/loads" },
  ];
}

const LoadRow = z.object({
  id: z.coerce.number(),
  sequence: z.coerce.number(),
  status: z.string(),
  pickupDate: z.coerce.date().nullable(),
  jobId: z.coerce.number(),
  reference: z.string(),
  vehicleTypes: z.string().nullable(),
});

/** The next loads to run, soonest first (undated last), each with its job's reference: one statement. */
async function upcomingLoads(user: CurrentUser, today: Date): Promise<UpcomingLoad[]> {
  const rows = await db().$queryRaw<unknown[]>`
    SELECT l."id", l."sequence", l."status", l."pickupDate", l."jobId", j."reference", j."vehicleTypes"
    FROM "Load" l JOIN "Job" j ON j."id" = l."jobId"
    WHERE ${loadScopeSql(user)} AND l."status" IN (${Prisma.join(RUNNING)})
      AND (l."pickupDate" >= ${instant(today.getTime())} OR l."status" = 'collected')
    ORDER BY l."pickupDate" ASC NULLS LAST, l."id" ASC
    LIMIT ${UPCOMING_LIMIT}`;
  return z.array(LoadRow).parse(rows).map((r) => ({ id: r.id, sequence: r.sequence, reference: r.reference, pickupDate: r.pickupDate, status: r.status }));
}

const ROAD_MAP_LIMIT = 50;

/**
 * The shipper's loads on the road today: collected and not yet delivered, or with a driver and
 * collecting today (or undated). The map draws each load's route as its own line.
 */
async function loadsOnTheRoad(user: CurrentUser, today: Date): Promise<RoadView | null> {
  const rows = z.array(LoadRow).parse(await db().$queryRaw<unknown[]>`
    SELECT l."id", l."sequence", l."status", l."pickupDate", l."jobId", j."reference", j."vehicleTypes"
    FROM "Load" l JOIN "Job" j ON j."id" = l."jobId"
    WHERE ${loadScopeSql(user)}
      AND (l."status" = 'collected' OR (l."status" = 'driver_assigned' AND (l."pickupDate" = ${instant(today.getTime())} OR l."pickupDate" IS NULL)))
    ORDER BY l."id" ASC
    LIMIT ${ROAD_MAP_LIMIT + 1}`);
  if (!rows.length) return null;
  const shown = rows.slice(0, ROAD_MAP_LIMIT);
  const places = await db().jobLocation.findMany({
    where: { jobId: { in: [...new Set(shown.map((row) => row.jobId))] } },
    select: { ...mappedPlaceSelect, jobId: true },
    orderBy: { id: "asc" },
  });
  const placesOf = (jobId: number) => places.filter((place) => place.jobId === jobId);
  const trips = await Promise.all(shown.map((row) => tripMap(placesOf(row.jobId), storedList(row.vehicleTypes), { label: "" })));
  return {
    map: await tripsMap(shown.map((row) => placesOf(row.jobId)), `Your ${count(shown.length, "load")} on the road today`),
    loads: shown.map((r) => ({ id: r.id, sequence: r.sequence, reference: r.reference, pickupDate: r.pickupDate, status: r.status })),
    co2eKg: trips.reduce((sum, trip) => sum + (trip.co2eKg ?? 0), 0),
    more: rows.length > ROAD_MAP_LIMIT,
  };
}

/** Live and upcoming auctions: a shipper's own, or those a carrier can bid in; soonest first. */
async function auctionsFor(kind: Dashboard["kind"], user: CurrentUser, now: Date): Promise<AuctionRow[]> {
  const rows = await db().job.findMany({
    where: {
      isAuction: true,
      ...jobScopes.auctionRunningOrDue,
      OR: [{ auctionClosesAt: null }, { auctionClosesAt: { gt: now } }],
      ...(kind === "shipper" ? { shipperAccountId: user.accountId } : {}),
    },
    select: { id: true, reference: true, auctionOpensAt: true, auctionClosesAt: true },
    orderBy: [{ auctionClosesAt: { sort: "asc", nulls: "last" } }, { id: "asc" }],
    take: UPCOMING_LIMIT,
  });
  return rows.flatMap((job) => {
    const opening = job.auctionOpensAt && job.auctionOpensAt > now;
    const at = opening ? job.auctionOpensAt : job.auctionClosesAt;
    return at ? [{ id: job.id, reference: job.reference, phase: opening ? ("scheduled" as const) : ("live" as const), at }] : [];
  });
}
