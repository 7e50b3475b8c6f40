import { beforeEach, describe, expect, it } from "vitest";
import { db } from "#db/client.server.ts";
import { formatDate } from "#domain/format/dates.ts";
import { RADIUS_MESSAGE } from "#domain/return-loads/query.ts";
import { awardJob } from "#models/award.server.ts";
import { RETURN_LOADS_FOR_OFFICE } from "#models/return-loads.server.ts";
import { signedInAgent } from "../../support/app.ts";
import { createCarrier, createShipper, createUser } from "../../support/fixtures.ts";
import { createJob, type JobOverrides } from "../../support/job-fixtures.ts";
import { fieldMessage, pageText } from "../pools/pool-helpers.ts";

type User = Awaited<ReturnType<typeof createShipper>>;
// Every test's load delivers on a day of its own, ten days after the last test's, so the jobs the
// other tests of this file leave behind fall outside its window. `day(n)`: n days after delivery.
let deliveryDay = Date.UTC(2027, 2, 4) - 10 * 86_400_000;
const day = (n: number) => new Date(deliveryDay + n * 86_400_000);
const at = (city: string, latitude: number, longitude: number) => ({ city, latitude, longitude, countryCode: "GB", postCode: null });

// The carrier's load is empty at Avonmouth; its base is in Leeds.
const AVONMOUTH = at("Avonmouth", 51.505, -2.676);
const BATH = at("Bath", 51.3811, -2.359); // 16 miles from Avonmouth
const WESTON = at("Weston-super-Mare", 51.3461, -2.977); // 17 miles
const GLOUCESTER = at("Gloucester", 51.8642, -2.2382); // 31 miles
const NEWPORT = at("Newport", 51.5842, -2.9977); // 15 miles
const PLYMOUTH = at("Plymouth", 50.3755, -4.1427);

let shipper: User;
let otherShipper: User;
let carrier: User;
let loadId: number;

/** An open job collecting at `from` on `collects` (a day), delivering to `to`. */
const returnJob = (owner: User, reference: string, from: object, collects: number, to: object, columns: JobOverrides = {}) =>
  createJob(owner.accountId, owner.id, { reference, pickup: { ...from, windowDate: day(collects) }, delivery: { ...to, windowDate: day(collects) }, ...columns });

beforeEach(async () => {
  deliveryDay += 10 * 86_400_000;
  shipper = await createShipper({ company: "Severn Foods" });
  otherShipper = await createShipper({ company: "Mendip Stone" });
  carrier = await createCarrier({ company: "Aire Haulage" });
  await db().billingDetails.create({
    data: { accountId: carrier.accountId, legalName: "Aire Haulage Ltd", registeredAddress: "1 Wellington Street, Leeds LS1 4AP", invoiceEmail: "accounts@aire.example" },
  });
  const job = await createJob(shipper.accountId, shipper.id, { reference: "Pallets to Avonmouth", delivery: { ...AVONMOUTH, windowDate: day(0) } });
  await db().quote.create({ data: { jobId: job.id, carrierAccountId: carrier.accountId, placedById: carrier.id, valueCents: 60_000, numberOfLoads: 1, status: "active" } });
  expect(await awardJob(job.id)).toMatchObject({ ok: true });
  loadId = (await db().load.findFirstOrThrow({ where: { jobId: job.id } })).id;
});

const referencesIn = (html: string) => [...html.matchAll(/<tr data-job-id="\d+">\s*<td data-label="Job"><a href="\/jobs\/\d+">([^<]+)<\/a>/g)].map((m) => m[1]);

async function returnLoads(query = "") {
  const { browser } = await signedInAgent(carrier.email);
  return browser.get(`/loads/${loadId}/return_loads${query}`);
}

