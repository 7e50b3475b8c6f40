import { db } from "#db/client.server.ts";
import { createSignInLimiter } from "#server/rate-limit.server.ts";
import { signedInAgent as signedInTo, testApp, type Agent } from "../../support/app.ts";
import { createCarrier, createShipper, createUser } from "../../support/fixtures.ts";
import { createJob, type JobOverrides } from "../../support/job-fixtures.ts";

// A shipper (Crunch Foods, 14-day terms on its jobs) and a carrier (Pennine Haulage) with billing
// details, a driver of the carrier's, and delivered loads of theirs whose proofs await review.

export type Person = Awaited<ReturnType<typeof createShipper>>;
export type Parties = { shipper: Person; carrier: Person; driver: Person };
export type Signed = { browser: Agent; csrf: string };

/** The invoice tests sign in more people than one address may: their app allows it. */
const app = testApp({}, { signInLimiter: createSignInLimiter({ ipPoints: 1_000 }) });
export const signedInAgent = (email: string) => signedInTo(email, app);

/** New parties, with their two offices signed in. */
export async function signedInParties(): Promise<{ parties: Parties; shipperOffice: Signed; carrierOffice: Signed }> {
  const parties = await createParties();
  const [shipperOffice, carrierOffice] = await Promise.all([signedInAgent(parties.shipper.email), signedInAgent(parties.carrier.email)]);
  return { parties, shipperOffice, carrierOffice };
}

/** Delivered on Tuesday 24 November 2026 at 14:05 UTC. */
export const DELIVERED_AT = new Date("2026-11-24T14:05:00Z");

export async function createParties(): Promise<Parties> {
  const shipper = await createShipper({ company: "Crunch Foods", name: "Sam Shipper" });
  const carrier = await createCarrier({ company: "Pennine Haulage", name: "Carl Carrier" });
  const driver = await createUser("carrier", { role: "driver", accountId: carrier.accountId, name: "Dave Driver" });
  await db().billingDetails.create({
    data: {
      accountId: shipper.accountId, legalName: "Crunch Foods Ltd", registeredAddress: "1 Crisp Lane\nLeeds\nLS1 1AA",
      companyNumber: "01234567", vatNumber: "GB111222333", invoiceEmail: "accounts@crunch.example", paymentTermsDays: 14,
    },
  });
  await db().billingDetails.create({
    data: {
      accountId: carrier.accountId, legalName: "Pennine Haulage Ltd", registeredAddress: "9 Moor Road\nHalifax\nHX1 1AB",
      companyNumber: "07654321", vatNumber: "GB987654321", invoiceEmail: "invoices@pennine.example", sortCode: "401234", accountNumber: "12345678",
    },
  });
  return { shipper, carrier, driver };
}

/** A delivered load of a job of the shipper's, run by the carrier, its proof awaiting review. */
export async function deliveredLoad(parties: Parties, priceCents: number, job: JobOverrides = {}, deliveredAt = DELIVERED_AT) {
  const { shipper, carrier, driver } = parties;
  const created = await createJob(shipper.accountId, shipper.id, { status: "in_progress", reference: "Crisps to Bristol", paymentTermsDays: 14, ...job });
  const load = await db().load.create({
    data: {
      jobId: created.id, sequence: 1, carrierAccountId: carrier.accountId, driverId: driver.id, status: "delivered", priceCents,
      collectedAt: new Date(deliveredAt.getTime() - 6 * 3_600_000 - 300_000), deliveredAt, proofStatus: "awaiting_review",
    },
  });
  await db().proofOfDelivery.create({ data: { loadId: load.id, recipientName: "Mark at goods-in", deliveredAt, recordedById: driver.id } });
  return load.id;
}

/** The shipper's office accepts the load's proof: the carrier gets a draft invoice (or, self-billed, the shipper's is issued). */
export const acceptProof = (shipperOffice: Signed, loadId: number) =>
  shipperOffice.browser.post(`/loads/${loadId}/proof_review`).type("form").send({ _csrf: shipperOffice.csrf, decision: "accept" }).expect(303);

/** The invoice holding this load's line, with its lines. */
export const invoiceOfLoad = (loadId: number) => db().invoice.findFirstOrThrow({ where: { lines: { some: { loadId } } }, include: { lines: { orderBy: { id: "asc" } } } });

/** The carrier's office sends its draft: 303 back to the invoice. */
export const sendDraft = (carrierOffice: Signed, invoiceId: number) =>
  carrierOffice.browser.post(`/invoices/${invoiceId}/send`).type("form").send({ _csrf: carrierOffice.csrf });

/** Accepted by the shipper, then the carrier's draft sent: the issued invoice. */
export async function acceptAndSend(offices: { shipperOffice: Signed; carrierOffice: Signed }, loadId: number) {
  await acceptProof(offices.shipperOffice, loadId);
  const draft = await invoiceOfLoad(loadId);
  const sent = await sendDraft(offices.carrierOffice, draft.id);
  if (sent.status !== 303) throw new Error(`sending the draft answered ${sent.status}`);
  return invoiceOfLoad(loadId);
}
