import { beforeEach, describe, expect, it } from "vitest";
import { db } from "#db/client.server.ts";
import { awardJob } from "#models/award.server.ts";
import { signedInAgent } from "../../support/app.ts";
import { createCarrier, createShipper } from "../../support/fixtures.ts";
import { createJob } from "../../support/job-fixtures.ts";

// Every load form is read by its schema first: unreadable values answer 422 beside the field and
// change nothing; they never reach the database as NaN or throw a 500.
let loadId: number;
let shipperEmail: string;
let carrierEmail: string;

beforeEach(async () => {
  const shipper = await createShipper();
  const carrier = await createCarrier();
  shipperEmail = shipper.email;
  carrierEmail = carrier.email;
  const job = await createJob(shipper.accountId, shipper.id, { expectedQuantity: 1, numberOfLoads: 1 });
  await db().quote.create({ data: { jobId: job.id, carrierAccountId: carrier.accountId, placedById: carrier.id, valueCents: 40_000, numberOfLoads: 1, status: "active" } });
  expect(await awardJob(job.id)).toMatchObject({ ok: true });
  loadId = (await db().load.findFirstOrThrow({ where: { jobId: job.id } })).id;
});

const snapshot = () => db().load.findUniqueOrThrow({ where: { id: loadId }, select: { carrierAccountId: true, driverId: true, status: true, pickupDate: true } });

describe("handing a load to another carrier", () => {
  it.each(["abc", "", "1e308", "1.5", "-3", "0x1"])("answers 422 for carrier_account_id %j and changes nothing", async (value) => {
    const { browser, csrf } = await signedInAgent(shipperEmail);
    const before = await snapshot();
    const response = await browser.patch(`/loads/${loadId}/carrier`).set("X-CSRF-Token", csrf).set("Accept", "application/json").send({ carrier_account_id: value });
    expect(response.status).toBe(422);
    expect(response.body).toEqual({ errors: { carrier_account_id: "Choose a carrier whose quote you accepted" } });
    expect(await snapshot()).toEqual(before);
  });

  it("answers 422 beside the date for an impossible pickup date", async () => {
    const { browser, csrf } = await signedInAgent(shipperEmail);
    const carrier = (await snapshot()).carrierAccountId;
    const response = await browser.patch(`/loads/${loadId}/carrier`).type("form").send({ _csrf: csrf, carrier_account_id: String(carrier), pickup_date: "2027-02-30" });
    expect(response.status).toBe(422);
    expect(response.text).toContain("Enter a real date");
  });
});

describe("assigning a driver", () => {
  it.each(["abc", "1e308", "[object Object]"])("answers 422 for driver_id %j", async (value) => {
    const { browser, csrf } = await signedInAgent(carrierEmail);
    const response = await browser.patch(`/loads/${loadId}/driver`).set("X-CSRF-Token", csrf).set("Accept", "application/json").send({ driver_id: value });
    expect(response.status).toBe(422);
    expect(response.body).toEqual({ errors: { driver_id: "Choose one of your drivers" } });
    expect((await snapshot()).driverId).toBeNull();
  });

  it("answers 422 for a status that is not text", async () => {
    const { browser, csrf } = await signedInAgent(carrierEmail);
    const response = await browser.patch(`/loads/${loadId}/status`).set("X-CSRF-Token", csrf).set("Accept", "application/json").send({ status: { $ne: 1 } });
    expect(response.status).toBe(422);
    expect(response.body).toEqual({ errors: { status: "Choose what happened to the load" } });
  });
});

describe("page numbers", () => {
  it.each(["1e308", "Infinity", "123456789012345678901234567890", "-5", "abc"])("page=%s shows a page", async (page) => {
    const { browser } = await signedInAgent(carrierEmail);
    for (const path of ["/loads", "/notifications"]) {
      const response = await browser.get(`${path}?page=${page}`);
      expect([path, response.status]).toEqual([path, 200]);
    }
  });
});

describe("record ids in URLs", () => {
  it.each(["0x1", "1.0", "01", "1e0", " 1"])("/loads/%s answers 404 even when it reads as a number", async (id) => {
    const { browser } = await signedInAgent(shipperEmail);
    expect((await browser.get(`/loads/${encodeURIComponent(id.replace("1", String(loadId)))}`)).status).toBe(404);
  });
});
