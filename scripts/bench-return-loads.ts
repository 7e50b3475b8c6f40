// Return loads at 100,000 open jobs (docs/return-loads.md): how long the model takes to answer
// "return loads for this load" (the load's finder, the carrier's sight and base, the bounding-box
// query and the exact distances), over many different loads in different places and on different
// days, so no answer is a repeat of a cached one. Runs on a throwaway SQLite file:
// `npx tsx scripts/bench-return-loads.ts` (JOBS=… and LOADS=… to change the sizes); `DB=postgresql`
// on a PostgreSQL server started for the run (needs the test suite's PostgreSQL binaries).
import { benchDatabase, percentile, placeIn, seededRandom } from "./lib/geo-bench.ts";

const JOBS = Number(process.env.JOBS ?? 100_000);
const LOADS = Number(process.env.LOADS ?? 300);
const WARMUP = 10;
const DAYS = 60;
const DAY_MS = 86_400_000;
const FIRST_DAY = Date.UTC(2031, 0, 1);

const database = await benchDatabase("bench_return_loads");

const { applyMigrations } = await import("#db/migrate.server.ts");
const { db, disconnectDb } = await import("#db/client.server.ts");
const { insertRows } = await import("#db/bulk-insert.server.ts");
const { seedUsers } = await import("../prisma/seeds/users.ts");
const { signedInUser } = await import("#models/users.server.ts");
const { requireReturnLoadsLoad, returnLoadsFor } = await import("#models/return-loads.server.ts");

const random = seededRandom(34);
const place = () => placeIn(random);
const someDay = () => new Date(FIRST_DAY + Math.floor(random() * DAYS) * DAY_MS);

async function seedJobs(shipperAccountId: number, createdById: number, count: number, status: string, first: number) {
  const jobs = Array.from({ length: count }, (_, i) => ({
    id: first + i, shipperAccountId, createdById, reference: `Bench ${status} job ${i + 1}`, status, jobType: "single", loadType: "palletised",
    vehicleTypes: '["curtain_side"]', publishedAt: new Date(), onMarket: true, audience: "market",
  }));
  await insertRows(db(), "Job", ["id", "shipperAccountId", "createdById", "reference", "status", "jobType", "loadType", "vehicleTypes", "publishedAt", "onMarket", "audience"], jobs);
  const locations = jobs.flatMap(({ id }) => {
    const day = someDay();
    return [{ jobId: id, kind: "pickup", position: 0, city: "Somewhere", ...place(), windowDate: day },
      { jobId: id, kind: "delivery", position: 0, city: "Elsewhere", ...place(), windowDate: new Date(day.getTime() + DAY_MS) }];
  });
  await insertRows(db(), "JobLocation", ["jobId", "kind", "position", "city", "latitude", "longitude", "windowDate"], locations, { timestamps: false });
  return jobs.map((job) => job.id);
}


await applyMigrations(process.env.DATABASE_URL!);
const accounts = await seedUsers(db());
const shipper = await db().user.findUniqueOrThrow({ where: { email: "shipper@example.com" } });
const carrierRow = await db().user.findUniqueOrThrow({ where: { email: "carrier@example.com" } });
await db().billingDetails.create({ data: { accountId: accounts.carrier, legalName: "Pennine Haulage Ltd", registeredAddress: "Ripponden Road\nHalifax\nHX6 4AA", invoiceEmail: "a@example.com" } });

let started = performance.now();
await seedJobs(accounts.shipper, shipper.id, JOBS, "open", 1_000_000);
const ownJobs = await seedJobs(accounts.shipper, shipper.id, LOADS, "awarded", 2_000_000);
await insertRows(db(), "Load", ["jobId", "sequence", "carrierAccountId", "status"], ownJobs.map((jobId) => ({ jobId, sequence: 1, carrierAccountId: accounts.carrier, status: "assigned" })));
await db().$executeRawUnsafe("ANALYZE");
console.log(`${database.onPostgres ? "PostgreSQL" : "SQLite"}: seeded ${JOBS.toLocaleString("en-GB")} open jobs and ${LOADS} loads in ${((performance.now() - started) / 1000).toFixed(1)} s`);

const carrier = (await signedInUser(carrierRow.id))!;
const loadIds = (await db().load.findMany({ where: { carrierAccountId: accounts.carrier }, select: { id: true } })).map((load) => load.id);

async function measure(label: string, query: { radius: number; towards: "anywhere" | "base" }) {
  const times: number[] = [];
  let found = 0;
  for (const [i, id] of [...loadIds.slice(0, WARMUP), ...loadIds].entries()) {
    started = performance.now();
    const answer = await returnLoadsFor(carrier, await requireReturnLoadsLoad(carrier, id), query);
    if (i >= WARMUP) times.push(performance.now() - started);
    if (i >= WARMUP) found += answer.loads.length;
  }
  const figures = `median ${percentile(times, 50).toFixed(1)} ms, p95 ${percentile(times, 95).toFixed(1)} ms, max ${Math.max(...times).toFixed(1)} ms`;
  console.log(`${label.padEnd(28)} ${figures}; ${(found / times.length).toFixed(1)} return loads a load on average (${times.length} loads)`);
}

await measure("25 miles, anywhere", { radius: 25, towards: "anywhere" });
await measure("25 miles, towards base", { radius: 25, towards: "base" });
await measure("100 miles, anywhere", { radius: 100, towards: "anywhere" });

await disconnectDb();
await database.close();
