// Signed-in pages under load, against bare Express sending the very same bytes.
//
//   npx tsx scripts/bench-pages.ts [seconds per run, default 10] [--rendered] [--profile] [--only=TEXT]
//
// CONNECTIONS=1 asks one request at a time instead of 50: each answer's own cost, without queueing.
// APP_NODE_FLAGS are the app process's Node flags: by default the young generation the README tells
// operators to give it (--max-semi-space-size=64); APP_NODE_FLAGS="" runs it on Node's defaults.
//
// Builds a throwaway copy of the demo data plus 1,000 open jobs, a job with 50 quotes and 200 loads
// for the demo carrier; counts the SQL statements each page runs (in this process); then starts the
// app in production mode as its own process (behind a pretend TLS proxy: X-Forwarded-Proto: https),
// signs in through the real form, and drives each page with autocannon at 50 connections, then a
// bare Express process serving that page's bytes from memory. Prints req/s, p50/p99, errors, SQL
// statements per render (past the page cache) and the ratio app/bare for each page. Stops by itself.
//
// --rendered runs each page twice beside bare Express: once as a user reloading one address (the kept
// copy in the page cache answers most requests), then with every request a new address (`?r=1`,
// `?r=2`, …) so no kept copy can answer and every request renders the page. Bare Express is asked for
// the same addresses and sends the same bytes. --only=TEXT keeps the pages whose label holds TEXT;
// --profile with --rendered profiles rendering alone (the kept runs are left out).
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import { Worker } from "node:worker_threads";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import Database from "better-sqlite3";
import { startProcess } from "./lib/process.ts";
import { PROXIED, signInThroughForm } from "./lib/sign-in.ts";

const SECONDS = Number(process.argv.find((arg) => /^\d+$/.test(arg)) ?? 10);
// --profile writes the app process's CPU profile to ./bench-profile/ for a closer look.
const RENDERED = process.argv.includes("--rendered");
const PROFILE = process.argv.includes("--profile") ? ["--cpu-prof", `--cpu-prof-dir=${path.resolve("bench-profile")}`] : [];
const ONLY = process.argv.find((arg) => arg.startsWith("--only="))?.slice("--only=".length);
// --sql prints each page's statements as they ran, with how long SQLite took over each.
const SHOW_SQL = process.argv.includes("--sql");
const SQL_FROM = 0;
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 50);
const APP_NODE_FLAGS = (process.env.APP_NODE_FLAGS ?? "--max-semi-space-size=64").split(" ").filter(Boolean);
const SECRET = "bench-secret-bench-secret-bench-secret-0123456789";
const dir = mkdtempSync(path.join(tmpdir(), "bench-pages-"));
const databaseUrl = `file:${path.join(dir, "bench.sqlite3")}`;
Object.assign(process.env, { DATABASE_URL: databaseUrl, NODE_ENV: "production", APP_ORIGIN: "http://127.0.0.1", TRUST_PROXY: "1", SESSION_SECRET: SECRET, LOG_LEVEL: "silent" });

const { applyMigrations } = await import("#db/migrate.server.ts");
const { db, disconnectDb } = await import("#db/client.server.ts");
const { seed } = await import("../prisma/seed.ts");
const { createApp } = await import("#server/app.server.ts");
const { parseEnv } = await import("#lib/env.server.ts");
const { createLogger } = await import("#lib/logger.server.ts");

// ── Data ─────────────────────────────────────────────────────────────────────────────────────────

await applyMigrations(databaseUrl);
await seed(db());
const shipper = await db().user.findUniqueOrThrow({ where: { email: "shipper@example.com" } });
const carrier = await db().user.findUniqueOrThrow({ where: { email: "carrier@example.com" } });
const day = (i: number) => new Date(Date.UTC(2031, 0, 1) + (i % 180) * 86_400_000);

