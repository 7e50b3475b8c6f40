// The carrier job board with 1,000 open jobs: SQL statements per page and median response time.
// Runs on a throwaway SQLite file: `npx tsx scripts/bench-job-board.ts` (NODE_ENV=production by
// default, so compiled templates are cached as in production; pass --dev to measure without).
import { mkdtempSync, rmSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import Database from "better-sqlite3";

const JOBS = 1_000;
const RUNS = 40;
const WARMUP = 5;

const dir = mkdtempSync(path.join(tmpdir(), "bench-job-board-"));
process.env.DATABASE_URL = `file:${path.join(dir, "bench.sqlite3")}`;
process.env.NODE_ENV = process.argv.includes("--dev") ? "development" : "production";
process.env.APP_ORIGIN ??= "http://127.0.0.1";
process.env.TRUST_PROXY ??= "1";
process.env.SESSION_SECRET ??= "bench-secret-bench-secret-bench-secret-0123456789";
process.env.LOG_LEVEL = "silent";

const { applyMigrations } = await import("#db/migrate.server.ts");
const { db, disconnectDb } = await import("#db/client.server.ts");
const { seedUsers } = await import("../prisma/seeds/users.ts");
const { createApp } = await import("#server/app.server.ts");
const { parseEnv } = await import("#lib/env.server.ts");
const { createLogger } = await import("#lib/logger.server.ts");

const LANES: [string, string, string, string][] = [
  ["Leeds", "England", "Belfast", "Northern Ireland"], ["Manchester", "England", "Glasgow", "Scotland"], ["Cardiff", "Wales", "Bristol", "England"],
  ["Glasgow", "Scotland", "Leeds", "England"], ["Belfast", "Northern Ireland", "Dublin", ""], ["Daventry", "England", "Rotterdam", ""],
];
const VEHICLES = ['["curtain_side","artic"]', '["box"]', '["refrigerated"]', '["flatbed","hiab"]'];
const LOAD_TYPES = ["palletised", "without_pallets", "ibc", "drums", "shipping_container"];

async function seedJobs(shipperAccountId: number, createdById: number) {
  const today = Date.UTC(2031, 0, 1);
  const jobs = Array.from({ length: JOBS }, (_, i) => ({
    shipperAccountId, createdById, reference: `Bench job ${i + 1}`, status: "open", jobType: "single", loadType: LOAD_TYPES[i % LOAD_TYPES.length]!,
    palletType: "eu", quantityEu: 20, totalWeightKg: 9_000, vehicleTypes: VEHICLES[i % VEHICLES.length]!, startDate: new Date(today + (i % 180) * 86_400_000), publishedAt: new Date(),
  }));
  await db().job.createMany({ data: jobs });
  const ids = await db().job.findMany({ where: { shipperAccountId }, select: { id: true, startDate: true }, orderBy: { id: "asc" } });
  const locations = ids.flatMap(({ id, startDate }, i) => {
    const [from, fromRegion, to, toRegion] = LANES[i % LANES.length]!;
    const country = (region: string, city: string) => (region ? "GB" : city === "Dublin" ? "IE" : "NL");
    return [
      { jobId: id, kind: "pickup", position: 0, city: from, region: fromRegion || null, countryCode: country(fromRegion, from), latitude: 53, longitude: -1.5, windowDate: startDate },
      { jobId: id, kind: "delivery", position: 0, city: to, region: toRegion || null, countryCode: country(toRegion, to), latitude: 54, longitude: -5.9, windowDate: startDate },
    ];
  });
  await db().jobLocation.createMany({ data: locations });
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

await applyMigrations(process.env.DATABASE_URL);
const accounts = await seedUsers(db());
const shipperUser = await db().user.findUniqueOrThrow({ where: { email: "shipper@example.com" } });
await seedJobs(accounts.shipper, shipperUser.id);

const { app } = createApp({ env: parseEnv(process.env), logger: createLogger(process.env.BENCH_LOG ? "error" : "silent") });
const server = http.createServer(app);
await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

// Sign in as the demo carrier through the real form. Production cookies are Secure: requests say
// they came through an HTTPS proxy, as they would behind one.
const proxied = { "x-forwarded-proto": "https" };
let cookie = "";
const remember = (response: Response) => {
  const set = response.headers.getSetCookie().map((c) => c.split(";")[0]).filter(Boolean);
  if (set.length) cookie = set.join("; ");
};
const login = await fetch(`${base}/login`, { headers: proxied });
remember(login);
const token = /<meta name="csrf-token" content="([^"]+)"/.exec(await login.text())?.[1] ?? "";
const signedIn = await fetch(`${base}/session`, {
  method: "POST", redirect: "manual", headers: { ...proxied, cookie, "content-type": "application/x-www-form-urlencoded" },
  body: new URLSearchParams({ _csrf: token, email: "carrier@example.com", password: "password123" }),
});
remember(signedIn);
if (signedIn.status !== 303) throw new Error(`sign-in failed: ${signedIn.status}`);

const prepare = Database.prototype.prepare;
let statements: string[] = [];
Database.prototype.prepare = function (this: Database.Database, sql: string) {
  statements.push(sql);
  const statement = prepare.call(this, sql);
  if (process.env.BENCH_TRACE) {
    for (const method of ["all", "run", "get"] as const) {
      const original = statement[method].bind(statement) as (...args: unknown[]) => unknown;
      (statement as unknown as Record<string, unknown>)[method] = (...args: unknown[]) => {
        const t = performance.now();
        const result = original(...args);
        console.log(`${(performance.now() - t).toFixed(2)} ms ${sql.slice(0, 400)}`);
        return result;
      };
    }
  }
  return statement;
} as typeof prepare;

async function measure(label: string, pagePath: string) {
  const times: number[] = [];
  let counts = { all: 0, board: 0, rows: 0 };
  for (let run = 0; run < WARMUP + RUNS; run++) {
    statements = [];
    const started = performance.now();
    const response = await fetch(base + pagePath, { headers: { ...proxied, cookie } });
    const html = await response.text();
    const elapsed = performance.now() - started;
    if (response.status !== 200) throw new Error(`${pagePath} answered ${response.status}`);
    if (run >= WARMUP) times.push(elapsed);
    const board = statements.filter((sql) => /`main`\.`Job(Location)?`/.test(sql)).length;
    counts = { all: statements.length, board, rows: (html.match(/<tr id="job_/g) ?? []).length };
  }
  console.log(`${label.padEnd(38)} ${String(counts.rows).padStart(3)} rows  ${String(counts.board).padStart(2)} board queries (${counts.all} SQL in all)  median ${median(times).toFixed(1)} ms  (min ${Math.min(...times).toFixed(1)}, max ${Math.max(...times).toFixed(1)})`);
}

console.log(`Job board with ${JOBS.toLocaleString("en-GB")} open jobs, ${RUNS} requests each (${process.env.NODE_ENV}):`);
await measure("page 1", "/jobs");
await measure("page 25", "/jobs?page=25");
await measure("page 50 (last)", "/jobs?page=50");
await measure("pickup Northern Ireland", "/jobs?pickup_region=GB%3ANorthern+Ireland");
await measure("delivery NL, box vans", "/jobs?delivery_region=NL&vehicle_type=box");
await measure("from a date, palletised, page 2", "/jobs?date=2031-04-01&load_type=palletised&page=2");

Database.prototype.prepare = prepare;
server.close();
await disconnectDb();
if (process.env.BENCH_KEEP) console.log(`kept ${dir}`);
else rmSync(dir, { recursive: true, force: true });
