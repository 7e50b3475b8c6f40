import { Worker } from "node:worker_threads";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { db, dbKind } from "#db/client.server.ts";
import { readOffThread } from "#db/read-worker.server.ts";
import { Prisma } from "#generated/prisma/client.ts";
import { laneFiguresSql, loadFiguresSql, quoteFiguresSql } from "#pages/dashboard/chart-sums.server.ts";
import { dashboardCharts } from "#pages/dashboard/charts.server.ts";
import { findUserWithAccount } from "#models/users.server.ts";
import { parsePeriod } from "#domain/charts/period.ts";
import { jobWithLoads } from "../../support/chart-fixtures.ts";
import { createCarrier, createShipper } from "../../support/fixtures.ts";
import { createJob } from "../../support/job-fixtures.ts";

// The dashboard's long reads run on a worker thread with a read-only connection of its own to the
// same SQLite file (src/db/read-worker.server.ts); on PostgreSQL they go through Prisma as before.
// What comes back must be what the app's own connection reads, and the app's thread must stay free
// while the worker adds up.

const MONTHS = ["2026-01", "2026-02", "2026-03"];
const sqlite = dbKind() === "sqlite";
let shipper: Awaited<ReturnType<typeof createShipper>>;
let carrier: Awaited<ReturnType<typeof createCarrier>>;
let firstJobId = 0;

/** Rows as the row mappers read them: $queryRaw gives bigints where the worker gives numbers. */
const plain = (rows: Record<string, unknown>[]) => rows.map((row) => Object.fromEntries(Object.entries(row).map(([key, value]) => [key, typeof value === "bigint" ? Number(value) : value])));

beforeAll(async () => {
  shipper = await createShipper({ company: "Threaded Foods Ltd" });
  carrier = await createCarrier({ company: "Threaded Haulage Ltd" });
  const other = await createCarrier({ company: "Other Threaded Ltd" });
  firstJobId = (
    await jobWithLoads(shipper, [
      { carrierAccountId: carrier.accountId, pence: 50_000, deliveredAt: new Date("2026-01-15T12:00:00Z") },
      { carrierAccountId: carrier.accountId, pence: 45_050, deliveredAt: new Date("2026-02-10T12:00:00Z") },
      { carrierAccountId: other.accountId, pence: 30_000, deliveredAt: new Date("2026-03-31T22:30:00Z") },
      { carrierAccountId: other.accountId, pence: 20_000, status: "assigned", pickupDate: "2026-03-20" },
    ])
  ).id;
  await jobWithLoads(shipper, [{ carrierAccountId: carrier.accountId, pence: 40_000, deliveredAt: new Date("2026-03-02T12:00:00Z") }], { from: "Hull", to: "York" });
  for (const [createdAt, status] of [["2026-02-03T10:00:00Z", "accepted"], ["2026-02-04T10:00:00Z", "declined"], ["2026-03-10T10:00:00Z", "active"]] as const) {
    const job = await createJob(shipper.accountId, shipper.id);
    await db().quote.create({ data: { jobId: job.id, carrierAccountId: carrier.accountId, placedById: carrier.id, valueCents: 40_000, numberOfLoads: 1, status, createdAt: new Date(createdAt) } });
  }
});

afterEach(() => vi.restoreAllMocks());