async function openJobs(count: number) {
  const data = Array.from({ length: count }, (_, i) => ({
    shipperAccountId: shipper.accountId, createdById: shipper.id, reference: `Bench job ${i + 1}`, status: "open", jobType: "single",
    loadType: "palletised", palletType: "eu", quantityEu: 20, totalWeightKg: 9_000, vehicleTypes: '["curtain_side"]', startDate: day(i), publishedAt: new Date(),
  }));
  await db().job.createMany({ data });
  const jobs = await db().job.findMany({ where: { reference: { startsWith: "Bench job" } }, select: { id: true, startDate: true } });
  await db().jobLocation.createMany({
    data: jobs.flatMap(({ id, startDate }) => [
      { jobId: id, kind: "pickup", position: 0, city: "Leeds", region: "England", countryCode: "GB", latitude: 53.8, longitude: -1.55, windowDate: startDate },
      { jobId: id, kind: "delivery", position: 0, city: "Belfast", region: "Northern Ireland", countryCode: "GB", latitude: 54.6, longitude: -5.93, windowDate: startDate },
    ]),
  });
  return jobs[0]!.id;
}

async function fiftyQuotes(jobId: number) {
  await db().job.update({ where: { id: jobId }, data: { expectedQuantity: 20, numberOfLoads: 20 } });
  for (let i = 0; i < 49; i++) {
    const account = await db().account.create({ data: { kind: "carrier", name: `Bench carrier ${i + 1}` } });
    const user = await db().user.create({ data: { accountId: account.id, email: `bench${i}@carrier.example`, name: `Bench ${i}`, role: "admin", passwordHash: "x" } });
    await db().quote.create({ data: { jobId, carrierAccountId: account.id, placedById: user.id, valueCents: 40_000 + i * 500, numberOfLoads: 5, status: "active" } });
  }
  await db().quote.create({ data: { jobId, carrierAccountId: carrier.accountId, placedById: carrier.id, valueCents: 45_000, numberOfLoads: 5, status: "active" } });
}

async function twoHundredLoads() {
  const job = await db().job.create({
    data: {
      shipperAccountId: shipper.accountId, createdById: shipper.id, reference: "Bench: 200 loads", status: "awarded", jobType: "multi", frequency: "daily",
      loadType: "palletised", expectedQuantity: 200, numberOfLoads: 1, startDate: day(0), endDate: day(199), publishedAt: new Date(), awardedAt: new Date(),
      locations: { create: [{ kind: "pickup", position: 0, city: "Leeds", countryCode: "GB" }, { kind: "delivery", position: 0, city: "York", countryCode: "GB" }] },
    },
    include: { locations: true },
  });
  const quote = await db().quote.create({ data: { jobId: job.id, carrierAccountId: carrier.accountId, placedById: carrier.id, valueCents: 30_000, numberOfLoads: 200, status: "accepted" } });
  await db().load.createMany({
    data: Array.from({ length: 200 }, (_, i) => ({
      jobId: job.id, sequence: i + 1, carrierAccountId: carrier.accountId, quoteId: quote.id, priceCents: 30_000, status: "assigned", pickupDate: day(i), deliveryDate: day(i),
    })),
  });
  const loads = await db().load.findMany({ where: { jobId: job.id }, select: { id: true, pickupDate: true } });
  await db().loadStop.createMany({ data: loads.flatMap((load) => job.locations.map((location) => ({ loadId: load.id, jobLocationId: location.id, windowDate: load.pickupDate }))) });
  return loads[0]!.id;
}

async function conversations(jobId: number) {
  for (let i = 0; i < 10; i++) {
    const [from, to] = i % 2 ? [shipper, carrier] : [carrier, shipper];
    await db().message.create({ data: { jobId, fromUserId: from.id, fromAccountId: from.accountId, toAccountId: to.accountId, body: `Bench message ${i + 1}` } });
  }
}

const quotedJobId = await openJobs(1_000);
await fiftyQuotes(quotedJobId);
await conversations(quotedJobId);
const loadId = await twoHundredLoads();

