import { z } from "zod";
import { db } from "#db/client.server.ts";
import { instant } from "#db/sql-dialect.server.ts";
import { storedList } from "#domain/jobs/stored-values.ts";
import { routeMiles } from "#domain/maps/route.ts";
import type { LaneFacts } from "#domain/price-guide/lane.ts";
import { postcodeAreaOf } from "#domain/price-guide/postcode-area.ts";
import type { AcceptedLoad } from "#domain/price-guide/price-index.ts";
import { ROAD_DETOUR_FACTOR } from "#geo/routing/offline-router.ts";
import { groupBy } from "#domain/group-by.ts";

// The rows behind the price guide (docs/price-guide.md). An accepted price is a load's own price
// (Load.priceCents: the winning quote's price per load, copied onto the load at the award) for a
// load given to a carrier and not cancelled, accepted when its job was awarded (Job.awardedAt).
// Its lane is its job's first collection and last delivery postcode areas, vehicle types and load
// type; its miles are the job page's offline estimate: the straight-line miles through the stops,
// collections first, times the road detour factor (src/geo/routing/offline-router.ts), null when a
// stop has no position. Two statements: the priced loads with their jobs, and those jobs' stops.

export type Accepted = AcceptedLoad & LaneFacts;

const Instant = z.preprocess((value) => (typeof value === "bigint" ? Number(value) : value), z.coerce.date());
const PricedRow = z.object({
  jobId: z.coerce.number(), shipperAccountId: z.coerce.number(), priceCents: z.coerce.number(),
  vehicleTypes: z.string(), loadType: z.string(), awardedAt: Instant,
});

type Stop = { id: number; jobId: number; kind: string; position: number; postCode: string | null; latitude: number | null; longitude: number | null };
type Route = Pick<LaneFacts, "from" | "to"> & { miles: number | null };

/** Every accepted price from `since` on, with its lane and miles. */
export async function readAccepted(since: Date): Promise<Accepted[]> {
  const [rows, stops] = await Promise.all([
    db().$queryRaw<unknown[]>`
      SELECT l."jobId" AS "jobId", j."shipperAccountId" AS "shipperAccountId", l."priceCents" AS "priceCents",
        j."vehicleTypes" AS "vehicleTypes", j."loadType" AS "loadType", j."awardedAt" AS "awardedAt"
      FROM "Load" l JOIN "Job" j ON j."id" = l."jobId"
      WHERE j."awardedAt" >= ${instant(since.getTime())} AND l."carrierAccountId" IS NOT NULL
        AND l."priceCents" IS NOT NULL AND l."status" <> 'cancelled'`,
    db().jobLocation.findMany({
      where: { job: { awardedAt: { gte: since } } },
      select: { id: true, jobId: true, kind: true, position: true, postCode: true, latitude: true, longitude: true },
    }),
  ]);
  const routes = routesOf(stops);
  return z.array(PricedRow).parse(rows).map((row) => {
    const route = routes.get(row.jobId) ?? { from: null, to: null, miles: null };
    return {
      shipperAccountId: row.shipperAccountId, priceCents: row.priceCents, acceptedAt: row.awardedAt,
      vehicleTypes: storedList(row.vehicleTypes), loadType: row.loadType, ...route,
    };
  });
}

function routesOf(stops: readonly Stop[]): Map<number, Route> {
  const byJob = groupBy(stops, (stop) => stop.jobId);
  return new Map([...byJob].map(([jobId, jobStops]) => [jobId, routeOfStops(jobStops)]));
}

/** A job's lane areas (first collection, last delivery) and estimated road miles. */
export function routeOfStops(stops: readonly Stop[]): Route {
  // Collections first, each side in its stops' order (as the job page's route runs).
  const ordered = [...stops].sort((a, b) => Number(a.kind !== "pickup") - Number(b.kind !== "pickup") || a.position - b.position || a.id - b.id);
  const pickups = ordered.filter((stop) => stop.kind === "pickup");
  const deliveries = ordered.filter((stop) => stop.kind === "delivery");
  const points = ordered.flatMap((stop) => (stop.latitude === null || stop.longitude === null ? [] : [[stop.latitude, stop.longitude] as [number, number]]));
  const miles = points.length === ordered.length && points.length >= 2 ? routeMiles(points) * ROAD_DETOUR_FACTOR : null;
  return { from: postcodeAreaOf(pickups[0]?.postCode), to: postcodeAreaOf(deliveries.at(-1)?.postCode), miles };
}

const JobLaneRow = z.object({
  vehicleTypes: z.string(), loadType: z.string(),
  id: z.coerce.number().nullable(), kind: z.string().nullable(), position: z.coerce.number().nullable(), postCode: z.string().nullable(),
});

/** A job's stops and the fields of its lane, as a page that read the job already holds them. */
export type LaneSource = {
  vehicleTypes: string; loadType: string;
  locations: readonly { id: number; kind: string; position: number; postCode: string | null }[];
};

/** A job's lane facts (its areas, vehicle types and load type) from the job as read. */
export function laneOfJob(job: LaneSource): LaneFacts {
  const stops = job.locations.map((stop) => ({ ...stop, jobId: 0, latitude: 0, longitude: 0 }));
  const { from, to } = routeOfStops(stops);
  return { from, to, vehicleTypes: storedList(job.vehicleTypes), loadType: job.loadType };
}

/** One job's lane facts, read: one statement. */
export async function readJobLane(jobId: number): Promise<LaneFacts | null> {
  const rows = z.array(JobLaneRow).parse(await db().$queryRaw<unknown[]>`
    SELECT j."vehicleTypes" AS "vehicleTypes", j."loadType" AS "loadType", jl."id" AS "id", jl."kind" AS "kind",
      jl."position" AS "position", jl."postCode" AS "postCode"
    FROM "Job" j LEFT JOIN "JobLocation" jl ON jl."jobId" = j."id" WHERE j."id" = ${jobId}`);
  const first = rows[0];
  if (!first) return null;
  const locations = rows.flatMap((row) => (row.id === null || row.kind === null ? [] : [{ id: row.id, kind: row.kind, position: row.position ?? 0, postCode: row.postCode }]));
  return laneOfJob({ vehicleTypes: first.vehicleTypes, loadType: first.loadType, locations });
}
