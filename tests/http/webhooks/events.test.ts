import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "#db/client.server.ts";
import { formBody, jobFormBody } from "../../support/job-fixtures.ts";
import { realPng, uploaded } from "../../support/files.ts";
import { createParties, deliveredLoad, signedInAgent, type Parties, type Signed } from "../invoices/invoice-fixtures.ts";
import { startReceiver } from "./receiver.ts";
import { addEndpoint, sendAll, verifiedInOrder } from "./webhook-fixtures.ts";

// Events caused by real actions on the pages reach the subscribed endpoints of the parties, and
// every delivery verifies with the standardwebhooks package: a job published, a quote placed and
// withdrawn, a load delivered, its proof accepted, its invoice issued and paid.

let parties: Parties;
let shipperOffice: Signed;
let carrierOffice: Signed;
let shipperRx: Awaited<ReturnType<typeof startReceiver>>;
let carrierRx: Awaited<ReturnType<typeof startReceiver>>;
let shipperSecret: string;
let carrierSecret: string;

beforeAll(async () => {
  parties = await createParties();
  [shipperOffice, carrierOffice] = await Promise.all([signedInAgent(parties.shipper.email), signedInAgent(parties.carrier.email)]);
  [shipperRx, carrierRx] = await Promise.all([startReceiver(), startReceiver()]);
  const shipperEvents = ["job.published", "quote.created", "quote.withdrawn", "load.delivered", "proof.accepted", "invoice.issued", "invoice.paid"];
  shipperSecret = (await addEndpoint(shipperOffice, shipperRx.url, shipperEvents)).secret;
  carrierSecret = (await addEndpoint(carrierOffice, carrierRx.url, ["quote.created", "proof.accepted", "invoice.paid"])).secret;
});

afterAll(async () => {
  await Promise.all([shipperRx.close(), carrierRx.close()]);
});

