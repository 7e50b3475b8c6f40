// Position ingest under load: 1,000 drivers, each on a load on the road, posting their phones' fixes.
//
//   npx tsx scripts/bench-positions.ts [seconds per run, default 20]
//
// Builds a throwaway database with a shipper, a carrier, 1,000 drivers and a collected Leeds–Bristol
// load for each; starts the app in production mode as its own process (request log on, as in
// production); signs the carrier's office in through the real form and gives every driver a session
// of their own (a copy of that one, so 1,000 sign-ins do not trip the sign-in limits). Then:
//   1. a fixed 500 positions/s for the run (each driver every 2 s, round-robin): p50/p99 latency and
//      errors — the goal is p99 ≤ 50 ms with no errors;
//   2. a fresh app process driven as fast as it answers by 50 connections: sustained positions/s.
// Each driver's fixes move along the route at 43 mph of recorded time (0.2 % of the route per 30 s,
// recorded in the past), so every fix passes the server's checks. Stops by itself.
import type { ChildProcess } from "node:child_process";
import { createHmac, randomBytes } from "node:crypto";
import http from "node:http";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { startProcess, stopProcess } from "./lib/process.ts";
import { PROXIED, signInThroughForm } from "./lib/sign-in.ts";

const SECONDS = Number(process.argv.find((arg) => /^\d+$/.test(arg)) ?? 20);
const DRIVERS = 1_000;
const RATE = 500;
const CONNECTIONS = 50;
const SECRET = "bench-secret-bench-secret-bench-secret-0123456789";
const dir = mkdtempSync(path.join(tmpdir(), "bench-positions-"));
const databaseUrl = `file:${path.join(dir, "bench.sqlite3")}`;
Object.assign(process.env, { DATABASE_URL: databaseUrl, NODE_ENV: "production", APP_ORIGIN: "http://127.0.0.1", TRUST_PROXY: "1", SESSION_SECRET: SECRET, LOG_LEVEL: "silent" });

const { applyMigrations } = await import("#db/migrate.server.ts");
const { db, disconnectDb } = await import("#db/client.server.ts");
const { hashPassword } = await import("#models/users.server.ts");
const { pointAlong } = await import("#domain/maps/route.ts");
const { SESSION_COOKIE } = await import("#server/session-cookie.server.ts");

// ── Data ─────────────────────────────────────────────────────────────────────────────────────────

const LEEDS = [53.7997, -1.5492] as const;
const BRISTOL = [51.4545, -2.5879] as const;

await applyMigrations(databaseUrl);
const passwordHash = await hashPassword("password123");
const shipperAccount = await db().account.create({ data: { kind: "shipper", name: "Bench Foods" } });
const shipper = await db().user.create({ data: { accountId: shipperAccount.id, email: "shipper@bench.example", name: "Bench Shipper", role: "admin", passwordHash } });
const carrierAccount = await db().account.create({ data: { kind: "carrier", name: "Bench Haulage" } });
await db().user.create({ data: { accountId: carrierAccount.id, email: "office@bench.example", name: "Bench Office", role: "admin", passwordHash } });
await db().user.createMany({
  data: Array.from({ length: DRIVERS }, (_, i) => ({ accountId: carrierAccount.id, email: `driver${i}@bench.example`, name: `Driver ${i}`, role: "driver", passwordHash })),
});
const drivers = await db().user.findMany({ where: { role: "driver" }, select: { id: true }, orderBy: { id: "asc" } });
const job = await db().job.create({
  data: {
    shipperAccountId: shipperAccount.id, createdById: shipper.id, reference: "Bench: 1,000 lorries", status: "in_progress", jobType: "multi", frequency: "daily",
    loadType: "palletised", expectedQuantity: DRIVERS, vehicleTypes: '["artic"]', publishedAt: new Date(), awardedAt: new Date(),
    locations: {
      create: [
        { kind: "pickup", position: 0, city: "Leeds", countryCode: "GB", latitude: LEEDS[0], longitude: LEEDS[1] },
        { kind: "delivery", position: 0, city: "Bristol", countryCode: "GB", latitude: BRISTOL[0], longitude: BRISTOL[1] },
      ],
    },
  },
  include: { locations: true },
});
await db().load.createMany({
  data: drivers.map((driver, i) => ({ jobId: job.id, sequence: i + 1, carrierAccountId: carrierAccount.id, driverId: driver.id, status: "collected", collectedAt: new Date(), priceCents: 50_000 })),
});
const loads = await db().load.findMany({ where: { jobId: job.id }, select: { id: true, driverId: true }, orderBy: { sequence: "asc" } });
await db().loadStop.createMany({ data: loads.flatMap((load) => job.locations.map((location) => ({ loadId: load.id, jobLocationId: location.id }))) });

// ── The app ──────────────────────────────────────────────────────────────────────────────────────

/** The app as its own process (this one lets go of the database first: the app migrates it at start). */
async function startApp(): Promise<{ child: ChildProcess; base: string }> {
  await disconnectDb();
  const { child, port } = await startProcess(["--import", "tsx", "src/main.ts"], { PORT: "0", HOST: "127.0.0.1", SEED_DEMO_DATA: "false", LOG_LEVEL: "info" });
  return { child, base: `http://127.0.0.1:${port}` };
}

