import { setImmediate as nextTurn } from "node:timers/promises";
import { db } from "#db/client.server.ts";
import { Prisma } from "#generated/prisma/client.ts";
import { co2eGramsOf } from "#domain/charts/co2e.ts";
import { storedList } from "#domain/jobs/stored-values.ts";
import { mappedPlaceSelect, tripMap, type MappedPlace } from "#geo/trips.server.ts";

// Each job's CO2e per load, stored so the dashboard can add it up by month in the database. Every
// load of a job runs through all of the job's stops (src/domain/loads/stops.ts) with the job's
// vehicle types, so one figure serves all of them, and it is worked out by the very function the
// job and load pages use (tripMap): the chart and the pages cannot disagree. It is set when a job
// is saved (its route or vehicle types may have changed) and at award, and jobs without one (older
// rows) are filled in at start-up and after seeding, a batch at a time, never inside a request.

type FigureJob = { id: number; vehicleTypes: string; locations: MappedPlace[] };
const figureJobSelect = { id: true, vehicleTypes: true, locations: { select: mappedPlaceSelect } } as const;

/** Grams of CO2e one load of the job emits, as its page reckons it (0 when it has no route). */
export async function perLoadCo2eGrams(job: FigureJob): Promise<number> {
  const trip = await tripMap(job.locations, storedList(job.vehicleTypes), { label: "" });
  return co2eGramsOf(trip.co2eKg);
}

// One UPDATE for a batch. Raw, so the job's updatedAt (shown to people as its last edit) stays put.
async function store(figures: readonly { id: number; grams: number }[]): Promise<void> {
  if (!figures.length) return;
  const cases = Prisma.join(figures.map((f) => Prisma.sql`WHEN ${f.id} THEN CAST(${f.grams} AS INTEGER)`), " ");
  const ids = Prisma.join(figures.map((f) => f.id));
  await db().$executeRaw`UPDATE "Job" SET "co2eGramsPerLoad" = CASE "id" ${cases} END WHERE "id" IN (${ids})`;
}

/** Works the job's figure out again: after its route or vehicle types are saved. */
export async function recordJobCo2e(jobId: number): Promise<void> {
  const job = await db().job.findUnique({ where: { id: jobId }, select: figureJobSelect });
  if (job) await store([{ id: job.id, grams: await perLoadCo2eGrams(job) }]);
}

/** At award: the figure, if the job has none yet (saved before figures were stored). */
export async function ensureJobCo2e(jobId: number): Promise<void> {
  const job = await db().job.findFirst({ where: { id: jobId, co2eGramsPerLoad: null }, select: figureJobSelect });
  if (job) await store([{ id: job.id, grams: await perLoadCo2eGrams(job) }]);
}

const JOBS_PER_BATCH = 200;

/** Every job without a figure gets one, a batch at a time with a turn of the event loop between. */
export async function fillMissingJobCo2e(): Promise<number> {
  let filled = 0;
  for (;;) {
    const jobs = await db().job.findMany({
      where: { co2eGramsPerLoad: null }, select: figureJobSelect, orderBy: { id: "asc" }, take: JOBS_PER_BATCH,
    });
    if (!jobs.length) return filled;
    const figures = [];
    for (const job of jobs) figures.push({ id: job.id, grams: await perLoadCo2eGrams(job) });
    await store(figures);
    filled += jobs.length;
    await nextTurn();
  }
}
