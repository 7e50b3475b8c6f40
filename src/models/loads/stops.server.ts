import { setImmediate as nextTurn } from "node:timers/promises";
import { db } from "#db/client.server.ts";
import { lockRow } from "#db/row-lock.server.ts";
import { insertRows } from "#db/bulk-insert.server.ts";
import { stopsOf, type StopDates } from "#domain/loads/stops.ts";

// A load's stops (the rule is in src/domain/loads/stops.ts) are written after the award commits, a
// few hundred rows at a time with a turn of the event loop between batches: the largest award
// (1,000 loads × 20 locations) then never holds the database or the server for long. Writing them is
// idempotent, so a restart finishes whatever a crash interrupted. Each batch finds its loads and
// writes their stops in one transaction holding the job's row: the award and another process
// starting up may finish the same job at once, and each load still gets its stops once.

const STOPS_PER_BATCH = 1000;
// A batch may queue behind an award's transaction (SQLite's single writer, or the job's row).
const BATCH_TRANSACTION = { maxWait: 15_000, timeout: 30_000 } as const;

type StopRow = { loadId: number; jobLocationId: number; windowDate: Date | null };

/** Writes the stops of every load of the job that has none yet. */
export async function createLoadStops(jobId: number): Promise<number> {
  const job = await db().job.findUniqueOrThrow({ where: { id: jobId }, select: { jobType: true, locations: { select: { id: true, kind: true, position: true, windowDate: true } } } });
  if (!job.locations.length) return 0;
  const rowsOf = (load: StopDates & { id: number }): StopRow[] =>
    stopsOf(load, job.locations, job.jobType === "single").map((stop) => ({ loadId: load.id, jobLocationId: stop.jobLocation.id, windowDate: stop.windowDate }));
  const loadsPerBatch = Math.max(1, Math.floor(STOPS_PER_BATCH / job.locations.length));
  let written = 0;
  for (;;) {
    const batch = await writeBatch(jobId, loadsPerBatch, rowsOf);
    if (!batch) return written;
    written += batch;
    await nextTurn();
  }
}

/** The stops of the job's next `take` loads without any, found and written holding the job's row. */
function writeBatch(jobId: number, take: number, rowsOf: (load: StopDates & { id: number }) => StopRow[]): Promise<number> {
  return db().$transaction(async (tx) => {
    await lockRow(tx, "Job", jobId);
    const loads = await tx.load.findMany({ where: { jobId, stops: { none: {} } }, select: { id: true, pickupDate: true, deliveryDate: true }, orderBy: { id: "asc" }, take });
    return insertRows(tx, "LoadStop", ["loadId", "jobLocationId", "windowDate"], loads.flatMap(rowsOf), { timestamps: false });
  }, BATCH_TRANSACTION);
}

/** At start-up: finish the stops of any award a crash interrupted. */
export async function finishInterruptedAwards(): Promise<number> {
  const jobs = await db().load.findMany({ where: { stops: { none: {} } }, select: { jobId: true }, distinct: ["jobId"] });
  let written = 0;
  for (const { jobId } of jobs) written += await createLoadStops(jobId);
  return written;
}
