import { describe, expect, it } from "vitest";
import { db } from "#db/client.server.ts";
import { SECURE_NOW_TAKEN } from "#models/award.server.ts";
import { signedInAgent } from "../../support/app.ts";
import { createCarrier, createShipper } from "../../support/fixtures.ts";
import { createAuctionJob } from "../../support/job-fixtures.ts";

// "Secure now" clicked by twenty carriers at once while others are still bidding: one carrier gets
// every load, everyone else is refused or declined, and nobody hears about it twice.

const HOUR = 3_600_000;

describe("secure now under load", () => {
  it("gives one of 20 simultaneous carriers every load while 5 others bid; no bid is left active", async () => {
    const shipper = await createShipper();
    const job = await createAuctionJob(shipper.accountId, shipper.id, Date.now() - HOUR, Date.now() + HOUR, { secureNowPriceCents: 52_500, expectedQuantity: 3, numberOfLoads: 3 });
    const clickers = await Promise.all(Array.from({ length: 20 }, () => createCarrier()));
    const bidders = await Promise.all(Array.from({ length: 5 }, () => createCarrier()));
    // Signed in one after another: what races here is the clicking, not the signing in.
    const agents = [];
    for (const carrier of [...clickers, ...bidders]) agents.push(await signedInAgent(carrier.email));

    const responses = await Promise.all(
      agents.map(({ browser, csrf }, i) =>
        i < clickers.length
          ? browser.post(`/jobs/${job.id}/secure_now`).set("X-CSRF-Token", csrf).set("Accept", "application/json")
          : browser.post(`/jobs/${job.id}/quotes`).type("form").send({ _csrf: csrf, price: String(400 + i), number_of_loads: "1" }),
      ),
    );

    const clicks = responses.slice(0, clickers.length);
    expect(clicks.map((r) => r.status).sort()).toEqual([201, ...Array(19).fill(409)]);
    expect(new Set(clicks.filter((r) => r.status === 409).map((r) => r.body.error))).toEqual(new Set([SECURE_NOW_TAKEN]));
    const winner = clickers[clicks.findIndex((r) => r.status === 201)]!;
    const loads = await db().load.findMany({ where: { jobId: job.id } });
    expect(loads.map((load) => [load.carrierAccountId, load.priceCents])).toEqual(Array(3).fill([winner.accountId, 52_500]));
    const quotes = await db().quote.findMany({ where: { jobId: job.id } });
    expect(quotes.filter((q) => q.status === "accepted").map((q) => q.carrierAccountId)).toEqual([winner.accountId]);
    expect(quotes.filter((q) => q.status === "active")).toEqual([]);
    const told = await db().notification.groupBy({ by: ["userId", "kind"], where: { userId: { in: [...clickers, ...bidders].map((c) => c.id) }, kind: { in: ["awarded", "quote_declined"] } }, _count: { _all: true } });
    expect(told.every((row) => row._count._all === 1)).toBe(true);
    expect(told.filter((row) => row.kind === "awarded").map((row) => row.userId)).toEqual([winner.id]);
    expect(told.filter((row) => row.kind === "quote_declined")).toHaveLength(quotes.filter((q) => q.status === "declined").length);
  });
});
