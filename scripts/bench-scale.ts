// The job board with 1,000,000 jobs in PostgreSQL, under 50 connections: p50/p99 and requests a
// second with one app process, then with two processes on the same machine sharing PostgreSQL and
// Redis. `npx tsx scripts/bench-scale.ts` (needs Debian's postgresql, redis-server and wrk; starts
// and stops its own servers in a temporary folder). JOBS=… and SECONDS=… change the size and length.
//
// Three loads: every request a different address (each one rendered) and ten addresses over and over
// (pages kept for a second answer most), both as fast as 50 connections go (wrk, closed loop: the
// machine is saturated, so latency is mostly queueing); then requests sent at fixed rates (RATES=…,
// default 100 and 200 a second, open loop, every one rendered) over up to 50 connections, which is
// what a board under a known load answers in. The board's count and its places to filter by are
// kept until a job changes, and nothing changes during the run.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import http from "node:http";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { freePort, startPostgres, startRedis } from "../tests/support/services.ts";
import { signInThroughForm } from "./lib/sign-in.ts";

const JOBS = Number(process.env.JOBS ?? 1_000_000);
const SECONDS = Number(process.env.SECONDS ?? 20);
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 50);
const RATES = (process.env.RATES ?? "100,200").split(",").map(Number);
const YOUNG_GENERATION = (process.env.APP_NODE_FLAGS ?? "--max-semi-space-size=64").split(" ").filter(Boolean);
const SECRET = "bench-secret-bench-secret-bench-secret-0123456789";

if (spawnSync("wrk", ["--version"]).error) throw new Error("wrk is missing: apt-get install -y wrk");

const dir = mkdtempSync(path.join(tmpdir(), "bench-scale-"));
const postgres = await startPostgres();
const redis = await startRedis();
const children: ChildProcess[] = [];

async function sql(url: string, statements: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statements);
  } finally {
    await client.end();
  }
}

const databaseUrl = postgres.url.replace(/\/postgres$/, "/bench");
await sql(postgres.url, "CREATE DATABASE bench");
Object.assign(process.env, { DATABASE_URL: databaseUrl, NODE_ENV: "production", APP_ORIGIN: "http://127.0.0.1", TRUST_PROXY: "1", SESSION_SECRET: SECRET, LOG_LEVEL: "silent" });
const { applyMigrations } = await import("#db/migrate.server.ts");
const { db, disconnectDb } = await import("#db/client.server.ts");
const { seedUsers } = await import("../prisma/seeds/users.ts");
await applyMigrations(databaseUrl);
const accounts = await seedUsers(db());
const shipper = await db().user.findUniqueOrThrow({ where: { email: "shipper@example.com" } });
await disconnectDb();

let started = performance.now();
// 70% of the jobs on the board, collecting over a year; one place to collect from and one to deliver to each.
await sql(databaseUrl, `
  INSERT INTO "Job"("shipperAccountId","createdById",reference,status,"jobType","loadType","palletType","quantityEu","totalWeightKg","vehicleTypes","startDate","publishedAt","createdAt","updatedAt","co2eGramsPerLoad")
  SELECT ${accounts.shipper}, ${shipper.id}, 'Bench job ' || i, CASE WHEN i % 10 < 7 THEN 'open' ELSE 'completed' END, 'single',
    (ARRAY['palletised','without_pallets','ibc','drums','shipping_container'])[1 + i % 5], 'eu', 20, 9000,
    (ARRAY['["curtain_side","artic"]','["box"]','["refrigerated"]','["flatbed","hiab"]'])[1 + i % 4],
    date '2031-01-01' + (i % 365), now(), now(), now(), 150000
  FROM generate_series(1, ${JOBS}) i;
  INSERT INTO "JobLocation"("jobId",kind,position,city,region,"countryCode",latitude,longitude,"windowDate")
  SELECT id, 'pickup', 0, (ARRAY['Leeds','Manchester','Cardiff','Glasgow','Belfast','Daventry'])[1 + id % 6],
    (ARRAY['England','England','Wales','Scotland','Northern Ireland','England'])[1 + id % 6], 'GB', 53.8, -1.5, "startDate" FROM "Job";
  INSERT INTO "JobLocation"("jobId",kind,position,city,region,"countryCode",latitude,longitude,"windowDate")
  SELECT id, 'delivery', 0, (ARRAY['Belfast','Glasgow','Bristol','Leeds','Dublin','Rotterdam'])[1 + id % 6],
    (ARRAY['Northern Ireland','Scotland','England','England',NULL,NULL])[1 + id % 6], (ARRAY['GB','GB','GB','GB','IE','NL'])[1 + id % 6], 54.6, -5.9, "startDate" FROM "Job";`);
