// The shipper's dashboard with 100,000 loads delivered over the last 12 months: SQL statements per
// page and median response time (goal: at most 100 ms at the median, in production mode).
//
//   npx tsx scripts/bench-dashboard.ts [requests, default 40]
//
// Builds a throwaway database with the demo users and 2,000 completed jobs of 50 delivered loads
// each (20 lanes, 6 carriers, spread over the 12 months; each job with its CO2e per load), counts the statements one render runs (in
// this process), then starts the app in production mode as its own process, signs in as the demo
// shipper through the real form and asks for the dashboard one request at a time. Every request has
// its own query string, so no kept page answers it: each one is a full render. Three ways: the usual
// period (its figures kept between renders until a load, job or quote changes), the usual period
// right after a job is written (the figures as they were, fresh ones added up behind), and a
// different period each time (read from the months kept for the window around today; its busiest
// lanes added up). It also times adding the window's figures up, what the first view after a start
// waits for. The charts' grouped statements run on the read worker's thread
// (src/db/read-worker.server.ts), not on the app's. Stops by itself.
import { mkdtempSync, rmSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { Worker } from "node:worker_threads";
import Database from "better-sqlite3";
import { startProcess, stopProcess } from "./lib/process.ts";
import { PROXIED, signInThroughForm } from "./lib/sign-in.ts";

const REQUESTS = Math.min(80, Number(process.argv.find((arg) => /^\d+$/.test(arg)) ?? 40));
const WARMUP = 5;
const JOBS = 2_000;
const LOADS_PER_JOB = 50;
const CARRIERS = 6;
const LANES = 20;
const dir = mkdtempSync(path.join(tmpdir(), "bench-dashboard-"));
const databaseUrl = `file:${path.join(dir, "bench.sqlite3")}`;
Object.assign(process.env, { DATABASE_URL: databaseUrl, NODE_ENV: "production", APP_ORIGIN: "http://127.0.0.1", TRUST_PROXY: "1", SESSION_SECRET: "bench-secret-bench-secret-bench-secret-0123456789", LOG_LEVEL: "silent" });

const { applyMigrations } = await import("#db/migrate.server.ts");
const { db, disconnectDb } = await import("#db/client.server.ts");
const { seedUsers } = await import("../prisma/seeds/users.ts");
const { createApp } = await import("#server/app.server.ts");
const { parseEnv } = await import("#lib/env.server.ts");
const { createLogger } = await import("#lib/logger.server.ts");

// ── Data: 100,000 delivered loads over the last 12 months ────────────────────────────────────────

const DAY_MS = 86_400_000;
const YEAR_AGO = Date.now() - 365 * DAY_MS;

async function carriers(): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < CARRIERS; i++) ids.push((await db().account.create({ data: { kind: "carrier", name: `Bench Haulage ${i + 1}` } })).id);
  return ids;
}

async function history(shipperAccountId: number, createdById: number) {
  const carrierIds = await carriers();
  await db().job.createMany({
    data: Array.from({ length: JOBS }, (_, i) => ({ shipperAccountId, createdById, reference: `Bench history ${i + 1}`, status: "completed", jobType: "multi", loadType: "palletised", expectedQuantity: LOADS_PER_JOB,
      // Each job's CO2e per load, as the app stores it (these jobs have no coordinates to work it out from).
      co2eGramsPerLoad: 250_000 + (i % LANES) * 10_000 })),
  });
  const jobs = await db().job.findMany({ where: { reference: { startsWith: "Bench history" } }, select: { id: true }, orderBy: { id: "asc" } });
  await db().jobLocation.createMany({
    data: jobs.flatMap(({ id }, i) => [
      { jobId: id, kind: "pickup", position: 0, city: `Origin ${i % LANES}`, countryCode: "GB" },
      { jobId: id, kind: "delivery", position: 0, city: `Destination ${(i * 7) % LANES}`, countryCode: "GB" },
    ]),
  });
  for (const [j, { id }] of jobs.entries()) {
    const loads = Array.from({ length: LOADS_PER_JOB }, (_, s) => {
      const n = j * LOADS_PER_JOB + s;
      const day = Math.floor(YEAR_AGO / DAY_MS) * DAY_MS + (n % 360) * DAY_MS;
      return {
        jobId: id, sequence: s + 1, carrierAccountId: carrierIds[n % CARRIERS]!, status: "delivered", priceCents: 30_000 + (n % 500) * 100,
        pickupDate: new Date(day), deliveryDate: new Date(day + DAY_MS), collectedAt: new Date(day + 9 * 3_600_000), deliveredAt: new Date(day + (n % 9 ? 1 : 2) * DAY_MS + 14 * 3_600_000),
      };
    });
    await db().load.createMany({ data: loads });
  }
}

