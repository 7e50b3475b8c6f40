import { beforeEach, describe, expect, it } from "vitest";
import { db } from "#db/client.server.ts";
import { signedInAgent } from "../../support/app.ts";
import { awardedContract } from "../../support/contract-fixtures.ts";
import { realPng, uploaded } from "../../support/files.ts";
import { createCarrier, createShipper } from "../../support/fixtures.ts";
import { createAuctionJob, createJob } from "../../support/job-fixtures.ts";

// Documents that count: no quote, "secure now" or award acceptance from a carrier whose operator
// licence or goods-in-transit insurance is missing or expired, and no quote below a job's minimum cover.

const DAY = 86_400_000;
type User = Awaited<ReturnType<typeof createShipper>>;
let shipper: User;

beforeEach(async () => {
  shipper = await createShipper();
});

async function quote(carrier: User, jobId: number) {
  const { browser, csrf } = await signedInAgent(carrier.email);
  return browser.post(`/jobs/${jobId}/quotes`).type("form").send({ _csrf: csrf, price: "450", number_of_loads: "1" });
}
const lapse = (carrier: User, kind: string, daysAgo = 1) =>
  db().complianceDocument.updateMany({ where: { accountId: carrier.accountId, kind }, data: { expiresOn: new Date(Date.now() - daysAgo * DAY) } });
const quotesOn = (jobId: number) => db().quote.count({ where: { jobId } });

describe("quoting needs documents that count", () => {
  it("an expired operator licence: 422, the reason and where to update them, no quote", async () => {
    const carrier = await createCarrier();
    await lapse(carrier, "operator_licence", 3);
    const job = await createJob(shipper.accountId, shipper.id);
    const response = await quote(carrier, job.id);
    expect(response.status).toBe(422);
    expect(response.text).toMatch(/You cannot quote: your operator licence expired on \d{1,2} \w{3} \d{4}\. Update it at \/account\/compliance\./);
    expect(await quotesOn(job.id)).toBe(0);
  });

  it("no documents at all: 422 saying the licence is missing", async () => {
    const carrier = await createCarrier({ documents: false });
    const job = await createJob(shipper.accountId, shipper.id);
    const response = await quote(carrier, job.id);
    expect(response.status).toBe(422);
    expect(response.text).toContain("You cannot quote: your operator licence is missing. Add it at /account/compliance.");
    expect(await quotesOn(job.id)).toBe(0);
  });

  it("expired insurance, asked by a JSON caller: 422 with the reason", async () => {
    const carrier = await createCarrier();
    await lapse(carrier, "goods_in_transit");
    const job = await createJob(shipper.accountId, shipper.id);
    const { browser, csrf } = await signedInAgent(carrier.email);
    const response = await browser.post(`/jobs/${job.id}/quotes`).set("X-CSRF-Token", csrf).set("Accept", "application/json").send({ price: "450", number_of_loads: "1" });
    expect(response.status).toBe(422);
    expect(response.body.errors.base).toMatch(/^You cannot quote: your goods-in-transit insurance expired on /);
  });

  it("renewed documents let the carrier quote again", async () => {
    const carrier = await createCarrier();
    await lapse(carrier, "operator_licence");
    const job = await createJob(shipper.accountId, shipper.id);
    expect((await quote(carrier, job.id)).status).toBe(422);
    await db().complianceDocument.updateMany({ where: { accountId: carrier.accountId }, data: { expiresOn: new Date(Date.now() + 100 * DAY) } });
    expect((await quote(carrier, job.id)).status).toBe(303);
    expect(await quotesOn(job.id)).toBe(1);
  });
});

describe("a job's minimum goods-in-transit cover", () => {
  it("a carrier below it: 422 with the cover asked for and theirs, exactly", async () => {
    const carrier = await createCarrier();
    await db().complianceDocument.updateMany({ where: { accountId: carrier.accountId, kind: "goods_in_transit" }, data: { coverPence: 2_500_000 } });
    const job = await createJob(shipper.accountId, shipper.id, { minimumCargoCoverPence: 5_000_000 });
    const response = await quote(carrier, job.id);
    expect(response.status).toBe(422);
    expect(response.text).toContain("This job needs goods-in-transit cover of at least £50,000. Yours is £25,000.");
    expect(await quotesOn(job.id)).toBe(0);
  });

  it("a carrier at or above it quotes", async () => {
    const carrier = await createCarrier();
    await db().complianceDocument.updateMany({ where: { accountId: carrier.accountId, kind: "goods_in_transit" }, data: { coverPence: 5_000_000 } });
    const job = await createJob(shipper.accountId, shipper.id, { minimumCargoCoverPence: 5_000_000 });
    expect((await quote(carrier, job.id)).status).toBe(303);
    expect(await quotesOn(job.id)).toBe(1);
  });
});

describe("taking or accepting an award needs documents that count", () => {
  it("secure now from a carrier with an expired licence: 422 for a JSON caller, an alert otherwise; the job stays live", async () => {
    const carrier = await createCarrier();
    await lapse(carrier, "operator_licence");
    const job = await createAuctionJob(shipper.accountId, shipper.id, Date.now() - 60_000, Date.now() + 3_600_000, { status: "live", secureNowPriceCents: 50_000 });
    const { browser, csrf } = await signedInAgent(carrier.email);
    const json = await browser.post(`/jobs/${job.id}/secure_now`).set("X-CSRF-Token", csrf).set("Accept", "application/json").send({});
    expect(json.status).toBe(422);
    expect(json.body.error).toMatch(/^You cannot secure this job: your operator licence expired on /);
    const form = await browser.post(`/jobs/${job.id}/secure_now`).type("form").send({ _csrf: csrf });
    expect(form.status).toBe(303);
    expect((await browser.get(form.headers.location!)).text).toContain("You cannot secure this job: your operator licence expired on");
    expect((await db().job.findUniqueOrThrow({ where: { id: job.id } })).status).toBe("live");
  });

  it("accepting a contract award with an expired licence: 422 with the reason, nothing signed", async () => {
    const world = await awardedContract();
    await lapse(world.carrier, "operator_licence");
    const { browser, csrf } = await signedInAgent(world.carrier.email);
    const signature = await uploaded(browser, csrf, await realPng(600, 180), "signature", "signature.png");
    const response = await browser.post(`/jobs/${world.job.id}/acceptance`).type("form").send({ _csrf: csrf, signer_name: "Callum Wright", signature_signed_id: signature });
    expect(response.status).toBe(422);
    expect(response.text).toMatch(/You cannot accept this award: your operator licence expired on \d{1,2} \w{3} \d{4}\. Update it at \/account\/compliance\./);
    expect(await db().contractAcceptance.count({ where: { jobId: world.job.id } })).toBe(0);
  });
});
