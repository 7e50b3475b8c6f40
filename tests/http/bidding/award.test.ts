import { beforeEach, describe, expect, it } from "vitest";
import { db } from "#db/client.server.ts";
import { awardJob } from "#models/award.server.ts";
import { signedInAgent } from "../../support/app.ts";
import { createCarrier, createShipper } from "../../support/fixtures.ts";
import { createJob } from "../../support/job-fixtures.ts";

type User = Awaited<ReturnType<typeof createShipper>>;
let shipper: User;
let cheap: User;
let middle: User;
let dear: User;

beforeEach(async () => {
  shipper = await createShipper();
  [cheap, middle, dear] = [await createCarrier(), await createCarrier(), await createCarrier()];
});

async function placeQuote(jobId: number, carrier: User, valueCents: number, numberOfLoads: number, minute = 0) {
  return db().quote.create({
    data: { jobId, carrierAccountId: carrier.accountId, placedById: carrier.id, valueCents, numberOfLoads, status: "active", updatedAt: new Date(Date.UTC(2027, 0, 1, 9, minute)) },
  });
}

const loadsOf = (jobId: number) =>
  db().load.findMany({ where: { jobId }, orderBy: { sequence: "asc" }, include: { stops: { include: { jobLocation: true }, orderBy: { id: "asc" } } } });

