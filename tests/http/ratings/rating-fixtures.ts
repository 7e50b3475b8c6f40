import { db } from "#db/client.server.ts";
import { deliveredLoad, signedInAgent, signedInParties, type Parties, type Signed } from "../invoices/invoice-fixtures.ts";

// Crunch Foods' load delivered by Pennine Haulage (invoice-fixtures: driver Dave Driver), both offices
// signed in, and the forms each side posts.

export { signedInAgent, type Parties, type Signed };

export const HOUR = 3_600_000;
export const DAY = 24 * HOUR;

export type Scene = { parties: Parties; shipperOffice: Signed; carrierOffice: Signed; loadId: number };

/** A load delivered `ago` milliseconds before now (a day by default). */
export async function scene(ago = DAY): Promise<Scene> {
  const { parties, shipperOffice, carrierOffice } = await signedInParties();
  const loadId = await deliveredLoad(parties, 40_000, {}, new Date(Date.now() - ago));
  return { parties, shipperOffice, carrierOffice, loadId };
}

export const ratingPath = (loadId: number) => `/loads/${loadId}/rating`;

export const shipperAnswers = { punctuality: "5", communication: "4", care_of_goods: "5", paperwork: "4", would_again: "yes", comment: "On time, careful with the crisps" };
export const carrierAnswers = { accuracy: "3", site_and_waiting: "2", communication: "4", would_again: "no", comment: "Two hours at the gate" };

export const rate = (who: Signed, loadId: number, body: Record<string, string>) =>
  who.browser.post(ratingPath(loadId)).type("form").send({ _csrf: who.csrf, ...body });

export const reply = (who: Signed, ratingId: number, text?: string) =>
  who.browser.post(`/ratings/${ratingId}/reply`).type("form").send({ _csrf: who.csrf, reply: text });

export const hide = (who: Signed, ratingId: number, reason?: string) =>
  who.browser.post(`/ratings/${ratingId}/hide`).type("form").send({ _csrf: who.csrf, reason });

export const ratingsOf = (loadId: number) => db().rating.findMany({ where: { loadId }, orderBy: { id: "asc" } });

export const ratingOf = (loadId: number, side: string) => db().rating.findUniqueOrThrow({ where: { loadId_side: { loadId, side } } });

export const noticesOf = (userId: number) =>
  db().notification.findMany({ where: { userId, kind: { startsWith: "rating" } }, orderBy: { id: "asc" }, select: { kind: true, title: true, body: true, path: true } });

/** The load's invoice (carrier's, to the shipper) in this status, due on this date. */
export async function invoiceTheLoad({ parties, loadId }: Scene, status: string, dueDate: Date) {
  await db().invoice.create({
    data: {
      issuerAccountId: parties.carrier.accountId, customerAccountId: parties.shipper.accountId, numberingAccountId: parties.carrier.accountId,
      series: "INV", sequence: loadId, number: `INV-${String(loadId).padStart(6, "0")}`, status,
      issueDate: new Date(), taxPoint: new Date(), dueDate, netPence: 40_000, vatPence: 8_000, grossPence: 48_000, supplier: "{}", customer: "{}",
      lines: { create: [{ loadId, description: "Carriage", deliveryDate: new Date(), netPence: 40_000, vatRateBp: 2_000, vatPence: 8_000 }] },
    },
  });
}