await sql(databaseUrl, "VACUUM ANALYZE");
console.log(`${JOBS.toLocaleString("en-GB")} jobs (${Math.round(JOBS * 0.7).toLocaleString("en-GB")} on the board) stored in ${((performance.now() - started) / 1000).toFixed(0)} s`);

async function startApp(): Promise<string> {
  const port = await freePort();
  // As README "Running several processes" runs it: a young generation big enough that the many
  // short-lived objects of each request are collected in fewer, cheaper scavenges.
  const child = spawn(process.execPath, [...YOUNG_GENERATION, "--import", "tsx", "src/main.ts"], {
    env: { ...process.env, DATABASE_URL: databaseUrl, REDIS_URL: redis.url, PORT: String(port), HOST: "127.0.0.1", SEED_DEMO_DATA: "false", LOG_LEVEL: "warn", DATA_DIR: dir, DATABASE_POOL_SIZE: "20" },
    stdio: ["ignore", "ignore", "inherit"],
  });
  children.push(child);
  const base = `http://127.0.0.1:${port}`;
  for (let tries = 0; ; tries++) {
    const up = await fetch(`${base}/up`).then((r) => r.status === 200, () => false);
    if (up) return base;
    if (tries > 600) throw new Error("app did not start");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}


// Board addresses a carrier might open (filters, orders, pages). "rendered": each request adds a
// counter to its address, so no kept page answers it; "kept": the same addresses again and
// again, as many people reloading the board would, so pages kept for a second answer most of them.
// ADDRESSES=indexed leaves out the two the database cannot read in index order at this size: the
// latest-collection order (DESC NULLS LAST) and the from-a-date filter (start or end on or after it).
const ALL_FILTERS = ["", "load_type=ibc&", "load_type=palletised&", "pickup_region=GB%3ANorthern+Ireland&", "delivery_region=NL&",
  "vehicle_type=box&", "sort=latest&", "sort=newest&", "date=2031-06-01&", "pickup_region=GB%3AWales&load_type=drums&"];
const FILTERS = process.env.ADDRESSES === "indexed" ? ALL_FILTERS.filter((f) => !/sort=latest|date=/.test(f)) : ALL_FILTERS;
const scripts = {
  rendered: path.join(dir, "rendered.lua"),
  kept: path.join(dir, "kept.lua"),
};
const luaFilters = `local filters = { ${FILTERS.map((f) => JSON.stringify(f)).join(", ")} }\nlocal n = 0\n`;
writeFileSync(scripts.rendered, `${luaFilters}request = function()
  n = n + 1
  return wrk.format("GET", "/jobs?" .. filters[(n % #filters) + 1] .. "page=" .. ((n * 7) % 10 + 1) .. "&r=" .. n .. "-" .. math.random(1, 1000000000))
end
`);
writeFileSync(scripts.kept, `${luaFilters}request = function()
  n = n + 1
  return wrk.format("GET", "/jobs?" .. filters[(n % #filters) + 1] .. "page=" .. ((n % #filters) % 3 + 1))
end
`);

type Result = { requests: number; p50: number; p99: number; errors: number };

function wrk(base: string, cookie: string, connections: number, mode: keyof typeof scripts): Promise<Result> {
  return new Promise((resolve, reject) => {
    const child = spawn("wrk", ["-t1", `-c${connections}`, `-d${SECONDS}s`, "--timeout", "10s", "--latency", "-s", scripts[mode], "-H", `Cookie: ${cookie}`, "-H", "X-Forwarded-Proto: https", base], { stdio: ["ignore", "pipe", "inherit"] });
    let out = "";
    child.stdout.on("data", (chunk: Buffer) => (out += chunk));
    child.on("error", reject);
    child.on("exit", () => {
      const ms = (label: string) => {
        const match = new RegExp(`${label}%\\s+([\\d.]+)(us|ms|s)`).exec(out);
        if (!match) return NaN;
        return Number(match[1]) * (match[2] === "us" ? 0.001 : match[2] === "s" ? 1000 : 1);
      };
      const requests = Number(/(\d+) requests in/.exec(out)?.[1] ?? 0);
      const errors = Number(/Non-2xx or 3xx responses: (\d+)/.exec(out)?.[1] ?? 0) + Number(/Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(out)?.slice(1).reduce((a, b) => a + Number(b), 0) ?? 0);
      resolve({ requests, p50: ms("50"), p99: ms("99"), errors });
    });
  });
}

/**
 * Requests sent on a fixed schedule (open loop), `rate` a second over at most CONNECTIONS
 * connections, alternating between the given processes, each a board address rendered afresh.
 * Latency is counted from when a request was due, so a request queued behind slow ones counts its
 * wait too.
 */
async function atRate(bases: string[], cookie: string, rate: number): Promise<Result> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  const total = rate * SECONDS;
  const latencies: number[] = [];
  let errors = 0;
  const start = performance.now() + 50;
  const one = (n: number) =>
    new Promise<void>((resolve) => {
      const due = start + (n * 1000) / rate;
      const send = () => {
        const url = new URL(`/jobs?${FILTERS[n % FILTERS.length]}page=${((n * 7) % 10) + 1}&r=${n}-${Math.random()}`, bases[n % bases.length]);
        const req = http.get(url, { agent, headers: { cookie, "x-forwarded-proto": "https" } }, (res) => {
          res.resume();
          res.on("end", () => {
            if (res.statusCode !== 200) errors++;
            latencies.push(performance.now() - due);
            resolve();
          });
        });
        req.on("error", () => (errors++, resolve()));
      };
      setTimeout(send, Math.max(0, due - performance.now()));
    });
  await Promise.all(Array.from({ length: total }, (_, n) => one(n)));
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? NaN;
  return { requests: latencies.length, p50: at(0.5), p99: at(0.99), errors };
}

