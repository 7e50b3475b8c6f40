// GET /api/v2/jobs under load, beside the page of the same jobs (the shipper's /jobs).
//
//   npx tsx scripts/bench-api.ts [seconds per run, default 10]
//
// As bench-pages.ts: a throwaway copy of the demo data plus 1,000 open jobs of Northwind's; the app
// in production mode as its own process (behind a pretend TLS proxy); autocannon at 50 connections.
// Many callers, many addresses, writes in between: the API's requests rotate over 1,000 keys of
// Northwind's (each stays well inside its 120 a minute) and the page's over 10 signed-in people of
// Northwind's; every request has an address of its own (`?r=1`, `?r=2`, …) so no kept copy answers;
// and while each run goes on, a job is posted through the API every 200 ms. Both answer 50 jobs.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { startProcess, stopProcess } from "./lib/process.ts";
import { PROXIED, signInThroughForm } from "./lib/sign-in.ts";

const SECONDS = Number(process.argv.find((arg) => /^\d+$/.test(arg)) ?? 10);
const CONNECTIONS = 50;
const KEYS = 1_000;
const PEOPLE = 10;
const dir = mkdtempSync(path.join(tmpdir(), "bench-api-"));
const databaseUrl = `file:${path.join(dir, "bench.sqlite3")}`;
Object.assign(process.env, { DATABASE_URL: databaseUrl, NODE_ENV: "production", APP_ORIGIN: "http://127.0.0.1", TRUST_PROXY: "1", SESSION_SECRET: "bench-secret-bench-secret-bench-secret-0123456789", LOG_LEVEL: "silent" });

const { applyMigrations } = await import("#db/migrate.server.ts");
const { db, disconnectDb } = await import("#db/client.server.ts");
const { seed } = await import("../prisma/seed.ts");
const { digestOf, newSecret } = await import("#models/api-keys.server.ts");

// ── Data ─────────────────────────────────────────────────────────────────────────────────────────

await applyMigrations(databaseUrl);
await seed(db());
const shipper = await db().user.findUniqueOrThrow({ where: { email: "shipper@example.com" } });
const day = (i: number) => new Date(Date.UTC(2031, 0, 1) + (i % 180) * 86_400_000);

await db().job.createMany({
  data: Array.from({ length: 1_000 }, (_, i) => ({
    shipperAccountId: shipper.accountId, createdById: shipper.id, reference: `Bench job ${i + 1}`, status: "open", jobType: "single",
    loadType: "palletised", palletType: "eu", quantityEu: 20, totalWeightKg: 9_000, vehicleTypes: '["curtain_side"]', startDate: day(i), publishedAt: new Date(),
  })),
});
const jobs = await db().job.findMany({ where: { reference: { startsWith: "Bench job" } }, select: { id: true, startDate: true } });
await db().jobLocation.createMany({
  data: jobs.flatMap(({ id, startDate }) => [
    { jobId: id, kind: "pickup", position: 0, city: "Leeds", countryCode: "GB", latitude: 53.8, longitude: -1.55, windowDate: startDate },
    { jobId: id, kind: "delivery", position: 0, city: "Belfast", countryCode: "GB", latitude: 54.6, longitude: -5.93, windowDate: startDate },
  ]),
});

const secrets = Array.from({ length: KEYS + 1 }, () => newSecret());
const scopes = JSON.stringify(["jobs:read", "jobs:write"]);
await db().apiKey.createMany({
  data: secrets.map((secret, i) => ({ accountId: shipper.accountId, createdById: shipper.id, name: `Bench key ${i}`, prefix: secret.slice(0, 12), digest: digestOf(secret), scopes })),
});
const writerKey = secrets.pop()!;
const people = ["shipper@example.com"];
for (let i = 1; i < PEOPLE; i++) {
  const email = `bench${i}@northwind.example`;
  await db().user.create({ data: { accountId: shipper.accountId, email, name: `Bench ${i}`, role: "member", passwordHash: shipper.passwordHash } });
  people.push(email);
}
await disconnectDb();

// ── Load ─────────────────────────────────────────────────────────────────────────────────────────

type Figures = { rps: number; p50: number; p99: number; errors: number };

/** 50 connections for SECONDS, each request from the next caller in turn and at an address of its own. */
async function pound(url: string, callers: Record<string, string>[]): Promise<Figures> {
  const { pathname, search } = new URL(url);
  let n = 0;
  const setupRequest = (request: { path: string; headers: Record<string, string> }) => {
    n += 1;
    return { ...request, path: `${pathname}${search ? `${search}&` : "?"}r=${n}`, headers: { ...request.headers, ...PROXIED, ...callers[n % callers.length] } };
  };
  const result = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS, requests: [{ setupRequest }] as never });
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, errors: result.errors + result.timeouts + result.non2xx };
}

/** Posts a job through the API every 200 ms until stopped: the reads run among writes. */
function writing(base: string): () => Promise<number> {
  let posted = 0;
  let running = true;
  const loop = (async () => {
    while (running) {
      const response = await fetch(`${base}/api/v2/jobs`, {
        method: "POST", headers: { ...PROXIED, authorization: `Bearer ${writerKey}`, "content-type": "application/json" },
        body: JSON.stringify({ reference: `Written during the run ${posted + 1}` }),
      });
      if (response.status === 201) posted += 1;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  })();
  return async () => {
    running = false;
    await loop;
    return posted;
  };
}

const app = await startProcess(["--import", "tsx", "src/main.ts"], { PORT: "0", HOST: "127.0.0.1", SEED_DEMO_DATA: "false", LOG_LEVEL: "info" });
try {
  const base = `http://127.0.0.1:${app.port}`;
  const sessions = await Promise.all(people.map(async (email) => ({ cookie: (await signInThroughForm(base, email)).cookie })));
  const keys = secrets.map((secret) => ({ authorization: `Bearer ${secret}` }));
  const runs: [string, string, Record<string, string>[]][] = [
    ["GET /api/v2/jobs?limit=50 (1,000 keys)", `${base}/api/v2/jobs?limit=50`, keys],
    [`GET /jobs page, 50 jobs (${PEOPLE} people)`, `${base}/jobs`, sessions],
  ];
  for (const [label, url, callers] of runs) {
    const stop = writing(base);
    const figures = await pound(url, callers);
    const written = await stop();
    console.log(`${label.padEnd(44)} ${figures.rps.toFixed(0).padStart(6)} req/s  p50 ${String(figures.p50).padStart(4)} ms  p99 ${String(figures.p99).padStart(5)} ms  errors ${figures.errors}  jobs written meanwhile ${written}`);
  }
} finally {
  await stopProcess(app.child);
  rmSync(dir, { recursive: true, force: true });
}
console.log(`\n${CONNECTIONS} connections, ${SECONDS} s a run, production mode, SQLite, one machine`);