type Page = { label: string; path: string; as: "carrier" | "shipper" };
const ALL_PAGES: Page[] = [
  { label: "/jobs (carrier board)", path: "/jobs", as: "carrier" },
  { label: "/jobs (shipper list)", path: "/jobs", as: "shipper" },
  { label: "/jobs/:id (carrier, 50 quotes)", path: `/jobs/${quotedJobId}`, as: "carrier" },
  { label: "/loads", path: "/loads", as: "carrier" },
  { label: "/loads/:id", path: `/loads/${loadId}`, as: "carrier" },
  { label: "/dashboard", path: "/dashboard", as: "carrier" },
  { label: "/dashboard (shipper)", path: "/dashboard", as: "shipper" },
  { label: "/quotes", path: "/quotes", as: "carrier" },
  { label: "/messages", path: "/messages", as: "carrier" },
  { label: "/jobs (board, filters)", path: "/jobs?load_type=palletised&vehicle_type=curtain_side&sort=latest", as: "carrier" },
  { label: "/account (the floor: one read)", path: "/account", as: "carrier" },
];
const PAGES = ALL_PAGES.filter((page) => ONLY === undefined || page.label.includes(ONLY));

// ── Signing in through the real form ─────────────────────────────────────────────────────────────



const signIn = async (base: string, email: string) => (await signInThroughForm(base, email)).cookie;

// ── SQL statements per page, counted in this process ─────────────────────────────────────────────

// Statements are counted as they run (a prepared statement kept for reuse is counted each time it
// runs, as it is sent to SQLite each time), and long reads as they are posted to the read worker.
async function countStatements(): Promise<{ counts: number[]; bodies: Record<string, string> }> {
  const { app } = createApp({ env: parseEnv(process.env), logger: createLogger("silent") });
  const server = http.createServer(app).listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const cookies = { carrier: await signIn(base, "carrier@example.com"), shipper: await signIn(base, "shipper@example.com") };
  const probe = new Database(":memory:");
  const statement = Object.getPrototypeOf(probe.prepare("SELECT 1")) as Record<"run" | "get" | "all" | "iterate", (...args: unknown[]) => unknown>;
  probe.close();
  const originals = { run: statement.run, get: statement.get, all: statement.all, iterate: statement.iterate, post: Worker.prototype.postMessage };
  let statements = 0;
  const ran: string[] = [];
  for (const method of ["run", "get", "all", "iterate"] as const) {
    const original = originals[method];
    statement[method] = function (this: { source: string }, ...args: unknown[]) {
      statements += 1;
      if (!SHOW_SQL) return original.apply(this, args);
      const started = performance.now();
      const result = original.apply(this, args);
      ran.push(`${(performance.now() - started).toFixed(3).padStart(8)} ms  ${this.source.replace(/\s+/g, " ").slice(SQL_FROM)}`);
      return result;
    };
  }
  Worker.prototype.postMessage = function (this: Worker, message: unknown, transfer?: readonly Transferable[]) {
    if (typeof (message as { sql?: unknown } | null)?.sql === "string") statements += 1;
    return originals.post.call(this, message, transfer as never);
  };
  const counts: number[] = [];
  const bodies: Record<string, string> = {};
  for (const [i, page] of PAGES.entries()) {
    const join = page.path.includes("?") ? "&" : "?";
    await fetch(`${base}${page.path}${join}r=warm${i}`, { headers: { ...PROXIED, cookie: cookies[page.as] } });
    // A new address, so no kept page answers: this counts what rendering the page costs.
    statements = 0;
    ran.length = 0;
    const response = await fetch(`${base}${page.path}${join}r=count${i}`, { headers: { ...PROXIED, cookie: cookies[page.as] } });
    if (response.status !== 200) throw new Error(`${page.label} answered ${response.status}`);
    bodies[`${page.as} ${page.path}`] = await response.text();
    counts.push(statements);
    if (SHOW_SQL) console.log(`\n${page.label}\n${ran.join("\n")}`);
  }
  Object.assign(statement, { run: originals.run, get: originals.get, all: originals.all, iterate: originals.iterate });
  Worker.prototype.postMessage = originals.post;
  server.close();
  return { counts, bodies };
}

