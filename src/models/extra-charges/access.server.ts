import { db } from "#db/client.server.ts";
import { inOfficeOf } from "#domain/accounts/team.ts";
import type { ChargeTerms } from "#domain/extra-charges/charges.ts";
import { freeWaitingMinutesOf } from "#domain/extra-charges/waiting.ts";
import { isIssuedInvoiceStatus } from "#domain/extra-charges/window.ts";
import type { Prisma } from "#generated/prisma/client.ts";
import { found } from "#lib/errors.server.ts";
import type { LoadDetail } from "#models/loads.server.ts";
import type { CurrentUser } from "#models/users.server.ts";

// Who works on a load's extra charges: the office of the carrier running it adds them, the office
// of the shipper whose job it is decides them. Drivers take no part (they see no money), and a load
// the shipper's own fleet ran has nobody to pay, so it has no extra charges at all.

export type ChargeSide = "carrier" | "shipper";
export type ChargedLoad = Pick<LoadDetail, "id" | "status" | "carrierAccountId" | "job">;

const runByACarrier = (load: ChargedLoad) => load.carrierAccountId !== null && load.carrierAccountId !== load.job.shipperAccountId;

/** The side this user takes on the load's charges, or null for anyone else (drivers included). */
export function chargeSideOf(load: ChargedLoad, user: CurrentUser): ChargeSide | null {
  if (!runByACarrier(load)) return null;
  if (inOfficeOf("carrier", load.carrierAccountId, user)) return "carrier";
  return inOfficeOf("shipper", load.job.shipperAccountId, user) ? "shipper" : null;
}

/** The user's side (or the one side asked for); 404, exactly as for a load one cannot see, otherwise. */
export function requireChargeSide(load: ChargedLoad, user: CurrentUser, only?: ChargeSide): ChargeSide {
  const side = chargeSideOf(load, user);
  return found(side && (!only || side === only) ? side : null);
}

type Reader = Pick<Prisma.TransactionClient, "invoiceLine">;

/** Whether the load is on an issued invoice (a draft is not issued: it is read again when sent). */
export async function invoiceIssued(client: Reader, loadId: number): Promise<boolean> {
  const line = await client.invoiceLine.findUnique({ where: { loadId }, select: { invoice: { select: { status: true } } } });
  return Boolean(line && isIssuedInvoiceStatus(line.invoice.status));
}

type Terms = { freeWaitingMinutes: number | null; waitingRatePence: number | null };

/** What the add form is read against: the job's waiting terms and the ids of the load's files. */
export async function chargeTermsOf(load: { id: number; job: Terms }): Promise<ChargeTerms> {
  const files = await db().attachment.findMany({ where: { loadId: load.id }, select: { id: true } });
  return { freeMinutes: freeWaitingMinutesOf(load.job), ratePence: load.job.waitingRatePence, evidenceIds: files.map((file) => file.id) };
}
