import { beforeEach, describe, expect, it } from "vitest";
import { db } from "#db/client.server.ts";
import { closeDueAuctions, openDueAuctions } from "#models/auctions.server.ts";
import { secureNow } from "#models/award.server.ts";
import { placeQuote, withdrawQuote } from "#models/quotes.server.ts";
import { createCarrier, createShipper } from "../../support/fixtures.ts";
import { createAuctionJob } from "../../support/job-fixtures.ts";

// Every app process runs the auction clock. Here it runs many times at once (on PostgreSQL really
// side by side, as in several processes), with bids, withdrawals and "secure now" racing it, and
// each auction must still end exactly once.

type User = Awaited<ReturnType<typeof createShipper>>;
const HOUR = 3_600_000;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** `run` started n times at once. */
const times = <T>(n: number, run: (i: number) => Promise<T>): Promise<T>[] => Array.from({ length: n }, (_, i) => run(i));
let shipper: User;

beforeEach(async () => {
  shipper = await createShipper();
  // The clock acts on every due auction in the database: earlier tests' must not count here.
  await db().job.updateMany({ where: { isAuction: true, status: { in: ["scheduled", "live"] } }, data: { status: "cancelled" } });
});

const carriers = (n: number) => Promise.all(times(n, () => createCarrier()));
const bid = (jobId: number, carrier: User, valueCents: number) =>
  db().quote.create({ data: { jobId, carrierAccountId: carrier.accountId, placedById: carrier.id, valueCents, numberOfLoads: 1, status: "active" } });

/** How many notifications of each kind these people (all made for the test) have, as "kind:userId" → count. */
async function noticesTo(users: readonly User[]): Promise<Record<string, number>> {
  const rows = await db().notification.findMany({ where: { userId: { in: users.map((user) => user.id) } }, select: { kind: true, userId: true } });
  const counts: Record<string, number> = {};
  for (const { kind, userId } of rows) counts[`${kind}:${userId}`] = (counts[`${kind}:${userId}`] ?? 0) + 1;
  return counts;
}

/** The job's quotes and loads agree: no quote is still active, and each carried load belongs to an accepted quote, at its price. */
async function expectSettled(jobId: number, loads: number) {
  const quotes = await db().quote.findMany({ where: { jobId } });
  const rows = await db().load.findMany({ where: { jobId } });
  expect(quotes.filter((q) => q.status === "active")).toEqual([]);
  expect(rows).toHaveLength(loads);
  for (const load of rows.filter((row) => row.quoteId !== null)) {
    expect(quotes.find((q) => q.id === load.quoteId)).toMatchObject({ status: "accepted", carrierAccountId: load.carrierAccountId, valueCents: load.priceCents });
  }
  expect(quotes.filter((q) => q.status === "accepted").every((q) => rows.some((load) => load.quoteId === q.id))).toBe(true);
}

