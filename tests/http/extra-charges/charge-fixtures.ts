import { db } from "#db/client.server.ts";
import { createShipper } from "../../support/fixtures.ts";
import type { JobOverrides } from "../../support/job-fixtures.ts";
import { deliveredLoad, signedInAgent, signedInParties, type Parties, type Signed } from "../invoices/invoice-fixtures.ts";

// Crunch Foods' delivered load run by Pennine Haulage (invoice-fixtures), with the requests the
// extra charges frame answers, and the records the tests read back.

export { signedInAgent, type Parties, type Signed };

export type Scene = { parties: Parties; shipperOffice: Signed; carrierOffice: Signed; loadId: number };

/** Both offices signed in and a delivered load of theirs (£400), with these job terms. */
export async function scene(job: JobOverrides = {}): Promise<Scene> {
  const { parties, shipperOffice, carrierOffice } = await signedInParties();
  const loadId = await deliveredLoad(parties, 40_000, job);
  return { parties, shipperOffice, carrierOffice, loadId };
}

export const framePath = (loadId: number) => `/loads/${loadId}/extra_charges`;

export const addCharge = (who: Signed, loadId: number, body: Record<string, string | undefined>) =>
  who.browser.post(framePath(loadId)).type("form").send({ _csrf: who.csrf, ...body });

export const approve = (who: Signed, loadId: number, chargeId: number) =>
  who.browser.post(`${framePath(loadId)}/${chargeId}/approve`).type("form").send({ _csrf: who.csrf });

export const refuse = (who: Signed, loadId: number, chargeId: number, reason?: string) =>
  who.browser.post(`${framePath(loadId)}/${chargeId}/refuse`).type("form").send({ _csrf: who.csrf, reason });

export const chargesOf = (loadId: number) =>
  db().extraCharge.findMany({
    where: { loadId },
    orderBy: { id: "asc" },
    select: { id: true, kind: true, minutes: true, amountPence: true, note: true, evidenceAttachmentId: true, status: true, refusalReason: true, addedById: true, decidedById: true },
  });

/** A pending charge written straight in, as the carrier's office would have added it. */
export async function pendingCharge(scene: Scene, data: { kind?: string; amountPence?: number; note?: string; minutes?: number } = {}) {
  const charge = await db().extraCharge.create({
    data: { loadId: scene.loadId, kind: "extra_drop", amountPence: 7_500, note: "Second drop at Avonmouth", addedById: scene.parties.carrier.id, ...data },
  });
  return charge.id;
}

/** A file of the load's (a photo by the driver), to choose as evidence. */
export async function loadPhoto(loadId: number, addedById: number, filename = "gate.jpg") {
  const blob = await db().fileBlob.create({
    data: { key: `test-${loadId}-${filename}-${Date.now()}-${Math.random()}`, filename, contentType: "image/jpeg", byteSize: 1_000, checksum: "x", use: "photo", uploadedById: addedById, storedAt: new Date() },
  });
  return (await db().attachment.create({ data: { blobId: blob.id, loadId, kind: "photo", addedById } })).id;
}

/** The load on an invoice in this status (a draft is not issued; "issued", "paid", "credited" are). */
export async function invoiceTheLoad({ parties, loadId }: Scene, status: string) {
  const issued = status !== "draft";
  await db().invoice.create({
    data: {
      issuerAccountId: parties.carrier.accountId, customerAccountId: parties.shipper.accountId, numberingAccountId: parties.carrier.accountId,
      series: "INV", sequence: issued ? loadId : null, number: issued ? `INV-${String(loadId).padStart(6, "0")}` : null, status,
      issueDate: new Date(), taxPoint: new Date(), dueDate: new Date(), netPence: 40_000, vatPence: 8_000, grossPence: 48_000, supplier: "{}", customer: "{}",
      lines: { create: [{ loadId, description: "Carriage", deliveryDate: new Date(), netPence: 40_000, vatRateBp: 2_000, vatPence: 8_000 }] },
    },
  });
}

export const noticesOf = (kind: string, loadId: number) =>
  db().notification.findMany({ where: { kind, path: `/loads/${loadId}` }, orderBy: { userId: "asc" }, select: { userId: true, title: true, body: true } });

/** Another shipper's office, signed in. */
export async function outsider() {
  return signedInAgent((await createShipper({ company: "Other Foods" })).email);
}
