import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { db, disconnectDb } from "#db/client.server.ts";
import { savedFilters } from "#domain/jobs/saved-search.ts";
import { createCarrier, createShipper } from "../support/fixtures.ts";
import { createJob } from "../support/job-fixtures.ts";
import { createDatabase, startPostgres, startRedis, type Service } from "../support/services.ts";
import { startApp, stopped, type AppProcess } from "../support/app-process.ts";

// The market step of jobs offered to pools first, made by real app processes (`node src/main.ts`)
// on one PostgreSQL and one Redis: with two processes both sweeping, each job reaches the market once
// and its newly reached carriers are told once; and a step (and a quote deadline) falling due while
// no process runs is made as soon as one starts again. The test writes its people and jobs straight
// into the database, as the fixtures do, and waits for what the processes do by polling it.

const SECOND = 1_000;
// Each process sweeps at start and every 15 s (MARKET_STEPS_EVERY_MS): a due step is made within that.
const WITHIN = { timeout: 40 * SECOND, interval: 250 };
const HOUR = 3_600 * SECOND;

let postgres: Service;
let redis: Service;
let dataDir: string;
let settings: Record<string, string>;
const apps: AppProcess[] = [];

beforeAll(async () => {
  [postgres, redis] = await Promise.all([startPostgres(), startRedis()]);
  const databaseUrl = await createDatabase(postgres.url, "loadline_market_step");
  dataDir = mkdtempSync(path.join(tmpdir(), "loadline-market-step-"));
  // At info, each process logs the steps it made: the test reads which process made which.
  settings = { DATABASE_URL: databaseUrl, REDIS_URL: redis.url, DATA_DIR: dataDir, LOG_LEVEL: "info" };
  apps.push(...(await Promise.all([startApp(settings), startApp(settings)])));
  process.env.DATABASE_URL = databaseUrl;
}, 180 * SECOND);

afterAll(async () => {
  await Promise.all(apps.map(({ child }) => stopped(child)));
  await disconnectDb();
  await Promise.all([postgres?.stop(), redis?.stop()]);
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}, 60 * SECOND);


/** Stops every running process gracefully: a sweep under way finishes first (startMarketSteps' stop). */
async function stopAll(): Promise<AppProcess[]> {
  const running = apps.splice(0);
  await Promise.all(running.map(({ child }) => stopped(child)));
  return running;
}

/** The jobs each process logged as reached ("market steps made"), all processes together. */
function reachedInLogs(processes: AppProcess[]): number[] {
  return processes.flatMap(({ output }) =>
    output.join("").split("\n").flatMap((line) => {
      try {
        const entry = JSON.parse(line) as { msg?: string; reached?: number[] };
        return entry.msg === "market steps made" ? (entry.reached ?? []) : [];
      } catch {
        return [];
      }
    }),
  );
}

/** A shipper with a pool holding one carrier, and two carriers outside it whose searches match its jobs. */
async function world(region: string) {
  const shipper = await createShipper({ company: "Northwind Foods" });
  const member = await createCarrier({ company: "Pennine Haulage" });
  const outsiders = [await createCarrier({ company: "Severn Freight" }), await createCarrier({ company: "Tamar Transport" })];
  const pool = await db().pool.create({
    data: { shipperAccountId: shipper.accountId, name: "Pennine regulars", createdById: shipper.id, members: { create: [{ carrierAccountId: member.accountId }] } },
  });
  const filters = savedFilters.serialise(savedFilters.fromQuery({ delivery_region: `GB:${region}` }));
  for (const carrier of [member, ...outsiders]) await db().savedSearch.create({ data: { userId: carrier.id, name: region, filters } });
  const job = (marketAt: Date, reference: string) =>
    createJob(shipper.accountId, shipper.id, {
      reference, audience: "pools_then_market", onMarket: false, marketAt,
      delivery: { city: "Glasgow", region, countryCode: "GB", postCode: "G1 1AA", address: "1 George Sq" },
      pools: { create: [{ poolId: pool.id }] },
    });
  return { shipper, member, outsiders, job };
}