describe("the auction clock in every process", () => {
  it("awards each auction that has closed once, however many clocks close it at the same moment", async () => {
    const bidders = await carriers(3);
    const jobs = await Promise.all(times(3, () => createAuctionJob(shipper.accountId, shipper.id, Date.now() - 2 * HOUR, Date.now() - 1_000, { status: "live" })));
    for (const job of jobs) for (const [i, carrier] of bidders.entries()) await bid(job.id, carrier, 40_000 + i * 1_000);
    const unbid = await createAuctionJob(shipper.accountId, shipper.id, Date.now() - 2 * HOUR, Date.now() - 1_000, { status: "live" });

    const runs = await Promise.all(times(10, () => closeDueAuctions()));

    const closings = runs.flat().sort((a, b) => a - b);
    expect(closings).toEqual([...jobs.map((job) => job.id), unbid.id].sort((a, b) => a - b));
    for (const job of jobs) {
      expect(await db().job.findUniqueOrThrow({ where: { id: job.id } })).toMatchObject({ status: "awarded" });
      await expectSettled(job.id, 1);
    }
    // Each carrier bid on all three: told once of each auction's close and once of winning or losing it.
    const notices = await noticesTo([shipper, ...bidders]);
    expect(notices[`auction_closed:${shipper.id}`]).toBe(4);
    for (const carrier of bidders) {
      expect(notices[`auction_closed:${carrier.id}`]).toBe(3);
      expect((notices[`awarded:${carrier.id}`] ?? 0) + (notices[`quote_declined:${carrier.id}`] ?? 0)).toBe(3);
    }
    expect(await db().job.findUniqueOrThrow({ where: { id: unbid.id } })).toMatchObject({ status: "closed" });
  });

  it("opens each auction once, telling its shipper once", async () => {
    const job = await createAuctionJob(shipper.accountId, shipper.id, Date.now() - 1_000, Date.now() + HOUR, { status: "scheduled" });

    const runs = await Promise.all(times(10, () => openDueAuctions()));

    expect(runs.flat()).toEqual([job.id]);
    expect(await noticesTo([shipper])).toEqual({ [`auction_live:${shipper.id}`]: 1 });
  });

  it("settles every bid placed while the auction closes: none is left active, none changed after the award", async () => {
    const closesAt = Date.now() + HOUR;
    const job = await createAuctionJob(shipper.accountId, shipper.id, Date.now() - HOUR, closesAt, { status: "live", expectedQuantity: 2, numberOfLoads: 2 });
    const bidders = await carriers(12);
    // Half already bid and now bid again; the rest bid for the first time, all as the clock closes the
    // auction (a few milliseconds apart, so that some land while the award is under way).
    for (const carrier of bidders.slice(0, 6)) await bid(job.id, carrier, 50_000);

    const [closed, ...bids] = await Promise.all([
      closeDueAuctions(closesAt),
      ...bidders.map((carrier, i) => pause(i * 5).then(() => placeQuote(job, carrier, { valueCents: 45_000 - i * 100, numberOfLoads: 1 }))),
    ]);

    expect(closed).toEqual([job.id]);
    await expectSettled(job.id, 2);
    // A bid refused as too late changed nothing; one accepted was heard about once, win or lose.
    const quotes = await db().quote.findMany({ where: { jobId: job.id } });
    for (const [i, outcome] of bids.entries()) {
      const quote = quotes.find((q) => q.carrierAccountId === bidders[i]!.accountId);
      if (!outcome.ok) expect(quote?.valueCents ?? 50_000).toBe(50_000);
    }
    const notices = await noticesTo(bidders);
    for (const carrier of bidders) {
      if (!quotes.some((q) => q.carrierAccountId === carrier.accountId)) continue;
      expect((notices[`awarded:${carrier.id}`] ?? 0) + (notices[`quote_declined:${carrier.id}`] ?? 0)).toBe(1);
    }
  });

  it("never awards a quote withdrawn at the closing moment, nor withdraws one it awarded", async () => {
    const closesAt = Date.now() + HOUR;
    const job = await createAuctionJob(shipper.accountId, shipper.id, Date.now() - HOUR, closesAt, { status: "live", expectedQuantity: 3, numberOfLoads: 3 });
    const bidders = await carriers(10);
    const quotes = [];
    for (const [i, carrier] of bidders.entries()) quotes.push(await bid(job.id, carrier, 40_000 + i * 100));

    // A few milliseconds apart, so that some land while the award is under way.
    await Promise.all([closeDueAuctions(closesAt), ...quotes.map((quote, i) => pause(i * 5).then(() => withdrawQuote(job, quote)))]);

    const after = await db().quote.findMany({ where: { jobId: job.id } });
    const withdrawn = after.filter((q) => q.status === "withdrawn").map((q) => q.carrierAccountId);
    const loads = await db().load.findMany({ where: { jobId: job.id } });
    expect(loads.filter((load) => withdrawn.includes(load.carrierAccountId!))).toEqual([]);
    if (loads.length) await expectSettled(job.id, 3);
    else expect(await db().job.findUniqueOrThrow({ where: { id: job.id } })).toMatchObject({ status: "closed" });
  });

  it("gives one award when secure now is clicked as the clock closes the auction", async () => {
    const closesAt = Date.now() + HOUR;
    const job = await createAuctionJob(shipper.accountId, shipper.id, Date.now() - HOUR, closesAt, { status: "live", secureNowPriceCents: 52_500, expectedQuantity: 2, numberOfLoads: 2 });
    const bidders = await carriers(10);
    for (const [i, carrier] of bidders.slice(0, 3).entries()) await bid(job.id, carrier, 40_000 + i * 100);

    const [closed, ...secured] = await Promise.all([
      closeDueAuctions(closesAt),
      ...bidders.map((carrier) => secureNow(job.id, { accountId: carrier.accountId, userId: carrier.id }, closesAt - 1)),
    ]);

    expect(closed.length + secured.filter((outcome) => outcome.ok).length).toBe(1);
    await expectSettled(job.id, 2);
    expect(Object.values(await noticesTo([shipper, ...bidders])).every((count) => count === 1)).toBe(true);
  });
});
