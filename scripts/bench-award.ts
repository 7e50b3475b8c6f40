// Times awardJob() on a 500-load multi-load job (50 quotes, rules 50/30/20) on a fresh SQLite file:
// `npx tsx scripts/bench-award.ts`. Each run awards a new job; median of the runs is reported.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

const RUNS = 7;
const QUOTES = 50;
const dir = mkdtempSync(path.join(tmpdir(), "bench-award-"));
process.env.DATABASE_URL = `file:${path.join(dir, "bench.sqlite3")}`;

const { applyMigrations } = await import("#db/migrate.server.ts");
const { db, disconnectDb } = await import("#db/client.server.ts");
const { awardJob } = await import("#models/award.server.ts");
await applyMigrations(process.env.DATABASE_URL);

const shipperAccount = await db().account.create({ data: { kind: "shipper", name: "Bench Shipper" } });
const shipper = await db().user.create({ data: { accountId: shipperAccount.id, email: "bench@shipper.example", name: "Bench", role: "admin", passwordHash: "x" } });
const carriers = await Promise.all(
  Array.from({ length: QUOTES }, async (_, i) => {
    const account = await db().account.create({ data: { kind: "carrier", name: `Carrier ${i}` } });
    const user = await db().user.create({ data: { accountId: account.id, email: `c${i}@bench.example`, name: `C${i}`, role: "admin", passwordHash: "x" } });
    return { accountId: account.id, userId: user.id };
  }),
);

async function jobWith500Loads() {
  const job = await db().job.create({
    data: {
      shipperAccountId: shipperAccount.id,
      createdById: shipper.id,
      reference: "500 daily loads",
      status: "open",
      jobType: "multi",
      frequency: "daily",
      startDate: new Date("2027-01-01T00:00:00Z"),
      endDate: new Date("2028-05-15T00:00:00Z"),
      expectedQuantity: 500,
      loadType: "palletised",
      firstBidPercentage: 50,
      secondBidPercentage: 30,
      thirdBidPercentage: 20,
      locations: {
        create: [
          { kind: "pickup", position: 0, city: "Leeds", countryCode: "GB" },
          { kind: "delivery", position: 0, city: "Bristol", countryCode: "GB" },
        ],
      },
    },
  });
  await db().quote.createMany({
    data: carriers.map((c, i) => ({ jobId: job.id, carrierAccountId: c.accountId, placedById: c.userId, valueCents: 40_000 + i * 500, numberOfLoads: 500, status: "active" })),
  });
  return job.id;
}

const samples: number[] = [];
for (let run = 0; run < RUNS; run++) {
  const jobId = await jobWith500Loads();
  const started = performance.now();
  const outcome = await awardJob(jobId);
  samples.push(performance.now() - started);
  if (!outcome.ok || outcome.loads !== 500) throw new Error(`unexpected outcome ${JSON.stringify(outcome)}`);
}
const stops = await db().loadStop.count();
samples.sort((a, b) => a - b);
console.log(
  `awardJob() on a 500-load job with ${QUOTES} quotes: median ${samples[Math.floor(RUNS / 2)]!.toFixed(1)} ms over ${RUNS} runs ` +
    `(min ${samples[0]!.toFixed(1)}, max ${samples.at(-1)!.toFixed(1)}); creates 500 loads + 1,000 stops per award (${stops} stops in total)`,
);
await disconnectDb();
rmSync(dir, { recursive: true, force: true });