/** Who was told each job reached the market: [jobPath, userId] pairs, one per notification. */
async function reachedNotices(jobIds: number[]): Promise<[string, number][]> {
  const rows = await db().notification.findMany({
    where: { kind: "market_reached", path: { in: jobIds.map((id) => `/jobs/${id}`) } },
    select: { path: true, userId: true },
    orderBy: [{ path: "asc" }, { userId: "asc" }],
  });
  return rows.map((row) => [row.path!, row.userId]);
}

const expectedNotices = (jobIds: number[], userIds: number[]) =>
  jobIds.map((id) => `/jobs/${id}`).sort().flatMap((jobPath) => userIds.toSorted((a, b) => a - b).map((userId) => [jobPath, userId]));

describe("the market step across app processes on PostgreSQL", () => {
  it("is made once per job with two processes sweeping, each newly reached carrier told once", async () => {
    const { member, outsiders, job } = await world("Alba Two Processes");
    const due = new Date(Date.now() - 60 * SECOND);
    const jobs = [];
    for (let i = 1; i <= 12; i++) jobs.push(await job(due, `Pool first ${i}`));
    const ids = jobs.map((j) => j.id);
    const expected = expectedNotices(ids, outsiders.map((o) => o.id));

    await vi.waitFor(async () => {
      expect(await db().job.count({ where: { id: { in: ids }, onMarket: true } })).toBe(ids.length);
      expect(await reachedNotices(ids)).toEqual(expected);
    }, WITHIN);
    // Both processes stopped, any sweep under way finished: nothing more can arrive.
    const stoppedApps = await stopAll();

    expect(reachedInLogs(stoppedApps).filter((id) => ids.includes(id)).toSorted((a, b) => a - b)).toEqual(ids);
    expect(await reachedNotices(ids)).toEqual(expected);
    expect(await db().notification.count({ where: { userId: member.id } })).toBe(0);
    expect(await db().savedSearchMatch.count({ where: { jobId: { in: ids } } })).toBe(ids.length * outsiders.length);
    const stepped = await db().job.findMany({ where: { id: { in: ids } }, select: { marketReachedAt: true, marketSkippedAt: true } });
    expect(stepped.every((j) => j.marketReachedAt !== null && j.marketSkippedAt === null)).toBe(true);
  }, 120 * SECOND);

  it("is made at start when it fell due while no process ran, and the quote deadline told then too", async () => {
    const { shipper, outsiders, job } = await world("Alba Restart");
    apps.push(await startApp(settings));
    const invited = await job(new Date(Date.now() + HOUR), "Pool first across a restart");
    const tender = await createJob(shipper.accountId, shipper.id, { reference: "Deadline across a restart", quoteDeadline: new Date(Date.now() + HOUR), closeAtDeadline: true });
    const before = await stopAll();
    expect(reachedInLogs(before)).not.toContain(invited.id);
    expect(await db().job.findUniqueOrThrow({ where: { id: invited.id }, select: { onMarket: true } })).toEqual({ onMarket: false });

    // While no process runs, both times come and go.
    const past = new Date(Date.now() - 60 * SECOND);
    await db().job.update({ where: { id: invited.id }, data: { marketAt: past } });
    await db().job.update({ where: { id: tender.id }, data: { quoteDeadline: past } });
    apps.push(await startApp(settings));

    const expected = expectedNotices([invited.id], outsiders.map((o) => o.id));
    await vi.waitFor(async () => {
      expect(await db().job.findUniqueOrThrow({ where: { id: invited.id }, select: { onMarket: true } })).toEqual({ onMarket: true });
      expect(await reachedNotices([invited.id])).toEqual(expected);
      expect(await db().notification.count({ where: { kind: "quote_deadline", userId: shipper.id } })).toBe(1);
    }, WITHIN);
    const after = await stopAll();

    expect(reachedInLogs(after)).toEqual([invited.id]);
    expect(await reachedNotices([invited.id])).toEqual(expected);
    const told = await db().notification.findMany({ where: { kind: "quote_deadline" }, select: { userId: true, body: true } });
    expect(told).toEqual([{ userId: shipper.id, body: "The quote deadline for Deadline across a restart has passed: 0 quotes; quotes are now closed." }]);
  }, 180 * SECOND);
});
