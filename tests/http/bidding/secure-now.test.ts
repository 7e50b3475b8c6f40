import { beforeEach, describe, expect, it } from "vitest";
import { db } from "#db/client.server.ts";
import { SECURE_NOW_TAKEN } from "#models/award.server.ts";
import { signedInAgent } from "../../support/app.ts";
import { createCarrier, createShipper } from "../../support/fixtures.ts";
import { createAuctionJob } from "../../support/job-fixtures.ts";

type User = Awaited<ReturnType<typeof createShipper>>;
let shipper: User;

beforeEach(async () => {
  shipper = await createShipper();
});

const liveAuction = (overrides = {}) =>
  createAuctionJob(shipper.accountId, shipper.id, Date.now() - 60_000, Date.now() + 3_600_000, { secureNowPriceCents: 52_500, expectedQuantity: 3, numberOfLoads: 3, ...overrides });

describe("secure now", () => {
  it("gives exactly one of 20 simultaneous carriers every load; the 19 others are refused", async () => {
    const job = await liveAuction();
    const carriers = await Promise.all(Array.from({ length: 20 }, () => createCarrier()));
    const agents = await Promise.all(carriers.map((c) => signedInAgent(c.email)));
    await db().quote.create({ data: { jobId: job.id, carrierAccountId: carriers[3]!.accountId, placedById: carriers[3]!.id, valueCents: 60_000, numberOfLoads: 3, status: "active" } });

    const responses = await Promise.all(
      agents.map(({ browser, csrf }) => browser.post(`/jobs/${job.id}/secure_now`).set("X-CSRF-Token", csrf).set("Accept", "application/json")),
    );

    const winners = responses.filter((r) => r.status === 201);
    const refused = responses.filter((r) => r.status === 409);
    expect(winners).toHaveLength(1);
    expect(refused).toHaveLength(19);
    expect(new Set(refused.map((r) => r.body.error))).toEqual(new Set([SECURE_NOW_TAKEN]));

    const winner = carriers[responses.indexOf(winners[0]!)]!;
    const loads = await db().load.findMany({ where: { jobId: job.id } });
    expect(loads).toHaveLength(3);
    expect(new Set(loads.map((l) => l.carrierAccountId))).toEqual(new Set([winner.accountId]));
    expect(loads.every((l) => l.priceCents === 52_500 && l.status === "assigned")).toBe(true);
    const quotes = await db().quote.findMany({ where: { jobId: job.id } });
    expect(quotes.filter((q) => q.status === "accepted")).toEqual([expect.objectContaining({ carrierAccountId: winner.accountId, securedNow: true, valueCents: 52_500, numberOfLoads: 3 })]);
    if (winner.accountId !== carriers[3]!.accountId) expect(quotes.find((q) => q.carrierAccountId === carriers[3]!.accountId)?.status).toBe("declined");
    expect(await db().job.findUnique({ where: { id: job.id } })).toMatchObject({ status: "awarded" });
  });

  it.each([
    { loads: 1, notice: "You secured the load at £525.00 a load" },
    { loads: 3, notice: "You secured all 3 loads at £525.00 a load" },
  ])("tells the winner of $loads load(s) in plain English", async ({ loads, notice }) => {
    const job = await liveAuction({ expectedQuantity: loads, numberOfLoads: loads });
    const { browser, csrf } = await signedInAgent((await createCarrier()).email);
    expect((await browser.post(`/jobs/${job.id}/secure_now`).type("form").send({ _csrf: csrf })).status).toBe(303);
    expect((await browser.get("/loads")).text).toContain(notice);
  });

  it("tells a late carrier in the page why, and sends the winner to their loads", async () => {
    const job = await liveAuction();
    const [first, second] = [await createCarrier(), await createCarrier()];
    const a = await signedInAgent(first.email);
    const won = await a.browser.post(`/jobs/${job.id}/secure_now`).type("form").send({ _csrf: a.csrf });
    expect(won.status).toBe(303);
    expect(won.headers.location).toBe("/loads");
    const b = await signedInAgent(second.email);
    const lost = await b.browser.post(`/jobs/${job.id}/secure_now`).type("form").send({ _csrf: b.csrf, return_to: `/jobs/${job.id}/quotes` });
    expect(lost.status).toBe(303);
    expect(lost.headers.location).toBe("/jobs");
    const page = await b.browser.get(lost.headers.location!);
    expect(page.text).toContain("another carrier secured this job first");
    const again = await a.browser.post(`/jobs/${job.id}/secure_now`).set("X-CSRF-Token", a.csrf).set("Accept", "application/json");
    expect(again.body).toEqual({ error: "You have already secured this job" });
  });

  it.each([
    { case: "before the auction opens", timing: [60_000, 120_000], extra: {}, message: "The auction has not opened yet" },
    { case: "after it closes", timing: [-120_000, -1], extra: {}, message: "The auction has closed" },
    { case: "without a secure-now price", timing: [-60_000, 60_000], extra: { secureNowPriceCents: null }, message: "This job cannot be secured now" },
  ])("is refused $case", async ({ timing, extra, message }) => {
    const job = await createAuctionJob(shipper.accountId, shipper.id, Date.now() + timing[0]!, Date.now() + timing[1]!, { secureNowPriceCents: 50_000, ...extra });
    const carrier = await createCarrier();
    const { browser, csrf } = await signedInAgent(carrier.email);
    const response = await browser.post(`/jobs/${job.id}/secure_now`).set("X-CSRF-Token", csrf).set("Accept", "application/json");
    expect(response.status).toBe(409);
    expect(response.body.error).toBe(message);
    expect(await db().load.count({ where: { jobId: job.id } })).toBe(0);
  });
});