describe("events from real actions", () => {
  it("a published job, a quote placed and withdrawn: signed deliveries to each subscribed party", async () => {
    const published = await shipperOffice.browser.post("/jobs").type("form").send(formBody({ _csrf: shipperOffice.csrf, ...jobFormBody({ required_certifications: [] }), publish: "1" }));
    expect(published.status).toBe(303);
    const jobId = Number(published.headers.location!.split("/").at(-1));
    await carrierOffice.browser.post(`/jobs/${jobId}/quotes`).type("form").send({ _csrf: carrierOffice.csrf, price: "400", number_of_loads: "1" }).expect(303);
    const quote = await db().quote.findFirstOrThrow({ where: { jobId } });
    await carrierOffice.browser.delete(`/jobs/${jobId}/quotes/${quote.id}`).type("form").send({ _csrf: carrierOffice.csrf }).expect(303);
    await sendAll();

    const toShipper = await verifiedInOrder(shipperRx.received, shipperSecret);
    expect(toShipper.map((e) => e.event)).toEqual(["job.published", "quote.created", "quote.withdrawn"]);
    expect(toShipper[0]).toMatchObject({ api_version: "2026-11-26", data: { job: { id: jobId, reference: "Pallets to Bristol", status: "open", job_type: "single" } } });
    expect(toShipper[0]!.id).toMatch(/^evt_[0-9a-f]{32}$/);
    expect(toShipper[1]!.data.quote).toMatchObject({ id: quote.id, job_id: jobId, carrier_account_id: parties.carrier.accountId, price_per_load: { amount_pence: 40_000, currency: "GBP" }, number_of_loads: 1 });
    expect(shipperRx.received.map((d) => d.headers["content-type"])).toEqual(Array(3).fill("application/json"));
    expect(shipperRx.received[0]!.headers["webhook-id"]).toMatch(/^msg_[0-9a-f]{32}$/);

    // The carrier's endpoint takes quote.created only of these (it did not choose quote.withdrawn).
    const toCarrier = await verifiedInOrder(carrierRx.received, carrierSecret);
    expect(toCarrier.map((e) => e.event)).toEqual(["quote.created"]);
    // Both copies of one event carry the same event id, each its own message id.
    expect(toCarrier[0]!.id).toBe(toShipper[1]!.id);
    expect(new Set([...shipperRx.received, ...carrierRx.received].map((d) => d.headers["webhook-id"])).size).toBe(4);
    const rows = await db().webhookDelivery.findMany({ select: { deliveredAt: true, attempts: true, lastStatus: true } });
    expect(rows.every((row) => row.deliveredAt && row.attempts === 1 && row.lastStatus === 204)).toBe(true);
  });

  it("a load delivered, its proof accepted, its invoice issued and paid", async () => {
    const { shipper, carrier, driver } = parties;
    const job = await db().job.create({ data: { shipperAccountId: shipper.accountId, createdById: shipper.id, reference: "Crisps to Bristol", status: "in_progress", jobType: "single", loadType: "palletised", paymentTermsDays: 14 } });
    const load = await db().load.create({ data: { jobId: job.id, sequence: 1, carrierAccountId: carrier.accountId, driverId: driver.id, status: "collected", collectedAt: new Date(), priceCents: 45_000 } });
    const phone = await signedInAgent(driver.email);
    const photo = await uploaded(phone.browser, phone.csrf, await realPng(400, 300), "photo", "pallets.png");
    await phone.browser.post(`/loads/${load.id}/delivery`).type("form").send({ _csrf: phone.csrf, recipient_name: "Mark", "blob_signed_ids[]": photo, confirmed: "1" }).expect(303);
    await shipperOffice.browser.post(`/loads/${load.id}/proof_review`).type("form").send({ _csrf: shipperOffice.csrf, decision: "accept" }).expect(303);
    const invoice = await db().invoice.findFirstOrThrow({ where: { lines: { some: { loadId: load.id } } } });
    await carrierOffice.browser.post(`/invoices/${invoice.id}/send`).type("form").send({ _csrf: carrierOffice.csrf }).expect(303);
    await shipperOffice.browser.post(`/invoices/${invoice.id}/payment`).type("form").send({ _csrf: shipperOffice.csrf, paid_on: new Date().toISOString().slice(0, 10), reference: "BACS 991" }).expect(303);
    shipperRx.received.length = 0;
    carrierRx.received.length = 0;
    await sendAll();

    const toShipper = await verifiedInOrder(shipperRx.received, shipperSecret);
    expect(toShipper.map((e) => e.event)).toEqual(["load.delivered", "proof.accepted", "invoice.issued", "invoice.paid"]);
    expect(toShipper[0]!.data.load).toMatchObject({ id: load.id, job_id: job.id, status: "delivered", price: { amount_pence: 45_000, currency: "GBP" }, proof_status: "awaiting_review" });
    expect(toShipper[1]!.data.load).toMatchObject({ id: load.id, proof_status: "accepted" });
    const issued = await db().invoice.findUniqueOrThrow({ where: { id: invoice.id } });
    expect(toShipper[2]!.data.invoice).toMatchObject({ id: invoice.id, number: issued.number, gross: { amount_pence: issued.grossPence, currency: "GBP" }, self_billed: false });
    expect(toShipper[3]!.data.invoice).toMatchObject({ id: invoice.id, status: "paid", paid_reference: "BACS 991" });
    expect((await verifiedInOrder(carrierRx.received, carrierSecret)).map((e) => e.event)).toEqual(["proof.accepted", "invoice.paid"]);
  });

  it("a job awarded, a driver put on its load, collected, its position shared; another job cancelled", async () => {
    const [carrierRx2, shipperRx2] = await Promise.all([startReceiver(), startReceiver()]);
    try {
      const carrierEvents = ["job.awarded", "job.cancelled", "load.assigned", "load.collected", "load.position"];
      const carrier = await addEndpoint(carrierOffice, carrierRx2.url, carrierEvents);
      const shipper = await addEndpoint(shipperOffice, shipperRx2.url, ["job.awarded", "job.cancelled", "load.collected"]);
      const publish = async () => {
        const answer = await shipperOffice.browser.post("/jobs").type("form").send(formBody({ _csrf: shipperOffice.csrf, ...jobFormBody({ required_certifications: [] }), publish: "1" }));
        const jobId = Number(answer.headers.location!.split("/").at(-1));
        await carrierOffice.browser.post(`/jobs/${jobId}/quotes`).type("form").send({ _csrf: carrierOffice.csrf, price: "410", number_of_loads: "1" }).expect(303);
        return jobId;
      };
      const awarded = await publish();
      await shipperOffice.browser.post(`/jobs/${awarded}/award`).type("form").send({ _csrf: shipperOffice.csrf }).expect(303);
      const load = await db().load.findFirstOrThrow({ where: { jobId: awarded } });
      await carrierOffice.browser.post(`/loads/${load.id}/driver`).type("form").send({ _csrf: carrierOffice.csrf, _method: "patch", driver_id: String(parties.driver.id) }).expect(303);
      const phone = await signedInAgent(parties.driver.email);
      await phone.browser.post(`/loads/${load.id}/collection`).type("form").send({ _csrf: phone.csrf, confirmed: "1" }).expect(303);
      const fix = { latitude: 53.2, longitude: -1.6, accuracy: 15, recorded_at: new Date().toISOString() };
      await phone.browser.post(`/loads/${load.id}/positions`).set("X-CSRF-Token", phone.csrf).set("Accept", "application/json").send(fix).expect(201);
      const cancelled = await publish();
      await shipperOffice.browser.post(`/jobs/${cancelled}/cancellation`).type("form").send({ _csrf: shipperOffice.csrf }).expect(303);
      await sendAll();

      const toCarrier = await verifiedInOrder(carrierRx2.received, carrier.secret);
      expect(toCarrier.map((e) => e.event)).toEqual(["job.awarded", "load.assigned", "load.collected", "load.position", "job.cancelled"]);
      const quote = await db().quote.findFirstOrThrow({ where: { jobId: awarded } });
      expect(toCarrier[0]!.data).toMatchObject({ job: { id: awarded, status: "awarded" }, awards: [{ carrier_account_id: parties.carrier.accountId, quote_id: quote.id, price_per_load: { amount_pence: 41_000, currency: "GBP" }, number_of_loads: 1 }] });
      expect(toCarrier[1]!.data.load).toMatchObject({ id: load.id, status: "driver_assigned", driver_id: parties.driver.id });
      expect(toCarrier[2]!.data.load).toMatchObject({ id: load.id, status: "collected" });
      expect(toCarrier[3]!.data).toEqual({ load_id: load.id, position: { latitude: 53.2, longitude: -1.6, accuracy_m: 15, recorded_at: fix.recorded_at } });
      expect(toCarrier[4]!.data.job).toMatchObject({ id: cancelled, status: "cancelled" });
      expect((await verifiedInOrder(shipperRx2.received, shipper.secret)).map((e) => e.event)).toEqual(["job.awarded", "load.collected", "job.cancelled"]);
    } finally {
      await Promise.all([carrierRx2.close(), shipperRx2.close()]);
    }
  });

  it("a self-billed invoice, raised when the shipper accepts the proof, is issued at once: both parties told", async () => {
    const other = await createParties();
    const [rx, office] = await Promise.all([startReceiver(), signedInAgent(other.carrier.email)]);
    try {
      const { secret } = await addEndpoint(office, rx.url, ["invoice.issued"]);
      await db().selfBillingAgreement.create({
        data: {
          shipperAccountId: other.shipper.accountId, carrierAccountId: other.carrier.accountId, status: "accepted", startsOn: new Date("2026-11-01T00:00:00Z"),
          endsOn: new Date("2027-10-31T00:00:00Z"), carrierVatNumber: "GB987654321", offeredById: other.shipper.id, decidedById: other.carrier.id, decidedAt: new Date("2026-11-01T10:00:00Z"),
        },
      });
      const loadId = await deliveredLoad(other, 52_000);
      const shipper = await signedInAgent(other.shipper.email);
      await shipper.browser.post(`/loads/${loadId}/proof_review`).type("form").send({ _csrf: shipper.csrf, decision: "accept" }).expect(303);
      await sendAll();
      const [issued, ...more] = await verifiedInOrder(rx.received, secret);
      expect(more).toHaveLength(0);
      const invoice = await db().invoice.findFirstOrThrow({ where: { lines: { some: { loadId } } } });
      expect(issued).toMatchObject({ event: "invoice.issued", data: { invoice: { id: invoice.id, number: invoice.number, status: "issued", self_billed: true, issuer_account_id: other.carrier.accountId } } });
    } finally {
      await rx.close();
    }
  });

  it("an account with no endpoint for an event enqueues nothing for it", async () => {
    const before = await db().webhookDelivery.count();
    const other = await createParties();
    const office = await signedInAgent(other.shipper.email);
    await office.browser.post("/jobs").type("form").send(formBody({ _csrf: office.csrf, ...jobFormBody(), publish: "1" })).expect(303);
    expect(await db().webhookDelivery.count()).toBe(before);
  });
});
