import { beforeEach, describe, expect, it } from "vitest";
import { db } from "#db/client.server.ts";
import { awardJob } from "#models/award.server.ts";
import { signedInAgent } from "../../support/app.ts";
import { createCarrier, createShipper, createUser } from "../../support/fixtures.ts";
import { createJob } from "../../support/job-fixtures.ts";
import { realPng, uploaded } from "../../support/files.ts";

type User = Awaited<ReturnType<typeof createShipper>>;
let shipper: User;
let carrierA: User;
let carrierB: User;
let driverA1: User;
let driverA2: User;
let driverB: User;
let loadA: { id: number };
let loadB: { id: number };
let jobId: number;

beforeEach(async () => {
  shipper = await createShipper({ company: "Acme Foods" });
  carrierA = await createCarrier({ company: "Alpha Haulage" });
  carrierB = await createCarrier({ company: "Bravo Freight" });
  driverA1 = await createUser("carrier", { role: "driver", accountId: carrierA.accountId, name: "Ann Driver" });
  driverA2 = await createUser("carrier", { role: "driver", accountId: carrierA.accountId, name: "Andy Driver" });
  driverB = await createUser("carrier", { role: "driver", accountId: carrierB.accountId, name: "Bea Driver" });
  const job = await createJob(shipper.accountId, shipper.id, { expectedQuantity: 2, numberOfLoads: 2, firstBidPercentage: 50, secondBidPercentage: 50 });
  jobId = job.id;
  for (const [carrier, price] of [[carrierA, 40_000], [carrierB, 45_000]] as const) {
    await db().quote.create({ data: { jobId, carrierAccountId: carrier.accountId, placedById: carrier.id, valueCents: price, numberOfLoads: 1, status: "active" } });
  }
  expect(await awardJob(jobId)).toMatchObject({ ok: true, loads: 2 });
  loadA = (await db().load.findFirst({ where: { jobId, carrierAccountId: carrierA.accountId } }))!;
  loadB = (await db().load.findFirst({ where: { jobId, carrierAccountId: carrierB.accountId } }))!;
});

const statusOf = async (id: number) => (await db().load.findUniqueOrThrow({ where: { id } })).status;
const patch = (agent: Awaited<ReturnType<typeof signedInAgent>>, path: string, body: Record<string, string>) =>
  agent.browser.patch(path).type("form").send({ _csrf: agent.csrf, ...body });

describe("loads lists", () => {
  it("shows each carrier only their own loads, and the shipper every load by job", async () => {
    const a = await signedInAgent(carrierA.email);
    const list = await a.browser.get("/loads");
    expect(list.status).toBe(200);
    expect(list.text).toContain(`data-load-id="${loadA.id}"`);
    expect(list.text).not.toContain(`data-load-id="${loadB.id}"`);
    expect(list.text).not.toContain("Bravo Freight");
    expect((await a.browser.get(`/loads/${loadB.id}`)).status).toBe(404);

    const s = await signedInAgent(shipper.email);
    const all = await s.browser.get("/loads");
    expect(all.text).toContain(`data-load-id="${loadA.id}"`);
    expect(all.text).toContain(`data-load-id="${loadB.id}"`);
    expect(all.text).toContain("Alpha Haulage");
    expect(all.text).toContain("Bravo Freight");
    const page = await s.browser.get(`/loads/${loadA.id}`);
    expect(page.text).toContain("Collect from");
    expect(page.text).toContain("Leeds");
    expect(page.text).toContain("3 Mar 2027");
    expect(page.text).toContain("4 Mar 2027");

    const other = await signedInAgent((await createShipper()).email);
    expect((await other.browser.get(`/loads/${loadA.id}`)).status).toBe(404);
  });
});

