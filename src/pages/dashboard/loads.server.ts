// The dashboard's loads: the next ones to run, and a shipper's loads on the road today on one map.
import { z } from "zod";
import { db } from "#db/client.server.ts";
import { instant } from "#db/sql-dialect.server.ts";
import { Prisma } from "#generated/prisma/client.ts";
import { count } from "#domain/format/count.ts";
import { storedList } from "#domain/jobs/stored-values.ts";
import type { MapContent } from "#domain/maps/map-props.ts";
import { mappedPlaceSelect, tripMap, tripsMap } from "#geo/trips.server.ts";
import { actorOf } from "#models/loads/access.server.ts";
import type { CurrentUser } from "#models/users.server.ts";

export type UpcomingLoad = { id: number; sequence: number; reference: string; pickupDate: Date | null; status: string };
/** A shipper's loads on the road today on one map, with their estimated CO2e added up. */
export type RoadView = { map: MapContent; loads: UpcomingLoad[]; co2eKg: number; more: boolean };

/** Loads under way: given to a carrier, with a driver, or collected. */
export const RUNNING = ["assigned", "driver_assigned", "collected"];
/** How many upcoming loads (and auctions) the dashboard lists. */
export const UPCOMING_LIMIT = 5;
const ROAD_MAP_LIMIT = 50;

// The hottest dashboard reads are typed SQL, their rows checked by zod: through Prisma each relation
// (a load's job, a job's places) and each count is a statement of its own, and a shipper's dashboard
// ran ten. These keep the rules of the Prisma scopes they stand for (loadScope, jobScopes.outForQuotes),
// written once here as SQL over `l` (a load) and `j` (its job).

/** loadScope(user) as SQL over `l` and `j`. */
export function loadScopeSql(user: CurrentUser): Prisma.Sql {
  const actor = actorOf(user);
  if (actor === "shipper") return Prisma.sql`j."shipperAccountId" = ${user.accountId}`;
  if (actor === "carrier") return Prisma.sql`l."carrierAccountId" = ${user.accountId}`;
  return Prisma.sql`l."carrierAccountId" = ${user.accountId} AND l."driverId" = ${user.id}`;
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
type LoadRow = z.output<typeof LoadRow>;

const upcomingOf = (r: LoadRow): UpcomingLoad =>
  ({ id: r.id, sequence: r.sequence, reference: r.reference, pickupDate: r.pickupDate, status: r.status });

/** The next loads to run, soonest first (undated last), each with its job's reference: one statement. */
export async function upcomingLoads(user: CurrentUser, today: Date): Promise<UpcomingLoad[]> {
  const rows = await db().$queryRaw<unknown[]>`
    SELECT l."id", l."sequence", l."status", l."pickupDate", l."jobId", j."reference", j."vehicleTypes"
    FROM "Load" l JOIN "Job" j ON j."id" = l."jobId"
    WHERE ${loadScopeSql(user)} AND l."status" IN (${Prisma.join(RUNNING)})
      AND (l."pickupDate" >= ${instant(today.getTime())} OR l."status" = 'collected')
    ORDER BY l."pickupDate" ASC NULLS LAST, l."id" ASC
    LIMIT ${UPCOMING_LIMIT}`;
  return z.array(LoadRow).parse(rows).map(upcomingOf);
}

/**
 * The shipper's loads on the road today: collected and not yet delivered, or with a driver and
 * collecting today (or undated). The map draws each load's route as its own line.
 */
export async function loadsOnTheRoad(user: CurrentUser, today: Date): Promise<RoadView | null> {
  const rows = z.array(LoadRow).parse(await db().$queryRaw<unknown[]>`
    SELECT l."id", l."sequence", l."status", l."pickupDate", l."jobId", j."reference", j."vehicleTypes"
    FROM "Load" l JOIN "Job" j ON j."id" = l."jobId"
    WHERE ${loadScopeSql(user)}
      AND (l."status" = 'collected' OR (l."status" = 'driver_assigned'
        AND (l."pickupDate" = ${instant(today.getTime())} OR l."pickupDate" IS NULL)))
    ORDER BY l."id" ASC
    LIMIT ${ROAD_MAP_LIMIT + 1}`);
  if (!rows.length) return null;
  const shown = rows.slice(0, ROAD_MAP_LIMIT);
  const placesOf = await jobPlaces(shown.map((row) => row.jobId));
  const trips = await Promise.all(
    shown.map((row) => tripMap(placesOf(row.jobId), storedList(row.vehicleTypes), { label: "" })),
  );
  return {
    map: await tripsMap(
      shown.map((row) => placesOf(row.jobId)),
      `Your ${count(shown.length, "load")} on the road today`,
    ),
    loads: shown.map(upcomingOf),
    co2eKg: trips.reduce((sum, trip) => sum + (trip.co2eKg ?? 0), 0),
    more: rows.length > ROAD_MAP_LIMIT,
  };
}

/** The mapped places of these jobs, in one query, handed back as "the places of job n". */
async function jobPlaces(jobIds: number[]) {
  const places = await db().jobLocation.findMany({
    where: { jobId: { in: [...new Set(jobIds)] } },
    select: { ...mappedPlaceSelect, jobId: true },
    orderBy: { id: "asc" },
  });
  return (jobId: number) => places.filter((place) => place.jobId === jobId);
}
