import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { db } from "#db/client.server.ts";
import { nextAuctionEventAt, runDueAuctions } from "#models/auctions.server.ts";
import { type AuctionClock, startAuctionClock } from "#models/auctions/clock.server.ts";
import { createCarrier, createShipper } from "../../support/fixtures.ts";
import { createAuctionJob } from "../../support/job-fixtures.ts";

type User = Awaited<ReturnType<typeof createShipper>>;
let shipper: User;
let carrier: User;
let clock: AuctionClock | undefined;

beforeEach(async () => {
  shipper = await createShipper();
  carrier = await createCarrier();
  // Earlier tests' auctions must not leak into this one's expectations.
  await db().job.updateMany({ where: { isAuction: true, status: { in: ["scheduled", "live"] } }, data: { status: "cancelled" } });
});
afterEach(() => clock?.stop());

const statusOf = async (id: number) => (await db().job.findUniqueOrThrow({ where: { id } })).status;
const bid = (jobId: number, valueCents = 40_000) =>
  db().quote.create({ data: { jobId, carrierAccountId: carrier.accountId, placedById: carrier.id, valueCents, numberOfLoads: 1, status: "active" } });
const waitFor = async (check: () => Promise<boolean>, ms = 3_000) => {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error("timed out");
};

describe("the auction clock", () => {
  it("catches up on everything that fell due: opens, awards by the rules, closes without bids", async () => {
    const now = Date.now();
    const opening = await createAuctionJob(shipper.accountId, shipper.id, now - 1_000, now + 60_000, { status: "scheduled" });
    const awarding = await createAuctionJob(shipper.accountId, shipper.id, now - 120_000, now - 1_000, { status: "live" });
    const neverOpened = await createAuctionJob(shipper.accountId, shipper.id, now - 120_000, now - 60_000, { status: "scheduled" });
    const empty = await createAuctionJob(shipper.accountId, shipper.id, now - 120_000, now - 1_000, { status: "live" });
    const future = await createAuctionJob(shipper.accountId, shipper.id, now + 60_000, now + 120_000);
    await bid(awarding.id);
    await bid(neverOpened.id);

    const result = await runDueAuctions(now);

    expect(result.opened).toEqual([opening.id]);
    expect(result.closed.sort()).toEqual([awarding.id, neverOpened.id, empty.id].sort());
    expect(await statusOf(opening.id)).toBe("live");
    expect(await statusOf(awarding.id)).toBe("awarded");
    expect(await statusOf(neverOpened.id)).toBe("awarded");
    expect(await statusOf(empty.id)).toBe("closed");
    expect(await statusOf(future.id)).toBe("scheduled");
    expect(await db().load.count({ where: { jobId: awarding.id, carrierAccountId: carrier.accountId } })).toBe(1);
    expect(await runDueAuctions(now)).toEqual({ opened: [], closed: [] });
    expect(await nextAuctionEventAt(now)).toBe(now + 60_000);
  });

  it("opens and awards on time by itself", async () => {
    const job = await createAuctionJob(shipper.accountId, shipper.id, Date.now() + 300, Date.now() + 900);
    await bid(job.id);
    clock = startAuctionClock();
    await clock.idle();
    expect(await statusOf(job.id)).toBe("scheduled");
    await waitFor(async () => (await statusOf(job.id)) === "live");
    const liveAt = Date.now();
    await waitFor(async () => (await statusOf(job.id)) === "awarded");
    expect(Date.now() - liveAt).toBeGreaterThan(300);
    expect(await db().load.count({ where: { jobId: job.id } })).toBe(1);
  });

  it("closes what fell due while the server was down as soon as it starts again", async () => {
    clock = startAuctionClock();
    await clock.idle();
    clock.stop();
    const job = await createAuctionJob(shipper.accountId, shipper.id, Date.now() - 10_000, Date.now() + 150, { status: "live" });
    await bid(job.id);
    await new Promise((r) => setTimeout(r, 400));
    expect(await statusOf(job.id)).toBe("live");
    clock = startAuctionClock();
    await clock.idle();
    expect(await statusOf(job.id)).toBe("awarded");
  });
});
