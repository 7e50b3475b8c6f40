// Planned empty journeys at 100,000 open jobs (docs/availability.md): how long the model takes to
// list the jobs along a journey's corridor (the carrier's sight, the day-and-box query through the
// (kind, windowDate, latitude, longitude) index, the exact corridor and reach rules, the visible jobs)
// for many journeys across Great Britain, and how long a shipper's "vehicles near a collection" takes
// among a few thousand live journeys (the same query a newly published job's matching makes).
// `npx tsx scripts/bench-corridor.ts` on a throwaway SQLite file; `DB=postgresql` on a PostgreSQL
// server started for the run (needs the test suite's PostgreSQL binaries); JOBS=… JOURNEYS=… to resize.
import { benchDatabase, percentile, placeIn, seededRandom } from "./lib/geo-bench.ts";

const JOBS = Number(process.env.JOBS ?? 100_000);
const JOURNEYS = Number(process.env.JOURNEYS ?? 2_000);
const ASKED = 300;
const WARMUP = 10;
const DAYS = 60;
const DAY_MS = 86_400_000;
const FIRST_DAY = Date.UTC(2031, 0, 1);
const database = await benchDatabase("bench_corridor");

const { applyMigrations } = await import("#db/migrate.server.ts");
const { db, disconnectDb } = await import("#db/client.server.ts");
const { insertRows } = await import("#db/bulk-insert.server.ts");
const { seedUsers } = await import("../prisma/seeds/users.ts");
const { signedInUser } = await import("#models/users.server.ts");
const { jobsAlong } = await import("#models/availability/corridor.server.ts");
const { vehiclesNear } = await import("#models/availability/live.server.ts");
const { journeyOf } = await import("#domain/availability/reach.ts");

const random = seededRandom(35);
const place = () => placeIn(random);
const someDay = () => FIRST_DAY + Math.floor(random() * DAYS) * DAY_MS;

async function seedJobs(shipperAccountId: number, createdById: number) {
  const jobs = Array.from({ length: JOBS }, (_, i) => ({
    id: 1_000_000 + i, shipperAccountId, createdById, reference: `Bench job ${i + 1}`, status: "open", jobType: "single", loadType: "palletised",
    vehicleTypes: '["curtain_side"]', publishedAt: new Date(), onMarket: true, audience: "market",
  }));
  await insertRows(db(), "Job", ["id", "shipperAccountId", "createdById", "reference", "status", "jobType", "loadType", "vehicleTypes", "publishedAt", "onMarket", "audience"], jobs);
  const locations = jobs.flatMap(({ id }) => {
    const day = someDay();
    return [{ jobId: id, kind: "pickup", position: 0, city: "Somewhere", ...place(), windowDate: new Date(day) },
      { jobId: id, kind: "delivery", position: 0, city: "Elsewhere", ...place(), windowDate: new Date(day + DAY_MS) }];
  });
  await insertRows(db(), "JobLocation", ["jobId", "kind", "position", "city", "latitude", "longitude", "windowDate"], locations, { timestamps: false });
}

/** Journeys of many carrier companies, free at 08:00 UTC on a day of the window, arriving one or two days later. */
async function seedJourneys(accountId: number, userId: number) {
  const rows = Array.from({ length: JOURNEYS }, () => {
    const [from, to] = [place(), place()];
    const free = someDay() + 8 * 3_600_000;
    return {
      accountId, userId, vehicleType: "curtain_side", fromPlace: "A", fromLatitude: from.latitude, fromLongitude: from.longitude, availableFrom: new Date(free),
      toPlace: "B", toLatitude: to.latitude, toLongitude: to.longitude, availableUntil: new Date(free + (1 + Math.floor(random() * 2)) * DAY_MS),
    };
  });
  await insertRows(db(), "VehicleAvailability", Object.keys(rows[0]!) as (keyof (typeof rows)[number] & string)[], rows, { timestamps: false });
}


async function measure(label: string, count: number, ask: (i: number) => Promise<number>) {
  const times: number[] = [];
  let found = 0;
  for (let i = 0; i < WARMUP + count; i += 1) {
    const started = performance.now();
    const answer = await ask(i);
    if (i >= WARMUP) { times.push(performance.now() - started); found += answer; }
  }
  const figures = `median ${percentile(times, 50).toFixed(1)} ms, p95 ${percentile(times, 95).toFixed(1)} ms, max ${Math.max(...times).toFixed(1)} ms`;
  console.log(`${label.padEnd(34)} ${figures}; ${(found / times.length).toFixed(1)} found on average (${times.length} asked)`);
}

await applyMigrations(process.env.DATABASE_URL!);
const accounts = await seedUsers(db());
const shipper = await db().user.findUniqueOrThrow({ where: { email: "shipper@example.com" } });
const carrierRow = await db().user.findUniqueOrThrow({ where: { email: "carrier@example.com" } });
const started = performance.now();
await seedJobs(accounts.shipper!, shipper.id);
await seedJourneys(accounts.carrier!, carrierRow.id);
await db().$executeRawUnsafe("ANALYZE");
console.log(`${database.onPostgres ? "PostgreSQL" : "SQLite"}: seeded ${JOBS.toLocaleString("en-GB")} open jobs and ${JOURNEYS.toLocaleString("en-GB")} journeys in ${((performance.now() - started) / 1000).toFixed(1)} s`);

const carrier = (await signedInUser(carrierRow.id))!;
const journeys = await db().vehicleAvailability.findMany({ orderBy: { id: "asc" }, take: ASKED + WARMUP });
const lengths = journeys.map((row) => Math.hypot(row.toLatitude - row.fromLatitude, (row.toLongitude - row.fromLongitude) * 0.6) * 69);
console.log(`Journeys asked: median ${percentile(lengths, 50).toFixed(0)} miles, longest ${Math.max(...lengths).toFixed(0)} miles`);
await measure("jobs along a journey (page)", journeys.length - WARMUP, async (i) => (await jobsAlong(carrier, journeyOf(journeys[i]!))).length);
const other = await db().account.create({ data: { name: "Bench shipper", kind: "shipper" } });
await measure("vehicles near a collection", ASKED, async () => (await vehiclesNear(other.id, place(), new Date(someDay()))).length);

await disconnectDb();
await database.close();
