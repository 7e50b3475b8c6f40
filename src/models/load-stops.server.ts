import { setImmediate as nextTurn } from "node:timers/promises";
import { db } from "#db/client.server.ts";
import { insertRows } from "#models/bulk-insert.server.ts";

// A load's stops (one per location of its job, with the day it is due there) are written after the
// award commits, a few hundred rows at a time with a turn of the event loop between batches: the
// largest award (1,000 loads × 20 locations) then never holds the database or the server for long.
// Writing them is idempotent, so a restart finishes whatever a crash interrupted.

const STOPS_PER_BATCH = 1000;

type StopLocation = { id: number; kind: string; position: number; windowDate: Date | null };
type StoplessLoad = { id: number; pickupDate: Date | null; deliveryDate: Date | null };

/** Pickups first, each side in its order. */
const routeOf = (locations: readonly StopLocation[]) =>
  [...locations].sort((a, b) => Number(a.kind !== "pickup") - Number(b.kind !== "pickup") || a.position - b.position);

// A single-load job keeps each location's own window date; a schedule's runs take the run's dates.
function stopsOf(load: StoplessLoad, route: readonly StopLocation[], ownDates: boolean) {
  return route.map((location) => ({
    loadId: load.id,
    jobLocationId: location.id,
    windowDate: (ownDates ? location.windowDate : null) ?? (location.kind === "pickup" ? load.pickupDate : load.deliveryDate),
  }));
}

/** Writes the stops of every load of the job that has none yet. */
export async function createLoadStops(jobId: number): Promise<number> {
  const job = await db().job.findUniqueOrThrow({ where: { id: jobId }, select: { jobType: true, locations: { select: { id: true, kind: true, position: true, windowDate: true } } } });
  const route = routeOf(job.locations);
  const loadsPerBatch = Math.max(1, Math.floor(STOPS_PER_BATCH / Math.max(1, route.length)));
  let written = 0;
  for (;;) {
    const loads = await db().load.findMany({ where: { jobId, stops: { none: {} } }, select: { id: true, pickupDate: true, deliveryDate: true }, orderBy: { id: "asc" }, take: loadsPerBatch });
    if (!loads.length || !route.length) return written;
    written += await insertRows(db(), "LoadStop", ["loadId", "jobLocationId", "windowDate"], loads.flatMap((load) => stopsOf(load, route, job.jobType === "single")), { timestamps: false });
    await nextTurn();
  }
}

/** At start-up: finish the stops of any award a crash interrupted. */
export async function finishInterruptedAwards(): Promise<number> {
  const jobs = await db().load.findMany({ where: { stops: { none: {} } }, select: { jobId: true }, distinct: ["jobId"] });
  let written = 0;
  for (const { jobId } of jobs) written += await createLoadStops(jobId);
  return written;
}