/** A session per driver: the office's signed-in session copied with the driver's id (same CSRF token). */
async function driverSessions(base: string): Promise<{ cookies: string[]; csrf: string }> {
  const office = await signInThroughForm(base, "office@bench.example");
  const sid = decodeURIComponent(new RegExp(`${SESSION_COOKIE}=([^;]+)`).exec(office.cookie)![1]!).replace(/^s:/, "").split(".")[0]!;
  const template = await db().session.findUniqueOrThrow({ where: { id: sid } });
  const data = JSON.parse(template.data) as Record<string, unknown>;
  const rows = loads.map((load) => ({ id: randomBytes(18).toString("base64url"), userId: load.driverId!, data: JSON.stringify({ ...data, userId: load.driverId }), expiresAt: template.expiresAt }));
  await db().session.createMany({ data: rows });
  return { cookies: rows.map((row) => `${SESSION_COOKIE}=${encodeURIComponent(`s:${signed(row.id)}`)}`), csrf: office.csrf };
}

/** express-session's cookie value: the id, a dot, and its HMAC-SHA256 in unpadded base64. */
const signed = (id: string) => `${id}.${createHmac("sha256", SECRET).update(id).digest("base64").replace(/=+$/, "")}`;

// ── Load ─────────────────────────────────────────────────────────────────────────────────────────

const START = Date.now() - 3_600_000;
const sent = new Array<number>(loads.length).fill(0);
const route = [LEEDS, BRISTOL];

/** Driver i's next fix: 5 % along the route (past the collection's arrival radius), then 0.2 % per 30 s. */
function nextFix(i: number) {
  const k = sent[i]!++;
  const [latitude, longitude] = pointAlong(route, 5 + k * 0.2)!;
  return JSON.stringify({ latitude, longitude, accuracy: 10, recorded_at: new Date(START + k * 30_000).toISOString() });
}

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0;
}

function post(agent: http.Agent, base: string, i: number, session: { cookies: string[]; csrf: string }): Promise<{ status: number; ms: number }> {
  const started = performance.now();
  const body = nextFix(i);
  return new Promise((resolve, reject) => {
    const call = http.request(`${base}/loads/${loads[i]!.id}/positions`, {
      method: "POST",
      agent,
      headers: { ...PROXIED, cookie: session.cookies[i]!, "x-csrf-token": session.csrf, "content-type": "application/json", accept: "application/json", "content-length": Buffer.byteLength(body) },
    });
    call.on("response", (response) => {
      response.resume();
      response.on("end", () => resolve({ status: response.statusCode ?? 0, ms: performance.now() - started }));
    });
    call.on("error", reject);
    call.end(body);
  });
}

/**
 * Open loop: `rate` positions a second, whatever the answers do, for `seconds`; drivers take turns. */
async function atRate(base: string, session: { cookies: string[]; csrf: string }, rate: number, seconds: number) {
  const dispatcher = new http.Agent({ keepAlive: true, maxSockets: 200 });
  const results: Promise<{ status: number; ms: number }>[] = [];
  const total = Math.round(rate * seconds);
  const began = performance.now();
  for (let n = 0; n < total; n++) {
    const due = began + (n * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
    results.push(post(dispatcher, base, n % loads.length, session).catch(() => ({ status: 0, ms: Infinity })));
  }
  const answers = await Promise.all(results);
  const elapsed = (performance.now() - began) / 1000;
  dispatcher.destroy();
  const times = answers.map((a) => a.ms).sort((a, b) => a - b);
  const errors = answers.filter((a) => a.status !== 201);
  return { rate: answers.length / elapsed, p50: percentile(times, 50), p99: percentile(times, 99), max: times.at(-1)!, errors: errors.length, statuses: [...new Set(errors.map((e) => e.status))] };
}

/** Closed loop: CONNECTIONS callers, each posting again as soon as answered, for SECONDS. */
async function asFastAsItGoes(base: string) {
  const session = await driverSessions(base);
  const dispatcher = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  let next = 0;
  let done = 0;
  let errors = 0;
  const until = performance.now() + SECONDS * 1000;
  const began = performance.now();
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (performance.now() < until) {
        const answer = await post(dispatcher, base, next++ % loads.length, session);
        done++;
        if (answer.status !== 201) errors++;
      }
    }),
  );
  dispatcher.destroy();
  return { rate: done / ((performance.now() - began) / 1000), errors };
}

try {
  let app = await startApp();
  const session = await driverSessions(app.base);
  // Every driver's first fix, at half the rate: the app reads each session, load and last fix once.
  await atRate(app.base, session, RATE / 2, loads.length / (RATE / 2));
  const fixed = await atRate(app.base, session, RATE, SECONDS);
  console.log(
    `fixed ${RATE}/s for ${SECONDS} s: ${fixed.rate.toFixed(0)} positions/s answered, p50 ${fixed.p50.toFixed(1)} ms, p99 ${fixed.p99.toFixed(1)} ms, ` +
      `max ${fixed.max.toFixed(1)} ms, errors ${fixed.errors}${fixed.errors ? ` (${fixed.statuses.join(", ")})` : ""}  — goal p99 ≤ 50 ms, no errors`,
  );
  await stopProcess(app.child);
  sent.fill(0);
  await db().loadPosition.deleteMany();
  app = await startApp();
  const fast = await asFastAsItGoes(app.base);
  console.log(`as fast as it answers (${CONNECTIONS} connections, ${SECONDS} s): ${fast.rate.toFixed(0)} positions/s sustained, errors ${fast.errors}`);
  await stopProcess(app.child);
  console.log(`stored: ${await db().loadPosition.count()} positions`);
} finally {
  await disconnectDb();
  rmSync(dir, { recursive: true, force: true });
}