describe("a read off the app's thread", () => {
  it("gives the dashboard's figures as the app's own connection reads them, through the worker on SQLite", async () => {
    const posted = vi.spyOn(Worker.prototype, "postMessage");
    const statements = [
      loadFiguresSql({ side: "shipper", accountId: shipper.accountId }, MONTHS),
      loadFiguresSql({ side: "carrier", accountId: carrier.accountId }, MONTHS),
      laneFiguresSql({ side: "shipper", accountId: shipper.accountId }, MONTHS),
      laneFiguresSql({ side: "carrier", accountId: carrier.accountId }, MONTHS),
      quoteFiguresSql(carrier.accountId, MONTHS),
    ];
    for (const sql of statements) {
      const [offThread, onTheApp] = await Promise.all([readOffThread(sql), db().$queryRaw<Record<string, unknown>[]>(sql)]);
      expect(offThread.length).toBeGreaterThan(0);
      expect(plain(offThread)).toEqual(plain(onTheApp));
    }
    expect(posted).toHaveBeenCalledTimes(sqlite ? statements.length : 0);
  });

  it("binds instants as the app's adapter does and reads DateTime columns back as Dates", async () => {
    const sql = Prisma.sql`SELECT "id", "sequence", "deliveredAt", "pickupDate", "priceCents" FROM "Load"
      WHERE "jobId" = ${firstJobId} AND "pickupDate" >= ${new Date("2026-02-01T00:00:00Z")} ORDER BY "id"`;
    const [offThread, onTheApp] = await Promise.all([readOffThread<Record<string, unknown>>(sql), db().$queryRaw<Record<string, unknown>[]>(sql)]);
    expect(offThread.map((row) => row.sequence)).toEqual([2, 3, 4]);
    expect(offThread[0]!.deliveredAt).toEqual(new Date("2026-02-10T12:00:00Z"));
    expect(offThread[2]!.deliveredAt).toBeNull();
    expect(plain(offThread)).toEqual(plain(onTheApp));
  });

  it("rejects a statement that fails, and the next one still runs", async () => {
    await expect(readOffThread(Prisma.sql`SELECT "nothing" FROM "NoSuchTable"`)).rejects.toThrow(/NoSuchTable|no such table|does not exist/);
    await expect(readOffThread(Prisma.sql`SELEC 1`)).rejects.toThrow(/syntax error/);
    expect(plain(await readOffThread(Prisma.sql`SELECT ${41} + 1 AS answer`))).toEqual([{ answer: 42 }]);
  });

  it("sees a write the app's connection has just committed", async () => {
    const count = Prisma.sql`SELECT COUNT(*) AS loads FROM "Load" l JOIN "Job" j ON j."id" = l."jobId" WHERE j."shipperAccountId" = ${shipper.accountId}`;
    const before = Number((await readOffThread<{ loads: number }>(count))[0]!.loads);
    await jobWithLoads(shipper, [{ carrierAccountId: carrier.accountId, pence: 10_000, deliveredAt: new Date("2026-02-20T12:00:00Z") }]);
    expect(Number((await readOffThread<{ loads: number }>(count))[0]!.loads)).toBe(before + 1);
    const figures = plain(await readOffThread(quoteFiguresSql(carrier.accountId, MONTHS)));
    await db().quote.updateMany({ where: { carrierAccountId: carrier.accountId, status: "declined" }, data: { status: "accepted" } });
    expect(plain(await readOffThread(quoteFiguresSql(carrier.accountId, MONTHS)))).not.toEqual(figures);
    expect(plain(await readOffThread(quoteFiguresSql(carrier.accountId, MONTHS)))).toEqual(plain(await db().$queryRaw<Record<string, unknown>[]>(quoteFiguresSql(carrier.accountId, MONTHS))));
  });

  it("leaves the app's thread free while a long statement runs", async () => {
    // Counting to a few million in a recursive CTE: a second or so of work for the database.
    const slow = Prisma.sql`WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${3_000_000}) SELECT COUNT(*) AS counted FROM n`;
    let running = true;
    let largestGapMs = 0;
    let ticks = 0;
    let last = performance.now();
    const ticking = (async () => {
      while (running) {
        await new Promise((resolve) => setImmediate(resolve));
        const now = performance.now();
        largestGapMs = Math.max(largestGapMs, now - last);
        last = now;
        ticks++;
      }
    })();
    const started = performance.now();
    const rows = await readOffThread<{ counted: number }>(slow);
    const tookMs = performance.now() - started;
    running = false;
    await ticking;
    expect(Number(rows[0]!.counted)).toBe(3_000_000);
    // Only meaningful if the statement took long enough to see the difference.
    expect(tookMs).toBeGreaterThan(200);
    expect(ticks).toBeGreaterThan(20);
    expect(largestGapMs, `largest gap ${largestGapMs.toFixed(0)} ms while the statement took ${tookMs.toFixed(0)} ms`).toBeLessThan(tookMs / 4);
  });
});

describe("figures read beside a transaction", () => {
  it("are not kept as current past the commit of a transaction that was open while they were read", async () => {
    const office = await createShipper({ company: "Mid-transaction Foods Ltd" });
    const job = await jobWithLoads(office, [{ carrierAccountId: carrier.accountId, pence: 10_000, deliveredAt: new Date("2026-02-02T12:00:00Z") }]);
    const user = (await findUserWithAccount(office.id))!;
    const { period } = parsePeriod({ period: "custom", from: "2026-01", to: "2026-03" });
    // Spend in pence, month by month.
    const spend = async () => (await dashboardCharts(user, period))!.charts.find((chart) => chart.id === "spend-per-month")!.datasets[0]!.values;

    await db().$transaction(async (tx) => {
      await tx.load.create({ data: { jobId: job.id, sequence: 2, carrierAccountId: carrier.accountId, status: "delivered", priceCents: 5_000, pickupDate: new Date("2026-02-03T00:00:00Z"), deliveredAt: new Date("2026-02-03T12:00:00Z") } });
      // Read (off the app's thread on SQLite, on another pooled connection on PostgreSQL) before the commit.
      expect(await spend()).toEqual([0, 10_000, 0]);
    });

    expect(await spend()).toEqual([0, 15_000, 0]);
  });
});