describe("the loads list's two views", () => {
  it("shows the loads still to run by default, and the delivered and cancelled ones apart, latest first", async () => {
    const earlier = (await db().load.create({ data: { jobId, sequence: 3, carrierAccountId: carrierA.accountId, status: "delivered", deliveryDate: new Date("2027-03-04") } })).id;
    const later = (await db().load.create({ data: { jobId, sequence: 4, carrierAccountId: carrierA.accountId, status: "cancelled", deliveryDate: new Date("2027-03-09") } })).id;
    const a = await signedInAgent(carrierA.email);
    for (const path of ["/loads", "/loads?show=everything"]) {
      const current = await a.browser.get(path);
      expect(current.status).toBe(200);
      expect(current.text).toContain(`data-load-id="${loadA.id}"`);
      expect(current.text).not.toContain(`data-load-id="${earlier}"`);
      expect(current.text).toMatch(/<a href="\/loads" class="tab active" aria-current="page">To run<\/a>/);
    }
    const finished = await a.browser.get("/loads?show=finished");
    expect(finished.status).toBe(200);
    expect(finished.text).not.toContain(`data-load-id="${loadA.id}"`);
    expect(finished.text.indexOf(`data-load-id="${later}"`)).toBeGreaterThan(-1);
    expect(finished.text.indexOf(`data-load-id="${later}"`)).toBeLessThan(finished.text.indexOf(`data-load-id="${earlier}"`));

    const s = await signedInAgent(shipper.email);
    const oneJob = await s.browser.get(`/loads?job=${jobId}&show=finished`);
    expect(oneJob.text).toContain(`data-load-id="${earlier}"`);
    expect(oneJob.text).not.toContain(`data-load-id="${loadB.id}"`);
    expect(oneJob.text).toContain(`href="/loads?job=${jobId}"`);
  });
});

describe("drivers", () => {
  it("a carrier assigns one of its drivers; the driver sees it, marks it collected, then delivers it with a signature", async () => {
    const a = await signedInAgent(carrierA.email);
    const assigned = await patch(a, `/loads/${loadA.id}/driver`, { driver_id: String(driverA1.id) });
    expect(assigned.status).toBe(303);
    expect(await db().load.findUnique({ where: { id: loadA.id } })).toMatchObject({ status: "driver_assigned", driverId: driverA1.id });

    const d = await signedInAgent(driverA1.email);
    const mine = await d.browser.get("/loads");
    expect(mine.text).toContain(`data-load-id="${loadA.id}"`);
    expect(mine.text).toContain("My loads");
    // The collection is booked for 3 March 2027: marking it before then is confirmed after the warning.
    expect((await patch(d, `/loads/${loadA.id}/status`, { status: "collected", confirmed: "1" })).status).toBe(303);
    expect(await statusOf(loadA.id)).toBe("collected");
    expect((await db().job.findUniqueOrThrow({ where: { id: jobId } })).status).toBe("in_progress");
    const signature = await uploaded(d.browser, d.csrf, await realPng(300, 100), "signature", "signature.png");
    const delivered = await d.browser.post(`/loads/${loadA.id}/delivery`).type("form").send({ _csrf: d.csrf, recipient_name: "Goods-in", signature_signed_id: signature });
    expect(delivered.status).toBe(303);
    expect(await db().load.findUnique({ where: { id: loadA.id } })).toMatchObject({ status: "delivered", deliveredAt: expect.any(Date) });
  });

  it("a driver cannot see or change another driver's load (404)", async () => {
    const a = await signedInAgent(carrierA.email);
    await patch(a, `/loads/${loadA.id}/driver`, { driver_id: String(driverA1.id) });
    const other = await signedInAgent(driverA2.email);
    expect((await other.browser.get(`/loads/${loadA.id}`)).status).toBe(404);
    expect((await patch(other, `/loads/${loadA.id}/status`, { status: "collected" })).status).toBe(404);
    expect((await other.browser.get("/loads")).text).not.toContain(`data-load-id="${loadA.id}"`);
    const foreign = await signedInAgent(driverB.email);
    expect((await patch(foreign, `/loads/${loadA.id}/status`, { status: "collected" })).status).toBe(404);
    expect(await statusOf(loadA.id)).toBe("driver_assigned");
  });

  it("refuses a driver from another account and transitions the table does not allow (422)", async () => {
    const a = await signedInAgent(carrierA.email);
    const foreignDriver = await patch(a, `/loads/${loadA.id}/driver`, { driver_id: String(driverB.id) });
    expect(foreignDriver.status).toBe(422);
    expect(foreignDriver.text).toContain("Choose one of your drivers");
    expect((await patch(a, `/loads/${loadA.id}/status`, { status: "collected" })).status).toBe(422);
    await patch(a, `/loads/${loadA.id}/driver`, { driver_id: String(driverA1.id) });
    const d = await signedInAgent(driverA1.email);
    const cancel = await patch(d, `/loads/${loadA.id}/status`, { status: "cancelled" });
    expect(cancel.status).toBe(422);
    expect(cancel.text).toContain("This load cannot be marked cancelled now");
    const skip = await patch(d, `/loads/${loadA.id}/status`, { status: "delivered" });
    expect(skip.status).toBe(422);
    expect(await statusOf(loadA.id)).toBe("driver_assigned");
    const b = await signedInAgent(carrierB.email);
    expect((await patch(b, `/loads/${loadA.id}/driver`, { driver_id: String(driverB.id) })).status).toBe(404);
  });

  it("lets the carrier take a driver off again", async () => {
    const a = await signedInAgent(carrierA.email);
    await patch(a, `/loads/${loadA.id}/driver`, { driver_id: String(driverA1.id) });
    expect((await patch(a, `/loads/${loadA.id}/driver`, { driver_id: "" })).status).toBe(303);
    expect(await db().load.findUnique({ where: { id: loadA.id } })).toMatchObject({ status: "assigned", driverId: null });
  });
});