await applyMigrations(databaseUrl);
await seedUsers(db());
const shipper = await db().user.findUniqueOrThrow({ where: { email: "shipper@example.com" } });
const seeding = performance.now();
await history(shipper.accountId, shipper.id);
console.log(`${(await db().load.count()).toLocaleString("en-GB")} loads on ${JOBS.toLocaleString("en-GB")} jobs written in ${((performance.now() - seeding) / 1000).toFixed(1)} s`);

function monthsBack(back: number): string {
  const at = new Date();
  const d = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() - back, 1));
  return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, "0")}`;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

// ── SQL statements per render, counted in this process ───────────────────────────────────────────

async function statementsPerRender(query: string): Promise<{ all: number; charts: number }> {
  const { app } = createApp({ env: parseEnv(process.env), logger: createLogger("silent") });
  const server = http.createServer(app).listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const { cookie } = await signInThroughForm(base, "shipper@example.com");
  await fetch(`${base}/dashboard?warm=1`, { headers: { ...PROXIED, cookie } });
  const prepare = Database.prototype.prepare;
  const post = Worker.prototype.postMessage;
  const seen: string[] = [];
  Database.prototype.prepare = function (this: Database.Database, sql: string) {
    seen.push(sql);
    return prepare.call(this, sql);
  } as typeof prepare;
  // The charts' statements go to the read worker, whose connection prepares them on its own thread.
  Worker.prototype.postMessage = function (this: Worker, message: unknown, ...rest: never[]) {
    const sql = (message as { sql?: unknown } | null)?.sql;
    if (typeof sql === "string") seen.push(sql);
    return post.call(this, message, ...rest);
  } as typeof post;
  const response = await fetch(`${base}/dashboard?${query}count=1`, { headers: { ...PROXIED, cookie } });
  Database.prototype.prepare = prepare;
  Worker.prototype.postMessage = post;
  if (response.status !== 200) throw new Error(`/dashboard answered ${response.status}`);
  if (!(await response.text()).includes('data-island-component-value="bar-chart"')) throw new Error("the dashboard shows no chart");
  server.close();
  return { all: seen.length, charts: seen.filter((sql) => /AS "deliveredMonth"|AS "averagePence"/.test(sql)).length };
}

const statements = {
  kept: await statementsPerRender(""),
  another: await statementsPerRender(`period=custom&from=${fresh(90).from}&to=${fresh(90).to}&`),
  // 24 months back to last month: it starts before the window, so it is added up on its own.
  outside: await statementsPerRender(`period=custom&from=${monthsBack(24)}&to=${monthsBack(1)}&`),
};

// ── Adding the figures up, timed in this process ──────────────────────────────────────────────────
// What a page waits for when nothing is kept yet (the first view after a start): the loads of the
// window of months around today (figure-window.ts), and one period's busiest lanes. Both run on the
// read worker; after a write the page is answered with the figures as they were meanwhile.
const { loadFigures, laneFigures } = await import("#pages/dashboard/chart-sums.server.ts");
const { figureWindow } = await import("#domain/charts/figure-window.ts");
const { monthOfInstant, monthsEndingWith } = await import("#domain/charts/months.ts");
const year = monthsEndingWith(monthOfInstant(new Date()), 12);
const scope = { side: "shipper", accountId: shipper.accountId } as const;
async function timed(work: () => Promise<unknown>): Promise<number> {
  const runs: number[] = [];
  for (let run = 0; run < 11; run++) {
    const started = performance.now();
    await work();
    if (run > 0) runs.push(performance.now() - started);
  }
  return median(runs);
}
const addingUp = { window: await timed(() => loadFigures(scope, figureWindow(year, new Date()))), lanes: await timed(() => laneFigures(scope, year)) };
// A job of the shipper's to copy: a real write to the jobs table, which makes the kept figures stale.
const jobToCopy = (await db().job.findFirstOrThrow({ where: { shipperAccountId: shipper.accountId }, select: { id: true } })).id;
await disconnectDb();

// ── Response time: the app as its own production process ─────────────────────────────────────────

/**
 * The nth period not asked for before that still holds the whole year of loads: from 11 + a
 * months back to b months ahead, a + b ≤ 12 (so at most 24 months): 91 different ones; the 0th is the default period.
 */
function fresh(nth: number): { from: string; to: string } {
  const pairs = Array.from({ length: 13 }, (_, a) => Array.from({ length: 13 - a }, (_, b) => [a, b] as const)).flat();
  const [a, b] = pairs[nth % pairs.length]!;
  return { from: monthsBack(11 + a), to: monthsBack(-b) };
}

const app = await startProcess(["--import", "tsx", "src/main.ts"], { PORT: "0", HOST: "127.0.0.1", SEED_DEMO_DATA: "false", LOG_LEVEL: "info" }, /running at http:\/\/127\.0\.0\.1:(\d+)/);
try {
  const base = `http://127.0.0.1:${app.port}`;
  const { cookie, csrf } = await signInThroughForm(base, "shipper@example.com");
  const copyAJob = async () => {
    const copied = await fetch(`${base}/jobs/${jobToCopy}/copy`, { method: "POST", redirect: "manual", headers: { ...PROXIED, cookie, "x-csrf-token": csrf } });
    if (copied.status !== 303) throw new Error(`copying a job answered ${copied.status}`);
  };
  const times: Record<string, number[]> = {};
  // Each way: what happens before the timed request, and the request's query.
  const ways: [string, (run: number) => Promise<string>][] = [
    ["last 12 months, figures kept", async () => ""],
    // The year's figures take longer than 100 ms to add up, so after a write the page is given them as
    // they were while fresh ones are added up behind it (src/db/kept-until-written.server.ts). On
    // SQLite that adding up runs on the read worker's thread with a connection of its own
    // (src/db/read-worker.server.ts), so the page's own statements and rendering go on beside it
    // instead of waiting; on PostgreSQL it runs in the database.
    ["right after a job is written", async () => (await copyAJob(), "")],
    // Another period inside the window of months around today: read from the window's kept months;
    // only its busiest lanes are added up.
    ["a new period each time", async (run) => `period=custom&from=${fresh(run + 1).from}&to=${fresh(run + 1).to}&`],
  ];
  for (const [label, before] of ways) {
    times[label] = [];
    for (let run = 0; run < WARMUP + REQUESTS; run++) {
      const prepared = await before(run);
      const started = performance.now();
      const response = await fetch(`${base}/dashboard?${prepared}run=${run}`, { headers: { ...PROXIED, cookie } });
      await response.text();
      if (response.status !== 200) throw new Error(`/dashboard answered ${response.status}`);
      if (run >= WARMUP) times[label].push(performance.now() - started);
    }
  }
  console.log(`Shipper dashboard, ${REQUESTS} requests each, production mode, one at a time:`);
  console.log(
    `  SQL statements per render: ${statements.kept.all} with the figures kept; ${statements.another.all} for another period inside the window ` +
      `(${statements.another.charts} for the charts: its lanes); ${statements.outside.all} for a period outside it (${statements.outside.charts} for the charts)`,
  );
  console.log(`  adding up (read worker, median of 10): the window's ${figureWindow(year, new Date()).length} months of loads ${addingUp.window.toFixed(1)} ms, a year's busiest lanes ${addingUp.lanes.toFixed(1)} ms`);
  for (const [label, values] of Object.entries(times)) {
    console.log(`  ${label.padEnd(26)} median ${median(values).toFixed(1)} ms  (min ${Math.min(...values).toFixed(1)}, max ${Math.max(...values).toFixed(1)})  goal ≤ 100 ms`);
  }
} finally {
  await stopProcess(app.child);
  if (process.env.BENCH_KEEP) console.log(`kept ${dir}`);
  else rmSync(dir, { recursive: true, force: true });
}