const { counts, bodies } = await countStatements();
await disconnectDb();

// ── Load: the app as its own production process, then bare Express with the same bytes ─────────

type Figures = { rps: number; p50: number; p99: number; errors: number };

/** 50 connections for SECONDS; `fresh` gives every request an address of its own (`?r=1`, `?r=2`, …). */
async function pound(url: string, headers: Record<string, string>, fresh = false): Promise<Figures> {
  const { pathname, search } = new URL(url);
  let n = 0;
  const requests = fresh ? [{ setupRequest: (request: { path: string }) => ({ ...request, path: `${pathname}${search ? `${search}&` : "?"}r=${++n}` }) }] : undefined;
  const result = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS, headers, requests: requests as never });
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, errors: result.errors + result.timeouts + result.non2xx };
}

const bodiesFile = path.join(dir, "bodies.json");
writeFileSync(bodiesFile, JSON.stringify(bodies));
const BARE = `
  const express = require("express");
  const bodies = require(${JSON.stringify(bodiesFile)});
  const app = express();
  app.use((req, res) => res.type("html").send(bodies[req.headers["x-page"]]));
  const server = app.listen(0, "127.0.0.1", () => console.log("bare on " + server.address().port));
`;

const app = await startProcess([...APP_NODE_FLAGS, ...PROFILE, "--import", "tsx", "src/main.ts"], { PORT: "0", HOST: "127.0.0.1", SEED_DEMO_DATA: "false", LOG_LEVEL: "info" }, /running at http:\/\/127\.0\.0\.1:(\d+)/);
const bare = await startProcess(["-e", BARE], {}, /bare on (\d+)/);
const rows: string[] = [];
try {
  const appBase = `http://127.0.0.1:${app.port}`;
  const cookies = { carrier: await signIn(appBase, "carrier@example.com"), shipper: await signIn(appBase, "shipper@example.com") };
  const row = (label: string, ours: Figures, plain: Figures, statements: number) =>
    `${label.padEnd(44)} ${ours.rps.toFixed(0).padStart(6)} req/s  p50 ${String(ours.p50).padStart(4)} ms  p99 ${String(ours.p99).padStart(5)} ms  ` +
    `errors ${ours.errors}  SQL/render ${statements}  | bare ${plain.rps.toFixed(0).padStart(6)} req/s  ratio ${(ours.rps / plain.rps).toFixed(2)}`;
  for (const [i, page] of PAGES.entries()) {
    const appUrl = appBase + page.path;
    const bareUrl = `http://127.0.0.1:${bare.port}${page.path}`;
    const headers = { ...PROXIED, cookie: cookies[page.as] };
    const bareHeaders = { "x-page": `${page.as} ${page.path}` };
    if (!(RENDERED && PROFILE.length)) {
      rows.push(row(`${page.label}${RENDERED ? " kept" : ""}`, await pound(appUrl, headers), await pound(bareUrl, bareHeaders), counts[i]!));
      console.log(rows.at(-1));
    }
    if (!RENDERED) continue;
    rows.push(row(`${page.label} rendered`, await pound(appUrl, headers, true), await pound(bareUrl, bareHeaders, true), counts[i]!));
    console.log(rows.at(-1));
  }
} finally {
  app.child.kill("SIGINT");
  bare.child.kill("SIGTERM");
  await new Promise((resolve) => setTimeout(resolve, 500));
  rmSync(dir, { recursive: true, force: true });
}
console.log(`\n${CONNECTIONS} connections, ${SECONDS} s a run, production mode, one machine (${PAGES.length} pages${RENDERED ? ", kept and rendered" : ""})`);
