import { beforeEach, describe, expect, it } from "vitest";
import { db } from "#db/client.server.ts";
import { signedInAgent } from "../../support/app.ts";
import { createCarrier, createShipper, createUser } from "../../support/fixtures.ts";
import { createAuctionJob, createJob } from "../../support/job-fixtures.ts";

type User = Awaited<ReturnType<typeof createShipper>>;
let shipper: User;
let haulier: User;
let rival: User;
let job: Awaited<ReturnType<typeof createJob>>;

beforeEach(async () => {
  shipper = await createShipper({ company: "Acme Foods" });
  haulier = await createCarrier({ company: "Northstar Haulage" });
  rival = await createCarrier({ company: "Secret Rival Transport" });
  job = await createJob(shipper.accountId, shipper.id, { expectedQuantity: 10, jobType: "single", numberOfLoads: 10 });
});

const quoteOf = (carrier: User) => db().quote.findFirst({ where: { jobId: job.id, carrierAccountId: carrier.accountId } });

async function quote(carrier: User, price: string, loads: string) {
  const { browser, csrf } = await signedInAgent(carrier.email);
  const response = await browser.post(`/jobs/${job.id}/quotes`).type("form").send({ _csrf: csrf, price, number_of_loads: loads });
  return { browser, csrf, response };
}

describe("placing a quote", () => {
  it("stores whole pounds as pence and redirects back to the job", async () => {
    const { response } = await quote(haulier, "450", "4");
    expect(response.status).toBe(303);
    expect(response.headers.location).toBe(`/jobs/${job.id}`);
    expect(await quoteOf(haulier)).toMatchObject({ valueCents: 45_000, numberOfLoads: 4, status: "active", placedById: haulier.id });
  });

  it("keeps one quote per carrier: a change updates it and its updated_at", async () => {
    const { browser, csrf } = await quote(haulier, "450", "4");
    const first = (await quoteOf(haulier))!;
    await new Promise((r) => setTimeout(r, 5));
    const response = await browser.patch(`/jobs/${job.id}/quotes/${first.id}`).type("form").send({ _csrf: csrf, price: "420", number_of_loads: "6", return_to: `/jobs/${job.id}/quotes` });
    expect(response.status).toBe(303);
    expect(response.headers.location).toBe(`/jobs/${job.id}/quotes`);
    const again = await browser.post(`/jobs/${job.id}/quotes`).type("form").send({ _csrf: csrf, price: "415", number_of_loads: "6" });
    expect(again.status).toBe(303);
    const quotes = await db().quote.findMany({ where: { jobId: job.id } });
    expect(quotes).toHaveLength(1);
    expect(quotes[0]).toMatchObject({ id: first.id, valueCents: 41_500, numberOfLoads: 6 });
    expect(quotes[0]!.updatedAt.getTime()).toBeGreaterThan(first.updatedAt.getTime());
  });

  it.each([
    { price: "", loads: "2", field: "quote_price", message: "Enter your price" },
    { price: "abc", loads: "2", field: "quote_price", message: "Enter your price as a number of pounds" },
    { price: "12.50", loads: "2", field: "quote_price", message: "Enter your price in whole pounds" },
    { price: "0", loads: "2", field: "quote_price", message: "Your price must be at least £1" },
    { price: "450", loads: "", field: "quote_number_of_loads", message: "Enter the number of loads" },
    { price: "450", loads: "0", field: "quote_number_of_loads", message: "The number of loads must be at least 1" },
    { price: "450", loads: "11", field: "quote_number_of_loads", message: "This job has 10 loads; bid for that many or fewer" },
  ])("refuses price '$price' / loads '$loads' with 422 beside the field", async ({ price, loads, field, message }) => {
    const { response } = await quote(haulier, price, loads);
    expect(response.status).toBe(422);
    expect(response.text).toContain(`<p class="field-error" id="${field}_error">${message}</p>`);
    expect(response.text).toContain(`value="${price}"`);
    expect(await quoteOf(haulier)).toBeNull();
  });

  it("answers JSON callers with 422 and field errors", async () => {
    const { browser, csrf } = await signedInAgent(haulier.email);
    const response = await browser.post(`/jobs/${job.id}/quotes`).set("X-CSRF-Token", csrf).set("Accept", "application/json").send({ price: "-5", number_of_loads: "3" });
    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual({ price: "Your price must be at least £1" });
  });

  it("refuses quotes on a scheduled auction with a message, and hides drafts (404)", async () => {
    const auction = await createAuctionJob(shipper.accountId, shipper.id, Date.now() + 3_600_000, Date.now() + 7_200_000);
    const { browser, csrf } = await signedInAgent(haulier.email);
    const early = await browser.post(`/jobs/${auction.id}/quotes`).type("form").send({ _csrf: csrf, price: "450", number_of_loads: "1" });
    expect(early.status).toBe(422);
    expect(early.text).toContain("The auction has not opened yet");
    const draft = await createJob(shipper.accountId, shipper.id, { status: "draft" });
    expect((await browser.post(`/jobs/${draft.id}/quotes`).type("form").send({ _csrf: csrf, price: "450", number_of_loads: "1" })).status).toBe(404);
    expect(await db().quote.count({ where: { carrierAccountId: haulier.accountId } })).toBe(0);
  });

  it("lets a carrier withdraw their quote", async () => {
    const { browser, csrf } = await quote(haulier, "450", "4");
    const mine = (await quoteOf(haulier))!;
    const response = await browser.delete(`/jobs/${job.id}/quotes/${mine.id}`).type("form").send({ _csrf: csrf });
    expect(response.status).toBe(303);
    expect((await quoteOf(haulier))!.status).toBe("withdrawn");
  });
});