describe("moving a load to another carrier", () => {
  it("the shipper hands a load to another accepted carrier; the old carrier loses it", async () => {
    const a = await signedInAgent(carrierA.email);
    await patch(a, `/loads/${loadA.id}/driver`, { driver_id: String(driverA1.id) });
    const s = await signedInAgent(shipper.email);
    const moved = await patch(s, `/loads/${loadA.id}/carrier`, { carrier_account_id: String(carrierB.accountId), pickup_date: "2027-03-05" });
    expect(moved.status).toBe(303);
    const load = await db().load.findUniqueOrThrow({ where: { id: loadA.id }, include: { stops: { include: { jobLocation: true } } } });
    expect(load).toMatchObject({ carrierAccountId: carrierB.accountId, driverId: null, status: "assigned", priceCents: 45_000 });
    expect(load.pickupDate?.toISOString().slice(0, 10)).toBe("2027-03-05");
    expect(load.stops.find((s) => s.jobLocation.kind === "pickup")?.windowDate?.toISOString().slice(0, 10)).toBe("2027-03-05");
    expect((await a.browser.get(`/loads/${loadA.id}`)).status).toBe(404);
  });

  it("refuses a carrier without an accepted quote (422) and anyone but the shipper (404)", async () => {
    const stranger = await createCarrier();
    const s = await signedInAgent(shipper.email);
    const refused = await patch(s, `/loads/${loadA.id}/carrier`, { carrier_account_id: String(stranger.accountId) });
    expect(refused.status).toBe(422);
    expect(refused.text).toContain("Choose a carrier whose quote you accepted");
    const a = await signedInAgent(carrierA.email);
    expect((await patch(a, `/loads/${loadA.id}/carrier`, { carrier_account_id: String(carrierB.accountId) })).status).toBe(404);
    expect((await db().load.findUniqueOrThrow({ where: { id: loadA.id } })).carrierAccountId).toBe(carrierA.accountId);
  });
});

describe("POST /loads_carrier_selector", () => {
  const body = (over: Record<string, unknown> = {}) => ({ job_id: jobId, carrier_account_id: carrierB.accountId, address: { city: "Leeds", country: "GB" }, date: "2027-03-03", ...over });

  it("answers the job's shipper with the accepted carriers as an HTML fragment", async () => {
    const s = await signedInAgent(shipper.email);
    const response = await s.browser.post("/loads_carrier_selector").set("X-CSRF-Token", s.csrf).send(body());
    expect(response.status).toBe(200);
    expect(response.headers["content-type"]).toMatch(/text\/html/);
    expect(response.text).not.toContain("<html");
    expect(response.text).toMatch(new RegExp(`<option value="${carrierB.accountId}" selected>\\s*Bravo Freight — £450.00 a load · 1 load for you that day`));
    expect(response.text).toContain("Alpha Haulage — £400.00 a load · 1 load for you that day");
    expect(response.text).toContain("Already collecting in Leeds that day: Alpha Haulage, Bravo Freight");
    const otherDay = await s.browser.post("/loads_carrier_selector").set("X-CSRF-Token", s.csrf).send(body({ date: "2027-03-10" }));
    expect(otherDay.text).toContain("Alpha Haulage — £400.00 a load · 0 loads for you that day");
    expect(otherDay.text).not.toContain("Already collecting");
  });

  it("is the shipper's alone (404) and refuses a malformed request (422)", async () => {
    for (const user of [carrierA, await createShipper()]) {
      const agent = await signedInAgent(user.email);
      expect((await agent.browser.post("/loads_carrier_selector").set("X-CSRF-Token", agent.csrf).send(body())).status).toBe(404);
    }
    const s = await signedInAgent(shipper.email);
    expect((await s.browser.post("/loads_carrier_selector").set("X-CSRF-Token", s.csrf).send(body({ job_id: "nope" }))).status).toBe(422);
    expect((await s.browser.post("/loads_carrier_selector").set("X-CSRF-Token", s.csrf).send(body({ date: "31/02/2027" }))).status).toBe(422);
  });
});
