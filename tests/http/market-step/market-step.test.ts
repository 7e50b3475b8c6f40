import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { db } from "#db/client.server.ts";
import { reachMarketDue } from "#models/jobs/market-step.server.ts";
import { createCarrier, createUser } from "../../support/fixtures.ts";
import { recordBroadcasts } from "../../support/messaging-fixtures.ts";
import { MINUTE, invitedJob, jobOf, noticesOf, saveSearch, world } from "./support.ts";

// The market step, called as the background sweep calls it, with the clock in the test's hands.

let recorder: ReturnType<typeof recordBroadcasts>;
beforeEach(() => {
  recorder = recordBroadcasts();
});
afterEach(() => recorder.stop());

const quote = (jobId: number, carrier: { id: number; accountId: number }, numberOfLoads: number, status = "active") =>
  db().quote.create({ data: { jobId, carrierAccountId: carrier.accountId, placedById: carrier.id, valueCents: 40_000, numberOfLoads, status } });

describe("reachMarketDue", () => {
  it("puts the job on the market and tells the newly reached searchers, not the pool, the bidders, the blocked or the unmatched", async () => {
    const { shipper, member, outsider, pool } = await world();
    const colleague = await createUser("carrier", { role: "member", accountId: outsider.accountId, name: "Colleague" });
    const bidder = await createCarrier({ company: "Quoted Already" });
    const blocked = await createCarrier({ company: "Blocked Ltd" });
    const drums = await createCarrier({ company: "Drums Only" });
    await db().companyBlock.create({ data: { blockerAccountId: shipper.accountId, blockedAccountId: blocked.accountId, blockedById: shipper.id } });
    const alba = { delivery_region: "GB:Alba Market" };
    await saveSearch(member, "Alba (pool)", alba);
    const found = await saveSearch(outsider, "Alba", alba);
    await saveSearch(outsider, "Alba again", { ...alba, load_type: "palletised" });
    const colleagues = await saveSearch(colleague, "Colleague's Alba", alba);
    await saveSearch(bidder, "Alba (bidder)", alba);
    await saveSearch(blocked, "Alba (blocked)", alba);
    await saveSearch(drums, "Alba drums", { ...alba, load_type: "drums" });
    const job = await invitedJob(shipper, pool.id, "Alba Market", { reference: "Chilled to Glasgow", expectedQuantity: 3 });
    await quote(job.id, bidder, 1);
    const now = new Date();

    const sweep = await reachMarketDue(now);

    expect(sweep.reached).toContain(job.id);
    expect(await jobOf(job.id)).toEqual({ onMarket: true, marketReachedAt: now, marketSkippedAt: null, deadlineNotifiedAt: null });
    const matches = await db().savedSearchMatch.findMany({ where: { jobId: job.id }, select: { savedSearchId: true }, orderBy: { savedSearchId: "asc" } });
    expect(matches.map((m) => m.savedSearchId)).toEqual([found.id, found.id + 1, colleagues.id]);
    expect(await noticesOf("market_reached", `/jobs/${job.id}`)).toEqual([
      { userId: outsider.id, title: "Now open to all carriers, for “Alba”: Chilled to Glasgow", body: "Leeds → Glasgow · Collect 3 Mar 2027. Offered to invited carriers first, it now takes quotes from every carrier." },
      { userId: colleague.id, title: "Now open to all carriers, for “Colleague's Alba”: Chilled to Glasgow", body: expect.any(String) },
    ]);
    expect(recorder.to(`user:${outsider.id}`).join("\n")).toContain("Now open to all carriers, for “Alba”: Chilled to Glasgow");
    expect(recorder.to(`job:${job.id}`)).toHaveLength(1);
    for (const user of [member, bidder, blocked, drums, shipper]) expect(recorder.to(`user:${user.id}`)).toEqual([]);
  });

  it("waits for its time", async () => {
    const { shipper, outsider, pool } = await world();
    await saveSearch(outsider, "Alba", { delivery_region: "GB:Alba Later" });
    const job = await invitedJob(shipper, pool.id, "Alba Later", { marketAt: new Date(Date.now() + 60 * MINUTE) });

    expect((await reachMarketDue(new Date())).reached).not.toContain(job.id);
    expect(await jobOf(job.id)).toMatchObject({ onMarket: false, marketReachedAt: null, marketSkippedAt: null });

    const later = new Date(Date.now() + 61 * MINUTE);
    expect((await reachMarketDue(later)).reached).toContain(job.id);
    expect(await jobOf(job.id)).toMatchObject({ onMarket: true, marketReachedAt: later });
    expect(await noticesOf("market_reached", `/jobs/${job.id}`)).toHaveLength(1);
  });

  it("happens once: two sweeps at the same moment, and any sweep after, make one step and one set of notices", async () => {
    const { shipper, outsider, pool } = await world();
    const other = await createCarrier();
    await saveSearch(outsider, "Alba", { delivery_region: "GB:Alba Once" });
    await saveSearch(other, "Alba", { delivery_region: "GB:Alba Once" });
    const job = await invitedJob(shipper, pool.id, "Alba Once");
    const now = new Date();

    const sweeps = await Promise.all([reachMarketDue(now), reachMarketDue(now), reachMarketDue(new Date(now.getTime() + 1))]);
    const later = await reachMarketDue(new Date(now.getTime() + MINUTE));

    expect([...sweeps, later].flatMap((sweep) => sweep.reached).filter((id) => id === job.id)).toEqual([job.id]);
    expect((await noticesOf("market_reached", `/jobs/${job.id}`)).map((n) => n.userId)).toEqual([outsider.id, other.id].sort((a, b) => a - b));
    expect(await db().savedSearchMatch.count({ where: { jobId: job.id } })).toBe(2);
  });

  it("is skipped when the pool's quotes already win every load, and never comes back", async () => {
    const { shipper, member, outsider, pool } = await world();
    await saveSearch(outsider, "Alba", { delivery_region: "GB:Alba Full" });
    const job = await invitedJob(shipper, pool.id, "Alba Full", { expectedQuantity: 2 });
    await quote(job.id, member, 2);
    const now = new Date();

    const sweep = await reachMarketDue(now);

    expect(sweep.skipped).toContain(job.id);
    expect(sweep.reached).not.toContain(job.id);
    expect(await jobOf(job.id)).toMatchObject({ onMarket: false, marketReachedAt: null, marketSkippedAt: now });
    // The quote withdrawn afterwards: the step was decided at its time and is not made late.
    await db().quote.updateMany({ where: { jobId: job.id }, data: { status: "withdrawn" } });
    const again = await reachMarketDue(new Date(now.getTime() + MINUTE));
    expect([...again.reached, ...again.skipped]).not.toContain(job.id);
    expect(await noticesOf("market_reached", `/jobs/${job.id}`)).toEqual([]);
    expect(recorder.to(`user:${outsider.id}`)).toEqual([]);
  });

  it("goes ahead while the quotes leave loads unallocated (withdrawn ones do not count)", async () => {
    const { shipper, member, outsider, pool } = await world();
    await saveSearch(outsider, "Alba", { delivery_region: "GB:Alba Part" });
    const job = await invitedJob(shipper, pool.id, "Alba Part", { expectedQuantity: 3 });
    await quote(job.id, member, 2);
    await quote(job.id, outsider, 3, "withdrawn");

    expect((await reachMarketDue(new Date())).reached).toContain(job.id);
    expect(await jobOf(job.id)).toMatchObject({ onMarket: true });
    // Severn Freight quoted (then withdrew): it found the job already, so its search is not told.
    expect(await noticesOf("market_reached", `/jobs/${job.id}`)).toEqual([]);
  });

  it.each([
    { status: "awarded" },
    { status: "cancelled" },
    { status: "closed" },
  ])("is skipped for a job $status before its time", async ({ status }) => {
    const { shipper, outsider, pool } = await world();
    await saveSearch(outsider, "Alba", { delivery_region: `GB:Alba ${status}` });
    const job = await invitedJob(shipper, pool.id, `Alba ${status}`, { status });
    const now = new Date();

    expect((await reachMarketDue(now)).skipped).toContain(job.id);
    expect(await jobOf(job.id)).toMatchObject({ onMarket: false, marketSkippedAt: now });
    expect(await noticesOf("market_reached", `/jobs/${job.id}`)).toEqual([]);
  });

  it("leaves pools-only jobs, market jobs and drafts alone", async () => {
    const { shipper, pool } = await world();
    const poolsOnly = await invitedJob(shipper, pool.id, "Alba Alone", { audience: "pools" });
    const draft = await invitedJob(shipper, pool.id, "Alba Alone", { status: "draft" });

    const sweep = await reachMarketDue(new Date());

    expect([...sweep.reached, ...sweep.skipped]).not.toContain(poolsOnly.id);
    expect([...sweep.reached, ...sweep.skipped]).not.toContain(draft.id);
    expect(await jobOf(poolsOnly.id)).toMatchObject({ onMarket: false, marketSkippedAt: null });
    expect(await jobOf(draft.id)).toMatchObject({ onMarket: false, marketSkippedAt: null });
  });
});