describe("who may see and touch quotes", () => {
  it("never shows a carrier another carrier's identity, in HTML or JSON", async () => {
    await quote(rival, "400", "5");
    const { browser } = await quote(haulier, "450", "4");
    const html = await browser.get(`/jobs/${job.id}/quotes`);
    expect(html.status).toBe(200);
    expect(html.text).toContain("£450.00");
    expect(html.text).not.toContain("Secret Rival Transport");
    expect(html.text).not.toMatch(new RegExp(`accountId[^,]*${rival.accountId}\\b`));
    expect(html.text).not.toContain(rival.email);
    const json = await browser.get(`/jobs/${job.id}/quotes`).set("Accept", "application/json");
    expect(json.status).toBe(200);
    const text = JSON.stringify(json.body);
    expect(text).not.toContain("Secret Rival");
    expect(text).not.toContain("carrierAccountId");
    expect(text).not.toContain("accountId");
    expect(json.body.quotes).toEqual([
      { rank: 1, mine: false, valueCents: 40_000, numberOfLoads: 5, allocatedLoads: 5 },
      { rank: 2, mine: true, valueCents: 45_000, numberOfLoads: 4, allocatedLoads: 0 },
    ]);
  });

  it("answers 404 when a carrier acts on another carrier's quote", async () => {
    await quote(rival, "400", "5");
    const theirs = (await quoteOf(rival))!;
    const { browser, csrf } = await signedInAgent(haulier.email);
    expect((await browser.patch(`/jobs/${job.id}/quotes/${theirs.id}`).type("form").send({ _csrf: csrf, price: "1", number_of_loads: "1" })).status).toBe(404);
    expect((await browser.delete(`/jobs/${job.id}/quotes/${theirs.id}`).type("form").send({ _csrf: csrf })).status).toBe(404);
    expect(await quoteOf(rival)).toMatchObject({ valueCents: 40_000, status: "active" });
  });

  it("does not let drivers quote, nor another shipper see the quotes (404)", async () => {
    const driver = await createUser("carrier", { role: "driver", accountId: haulier.accountId });
    const { browser: driverBrowser, csrf } = await signedInAgent(driver.email);
    expect((await driverBrowser.post(`/jobs/${job.id}/quotes`).type("form").send({ _csrf: csrf, price: "450", number_of_loads: "1" })).status).toBe(404);
    const other = await createShipper();
    const { browser } = await signedInAgent(other.email);
    expect((await browser.get(`/jobs/${job.id}/quotes`)).status).toBe(404);
  });

  it("shows the shipper every quote by name, ranked, with the allocation its rules give", async () => {
    await quote(rival, "400", "5");
    await quote(haulier, "450", "8");
    await db().job.update({ where: { id: job.id }, data: { firstBidPercentage: 60, secondBidPercentage: 40 } });
    const { browser } = await signedInAgent(shipper.email);
    const page = await browser.get(`/jobs/${job.id}/quotes`);
    expect(page.status).toBe(200);
    expect(page.text.indexOf("Secret Rival Transport")).toBeLessThan(page.text.indexOf("Northstar Haulage"));
    expect(page.text).toContain('data-allocated="5"');
    expect(page.text).toContain('data-allocated="4"');
    expect(page.text).toContain("Award 9 of 10 loads");
  });
});

describe("allocation rules", () => {
  it("saves percentages that add up to 100 and refuses others with 422", async () => {
    const { browser, csrf } = await signedInAgent(shipper.email);
    const bad = await browser.patch(`/jobs/${job.id}/allocation_rules`).type("form").send({ _csrf: csrf, first_bid_percentage: "60", second_bid_percentage: "30", third_bid_percentage: "" });
    expect(bad.status).toBe(422);
    expect(bad.text).toContain("Third bid percentage must be a whole number from 0 to 100");
    const sum = await browser.patch(`/jobs/${job.id}/allocation_rules`).type("form").send({ _csrf: csrf, first_bid_percentage: "60", second_bid_percentage: "30", third_bid_percentage: "5" });
    expect(sum.status).toBe(422);
    expect(sum.text).toContain("Bid percentages must add up to 100 (they add up to 95)");
    expect(await db().job.findUnique({ where: { id: job.id } })).toMatchObject({ firstBidPercentage: 100, secondBidPercentage: 0 });
    const good = await browser.patch(`/jobs/${job.id}/allocation_rules`).type("form").send({ _csrf: csrf, first_bid_percentage: "50", second_bid_percentage: "30", third_bid_percentage: "20" });
    expect(good.status).toBe(303);
    expect(await db().job.findUnique({ where: { id: job.id } })).toMatchObject({ firstBidPercentage: 50, secondBidPercentage: 30, thirdBidPercentage: 20 });
  });

  it("is the shipper's alone", async () => {
    const { browser, csrf } = await signedInAgent(haulier.email);
    const response = await browser.patch(`/jobs/${job.id}/allocation_rules`).type("form").send({ _csrf: csrf, first_bid_percentage: "0", second_bid_percentage: "100", third_bid_percentage: "0" });
    expect(response.status).toBe(404);
  });
});
