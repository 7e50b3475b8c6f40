import { setImmediate as nextTurn } from "node:timers/promises";
import { db } from "#db/client.server.ts";
import { insertRows } from "#models/bulk-insert.server.ts";
import { stopsOf, type StopDates } from "#domain/loads/stops.ts";

// A load's stops (the rule is in src/domain/loads/stops.ts) are written after the award commits, a
// few hundred rows at a time with a turn of the event loop between batches: the largest award
// (1,000 loads × 20 locations) then never holds the database or the server for long. Writing them is
// idempotent, so a restart finishes whatever a crash interrupted.

const STOPS_PER_BATCH = 1000;

/** Writes the stops of every load of the job that has none yet. */
export async function createLoadStops(jobId: number): Promise<number> {
  const job = await db().job.findUniqueOrThrow({ where: { id: jobId }, select: { jobType: true, locations: { select: { id: true, kind: true, position: true, windowDate: true } } } });
  const rowsOf = (load: StopDates & { id: number }) =>
    stopsOf(load, job.locations, job.jobType === "single").map((stop) => ({ loadId: load.id, jobLocationId: stop.jobLocation.id, windowDate: stop.windowDate }));
  const loadsPerBatch = Math.max(1, Math.floor(STOPS_PER_BATCH / Math.max(1, job.locations.length)));
  let written = 0;
  for (;;) {
    const loads = await db().load.findMany({ where: { jobId, stops: { none: {} } }, select: { id: true, pickupDate: true, deliveryDate: true }, orderBy: { id: "asc" }, take: loadsPerBatch });
    if (!loads.length || !job.locations.length) return written;
    written += await insertRows(db(), "LoadStop", ["loadId", "jobLocationId", "windowDate"], loads.flatMap(rowsOf), { timestamps: false });
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
