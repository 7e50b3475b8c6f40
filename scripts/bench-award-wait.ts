// How long other requests wait while the largest award the product allows is written: a 1,000-load
// daily job with the most locations a job may have, one carrier's quote for every load. A probe asks
// the database something small every 10 ms throughout; the script prints the award's duration, the
// longest any probe waited, and the longest the event loop was blocked. Goal: waits ≤ 200 ms.
// `npx tsx scripts/bench-award-wait.ts [locations]`
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

const dir = mkdtempSync(path.join(tmpdir(), "bench-award-wait-"));
process.env.DATABASE_URL = `file:${path.join(dir, "bench.sqlite3")}`;
const { applyMigrations } = await import("#db/migrate.server.ts");
const { db, disconnectDb } = await import("#db/client.server.ts");
const { awardJob } = await import("#models/award.server.ts");
const { MAX_LOCATIONS_PER_SIDE } = await import("#domain/jobs/limits.ts");
await applyMigrations(process.env.DATABASE_URL);

const LOADS = 1000;
const perSide = Number(process.argv[2] ?? MAX_LOCATIONS_PER_SIDE);
const shipperAccount = await db().account.create({ data: { kind: "shipper", name: "Bench Shipper" } });
const shipper = await db().user.create({ data: { accountId: shipperAccount.id, email: "bench@shipper.example", name: "Bench", role: "admin", passwordHash: "x" } });
const carrierAccount = await db().account.create({ data: { kind: "carrier", name: "Bench Carrier" } });
const carrier = await db().user.create({ data: { accountId: carrierAccount.id, email: "bench@carrier.example", name: "C", role: "admin", passwordHash: "x" } });
const side = (kind: string) => Array.from({ length: perSide }, (_, position) => ({ kind, position, city: `Town ${position}`, countryCode: "GB" }));

async function jobWith(loads: number, reference: string) {
  const job = await db().job.create({
    data: {
      shipperAccountId: shipperAccount.id, createdById: shipper.id, reference, status: "open", jobType: "multi", frequency: "daily",
      startDate: new Date("2027-01-01T00:00:00Z"), endDate: new Date("2029-12-31T00:00:00Z"), numberOfLoads: 1, expectedQuantity: loads, loadType: "palletised",
      locations: { create: [...side("pickup"), ...side("delivery")] },
    },
  });
  await db().quote.create({ data: { jobId: job.id, carrierAccountId: carrierAccount.id, placedById: carrier.id, valueCents: 40_000, numberOfLoads: loads, status: "active" } });
  return job;
}

// A running server has compiled its code paths already: award a small job first so the timing is
// of the award, not of the JavaScript engine warming up.
await awardJob((await jobWith(20, "Warm-up")).id);
const job = await jobWith(LOADS, "Largest award");
const stopsBefore = await db().loadStop.count();

// The event loop's longest stall: a 5 ms timer that notes how late it fires.
let longestBlock = 0;
let tickDue = performance.now() + 5;
const ticker = setInterval(() => {
  longestBlock = Math.max(longestBlock, performance.now() - tickDue);
  tickDue = performance.now() + 5;
}, 5);
let awarding = true;
let longestWait = 0;
let probes = 0;
// A probe wants an answer every 10 ms: each wait counts from when it meant to ask (a blocked event
// loop delays the asking too) to when the answer came.
const probe = (async () => {
  while (awarding) {
    const due = performance.now() + 10;
    await new Promise((resolve) => setTimeout(resolve, 10));
    await db().user.count();
    longestWait = Math.max(longestWait, performance.now() - due);
    probes += 1;
  }
})();
const started = performance.now();
const outcome = await awardJob(job.id);
const duration = performance.now() - started;
awarding = false;
await probe;
clearInterval(ticker);
const stops = (await db().loadStop.count()) - stopsBefore;
console.log(`award of ${LOADS} loads × ${perSide * 2} locations (${stops.toLocaleString("en-GB")} stops): ${outcome.ok ? "ok" : JSON.stringify(outcome)} in ${duration.toFixed(0)} ms`);
console.log(`longest wait of another request: ${longestWait.toFixed(0)} ms over ${probes} probes (goal ≤ 200 ms)`);
console.log(`longest event-loop block: ${longestBlock.toFixed(0)} ms`);
await disconnectDb();
rmSync(dir, { recursive: true, force: true });