try {
  started = performance.now();
  const first = await startApp();
  console.log(`first process ready in ${((performance.now() - started) / 1000).toFixed(1)} s (migrations found applied)`);
  const { cookie } = await signInThroughForm(first, "carrier@example.com");
  // Warm: compiled templates, the board's kept counts and places for each filter.
  await wrk(first, cookie, 4, "rendered");
  const one = { rendered: await wrk(first, cookie, CONNECTIONS, "rendered"), kept: await wrk(first, cookie, CONNECTIONS, "kept") };
  const second = await startApp();
  await wrk(second, cookie, 4, "rendered");
  const both = async (mode: keyof typeof scripts) => {
    const [a, b] = await Promise.all([wrk(first, cookie, CONNECTIONS / 2, mode), wrk(second, cookie, CONNECTIONS / 2, mode)]);
    return { requests: a.requests + b.requests, p50: Math.max(a.p50, b.p50), p99: Math.max(a.p99, b.p99), errors: a.errors + b.errors };
  };
  const two = { rendered: await both("rendered"), kept: await both("kept") };
  const fixed: [string, Result][] = [];
  for (const rate of RATES) {
    fixed.push([`one process, a fixed ${rate}/s, all rendered`, await atRate([first], cookie, rate)]);
    fixed.push([`two processes, a fixed ${rate}/s, all rendered`, await atRate([first, second], cookie, rate)]);
  }

  const line = (label: string, r: Result) =>
    `${label.padEnd(46)} ${(r.requests / SECONDS).toFixed(0).padStart(5)} req/s   p50 ${r.p50.toFixed(1).padStart(7)} ms   p99 ${r.p99.toFixed(1).padStart(7)} ms   errors ${r.errors}`;
  console.log(`\nJob board, ${JOBS.toLocaleString("en-GB")} jobs in PostgreSQL, ${FILTERS.length} addresses, ${CONNECTIONS} connections, ${SECONDS} s each (goal: p99 ≤ 50 ms):`);
  console.log(line("one process, every request rendered", one.rendered));
  console.log(line("two processes, every request rendered", two.rendered));
  console.log(line("one process, same addresses (pages kept 1 s)", one.kept));
  console.log(line("two processes, same addresses (pages kept 1 s)", two.kept));
  for (const [label, result] of fixed) console.log(line(label, result));
  console.log(`two processes vs one: ×${(two.rendered.requests / one.rendered.requests).toFixed(2)} rendered, ×${(two.kept.requests / one.kept.requests).toFixed(2)} kept`);
} finally {
  for (const child of children) child.kill("SIGTERM");
  await Promise.all(children.map((child) => new Promise((resolve) => (child.exitCode !== null ? resolve(null) : child.once("exit", resolve)))));
  await redis.stop();
  await postgres.stop();
  rmSync(dir, { recursive: true, force: true });
}