describe("awarding a job", () => {
  it("accepts the winners by the rules, declines the rest and spreads a multi-load schedule over them", async () => {
    const job = await createJob(shipper.accountId, shipper.id, {
      jobType: "multi",
      startDate: new Date("2027-03-01T00:00:00Z"),
      endDate: new Date("2027-03-12T00:00:00Z"),
      frequency: "weekdays",
      expectedQuantity: 10,
      firstBidPercentage: 60,
      secondBidPercentage: 40,
      pickup: { windowDate: null },
      delivery: { windowDate: null },
    });
    const a = await placeQuote(job.id, cheap, 40_000, 10);
    const b = await placeQuote(job.id, middle, 45_000, 3);
    const c = await placeQuote(job.id, dear, 50_000, 10);
    const { browser, csrf } = await signedInAgent(shipper.email);
    const response = await browser.post(`/jobs/${job.id}/award`).type("form").send({ _csrf: csrf });
    expect(response.status).toBe(303);
    const page = await browser.get(response.headers.location!);
    expect(page.text).toContain("Awarded 9 of 10 loads to 2 carriers. 1 load nobody quoted for is unassigned");

    const quotes = await db().quote.findMany({ where: { jobId: job.id }, orderBy: { id: "asc" } });
    expect(quotes.map((q) => [q.id, q.status])).toEqual([[a.id, "accepted"], [b.id, "accepted"], [c.id, "declined"]]);
    const loads = await loadsOf(job.id);
    expect(loads).toHaveLength(10);
    expect(loads.map((l) => l.pickupDate?.toISOString().slice(0, 10))).toEqual([
      "2027-03-01", "2027-03-02", "2027-03-03", "2027-03-04", "2027-03-05", "2027-03-08", "2027-03-09", "2027-03-10", "2027-03-11", "2027-03-12",
    ]);
    const owner = (l: (typeof loads)[number]) => (l.carrierAccountId === cheap.accountId ? "A" : l.carrierAccountId === middle.accountId ? "B" : "-");
    expect(loads.map(owner).join("")).toBe("ABAAB-AABA");
    expect(loads.filter((l) => l.carrierAccountId === cheap.accountId)).toHaveLength(6);
    expect(loads.filter((l) => l.carrierAccountId === middle.accountId)).toHaveLength(3);
    expect(loads.filter((l) => l.status === "unassigned" && l.carrierAccountId === null)).toHaveLength(1);
    expect(loads.find((l) => l.carrierAccountId === middle.accountId)).toMatchObject({ status: "assigned", priceCents: 45_000, quoteId: b.id });
    expect(loads[0]!.stops.map((s) => [s.jobLocation.kind, s.windowDate?.toISOString().slice(0, 10)])).toEqual([
      ["pickup", "2027-03-01"],
      ["delivery", "2027-03-01"],
    ]);
    expect(await db().job.findUnique({ where: { id: job.id } })).toMatchObject({ status: "awarded" });
  });

  it("creates one load for a single-load job with its locations' window dates", async () => {
    const job = await createJob(shipper.accountId, shipper.id);
    await placeQuote(job.id, cheap, 40_000, 1);
    expect(await awardJob(job.id)).toEqual({ ok: true, loads: 1, assigned: 1, carriers: 1 });
    const [load] = await loadsOf(job.id);
    expect(load).toMatchObject({ sequence: 1, carrierAccountId: cheap.accountId, status: "assigned" });
    expect(load!.pickupDate?.toISOString().slice(0, 10)).toBe("2027-03-03");
    expect(load!.deliveryDate?.toISOString().slice(0, 10)).toBe("2027-03-04");
  });

  it("creates a contract job's loads from its monthly estimates", async () => {
    const job = await createJob(shipper.accountId, shipper.id, {
      jobType: "contract",
      startDate: new Date("2027-04-10T00:00:00Z"),
      contractDuration: "six_months",
      expectedQuantity: 5,
      additionalData: JSON.stringify({ load_estimates: [{ month: "2027-04", number_of_loads: 2 }, { month: "2027-05", number_of_loads: 3 }] }),
    });
    await placeQuote(job.id, cheap, 40_000, 5);
    await awardJob(job.id);
    const loads = await loadsOf(job.id);
    expect(loads.map((l) => l.pickupDate?.toISOString().slice(0, 10))).toEqual(["2027-04-10", "2027-04-10", "2027-05-01", "2027-05-01", "2027-05-01"]);
  });

  it("refuses a second award (409) and changes nothing", async () => {
    const job = await createJob(shipper.accountId, shipper.id);
    await placeQuote(job.id, cheap, 40_000, 1);
    const { browser, csrf } = await signedInAgent(shipper.email);
    const first = await browser.post(`/jobs/${job.id}/award`).set("X-CSRF-Token", csrf).set("Accept", "application/json");
    expect(first.status).toBe(201);
    await placeQuote(job.id, middle, 1_000, 1);
    const second = await browser.post(`/jobs/${job.id}/award`).set("X-CSRF-Token", csrf).set("Accept", "application/json");
    expect(second.status).toBe(409);
    expect(second.body.error).toBe("This job has already been awarded");
    expect(await db().load.count({ where: { jobId: job.id } })).toBe(1);
    const both = await Promise.all([awardJob(job.id), awardJob(job.id)]);
    expect(both.every((o) => !o.ok)).toBe(true);
  });

  it("refuses to award with no quotes (422) and while an auction is live", async () => {
    const job = await createJob(shipper.accountId, shipper.id);
    expect(await awardJob(job.id)).toEqual({ ok: false, status: 422, errors: { base: "There are no quotes that can be awarded" } });
    const live = await createJob(shipper.accountId, shipper.id, { isAuction: true, status: "live", auctionOpensAt: new Date(Date.now() - 1000), auctionClosesAt: new Date(Date.now() + 60_000) });
    await placeQuote(live.id, cheap, 40_000, 1);
    expect(await awardJob(live.id)).toMatchObject({ ok: false, status: 422 });
    expect(await db().job.findUnique({ where: { id: job.id } })).toMatchObject({ status: "open" });
  });

  it("is the job's shipper's alone (404 for a carrier or another shipper)", async () => {
    const job = await createJob(shipper.accountId, shipper.id);
    await placeQuote(job.id, cheap, 40_000, 1);
    for (const user of [cheap, await createShipper()]) {
      const { browser, csrf } = await signedInAgent(user.email);
      expect((await browser.post(`/jobs/${job.id}/award`).type("form").send({ _csrf: csrf })).status).toBe(404);
    }
    expect(await db().load.count({ where: { jobId: job.id } })).toBe(0);
  });
});