describe("return loads for a carrier's load", () => {
  it("lists jobs collecting within 25 miles on the delivery day or the next two, nearest first, with their miles", async () => {
    await returnJob(shipper, "Bath to Gloucester", BATH, 0, GLOUCESTER);
    await returnJob(otherShipper, "Newport to Plymouth", NEWPORT, 2, PLYMOUTH);
    await returnJob(shipper, "Gloucester at 31 miles", GLOUCESTER, 1, BATH);
    await returnJob(shipper, "Bath the day before", BATH, -1, GLOUCESTER);
    await returnJob(shipper, "Bath three days on", BATH, 3, GLOUCESTER);
    const page = await returnLoads();
    expect(page.status).toBe(200);
    expect(referencesIn(page.text)).toEqual(["Newport to Plymouth", "Bath to Gloucester"]);
    const text = pageText(page.text);
    // Bath: 16 miles away, Leeds 166 miles from Avonmouth, 34 loaded miles to Gloucester.
    expect(text).toContain(`Bath, ${formatDate(day(0))} Gloucester 16 miles 149 miles 34 miles`);
    expect(text).toContain(`from ${formatDate(day(0))} to ${formatDate(day(2))}`);
  });

  it("finds the job 31 miles away once the radius is widened", async () => {
    await returnJob(shipper, "Gloucester at 31 miles", GLOUCESTER, 1, BATH);
    expect(referencesIn((await returnLoads()).text)).toEqual([]);
    const wider = await returnLoads("?radius=40&towards=anywhere");
    expect(wider.status).toBe(200);
    expect(referencesIn(wider.text)).toEqual(["Gloucester at 31 miles"]);
    expect(wider.text).toContain('value="40"');
  });

  it("towards base keeps the jobs ending nearer Leeds and drops the one to Plymouth", async () => {
    await returnJob(shipper, "Bath to Gloucester", BATH, 0, GLOUCESTER);
    await returnJob(shipper, "Weston to Plymouth", WESTON, 1, PLYMOUTH);
    expect(referencesIn((await returnLoads("?towards=anywhere")).text)).toEqual(["Bath to Gloucester", "Weston to Plymouth"]);
    const homewards = await returnLoads("?towards=base");
    expect(referencesIn(homewards.text)).toEqual(["Bath to Gloucester"]);
    expect(homewards.text).toMatch(/id="field_towards_base" name="towards" value="base" checked/);
  });

  it("without a known base, towards base is unavailable and the page says so", async () => {
    await db().billingDetails.delete({ where: { accountId: carrier.accountId } });
    await returnJob(shipper, "Weston to Plymouth", WESTON, 1, PLYMOUTH);
    const page = await returnLoads("?towards=base");
    expect(page.status).toBe(200);
    expect(referencesIn(page.text)).toEqual(["Weston to Plymouth"]);
    expect(pageText(page.text)).toContain("Your base is not known, so these return loads deliver anywhere.");
    expect(pageText(page.text)).toContain("Unknown: no base");
  });

  it("never lists a job the carrier may not see: a draft, another shipper's pool-only job, a blocked shipper's, an awarded one", async () => {
    await returnJob(shipper, "A draft", BATH, 0, GLOUCESTER, { status: "draft", publishedAt: null });
    const poolOnly = await returnJob(otherShipper, "Pool only", BATH, 0, GLOUCESTER, { audience: "pools", onMarket: false });
    const pool = await db().pool.create({ data: { shipperAccountId: otherShipper.accountId, name: "Regulars", createdById: otherShipper.id } });
    await db().jobPool.create({ data: { jobId: poolOnly.id, poolId: pool.id } });
    const blocker = await createShipper({ company: "Blocking Ltd" });
    await db().companyBlock.create({ data: { blockerAccountId: blocker.accountId, blockedAccountId: carrier.accountId, blockedById: blocker.id } });
    await returnJob(blocker, "Blocked shipper's", BATH, 0, GLOUCESTER);
    await returnJob(shipper, "Awarded already", BATH, 0, GLOUCESTER, { status: "awarded" });
    await returnJob(shipper, "Seen", BATH, 0, GLOUCESTER);
    expect(referencesIn((await returnLoads()).text)).toEqual(["Seen"]);
  });

  it("lists a pool-only job when the carrier is in the pool", async () => {
    const poolOnly = await returnJob(otherShipper, "Pool only", BATH, 0, GLOUCESTER, { audience: "pools", onMarket: false });
    const pool = await db().pool.create({ data: { shipperAccountId: otherShipper.accountId, name: "Regulars", createdById: otherShipper.id } });
    await db().jobPool.create({ data: { jobId: poolOnly.id, poolId: pool.id } });
    await db().poolMember.create({ data: { poolId: pool.id, carrierAccountId: carrier.accountId } });
    expect(referencesIn((await returnLoads()).text)).toEqual(["Pool only"]);
  });
});

describe("who may ask", () => {
  it("another carrier gets 404, the carrier's driver and the shipper 403", async () => {
    const other = await createCarrier({ company: "Other Haulage" });
    expect((await (await signedInAgent(other.email)).browser.get(`/loads/${loadId}/return_loads`)).status).toBe(404);
    const driver = await createUser("carrier", { role: "driver", accountId: carrier.accountId });
    await db().load.update({ where: { id: loadId }, data: { driverId: driver.id, status: "driver_assigned" } });
    const refused = await (await signedInAgent(driver.email)).browser.get(`/loads/${loadId}/return_loads`);
    expect(refused.status).toBe(403);
    expect(pageText(refused.text)).toContain(RETURN_LOADS_FOR_OFFICE);
    expect((await (await signedInAgent(shipper.email)).browser.get(`/loads/${loadId}/return_loads`)).status).toBe(403);
    expect((await (await signedInAgent(carrier.email)).browser.get("/loads/99999999/return_loads")).status).toBe(404);
  });

  it.each([["0"], ["101"], ["2.5"], ["far"]])("a radius of %s is 422 with the message beside the field", async (radius) => {
    const page = await returnLoads(`?radius=${radius}`);
    expect(page.status).toBe(422);
    expect(fieldMessage(page.text, "field_radius")).toBe(RADIUS_MESSAGE);
    expect(page.text).toContain(`value="${radius}"`);
  });

  it("a bad towards is 422 too", async () => {
    const page = await returnLoads("?towards=moon");
    expect(page.status).toBe(422);
    expect(fieldMessage(page.text, "field_towards")).toBe("Choose towards your base or anywhere");
  });

  it("the load page and the loads list link to the return loads for the carrier's office only", async () => {
    const { browser } = await signedInAgent(carrier.email);
    expect((await browser.get(`/loads/${loadId}`)).text).toContain(`href="/loads/${loadId}/return_loads"`);
    expect((await browser.get("/loads")).text).toContain(`href="/loads/${loadId}/return_loads"`);
    const asShipper = (await signedInAgent(shipper.email)).browser;
    expect((await asShipper.get(`/loads/${loadId}`)).text).not.toContain("/return_loads");
    expect((await asShipper.get("/loads")).text).not.toContain("/return_loads");
  });
});
