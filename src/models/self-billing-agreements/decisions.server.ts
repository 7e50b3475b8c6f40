import { db } from "#db/client.server.ts";
import { ukDate } from "#domain/invoices/dates.ts";
import { SELF_BILLING_MESSAGES, agreementState, agreementTerm, isOpenAgreement, offerInputSchema } from "#domain/invoices/self-billing.ts";
import { parseInput } from "#lib/input.server.ts";
import { ok, refused, refusedBase, type Result } from "#lib/result.server.ts";
import { offerableCarriers, requireAgreementAdmin, type AgreementDetail } from "#models/self-billing-agreements.server.ts";
import { agreementRowSelect } from "#models/self-billing-agreements/in-force.server.ts";
import { notifyAgreement } from "#models/self-billing-agreements/notices.server.ts";
import type { CurrentUser } from "#models/users.server.ts";

// What the two admins do with an agreement. The shipper's offers it to a carrier that ran one of its
// loads (one offered or in force per pair at a time); the carrier's accepts it, which starts its 12
// months that day under the VAT number the carrier has then, or declines it; either side's ends one
// in force. Each answer is compare-and-set on the agreement's status, so a second click is told it
// was done already (409), and the other side is told (notices).

/** Dates are stored as midnight UTC of their UK day. */
const dayInstant = (isoDate: string) => new Date(`${isoDate}T00:00:00Z`);

/** The shipper's admin offers one: 422 for a carrier it may not choose or already has one with. */
export async function offerAgreement(user: CurrentUser, body: unknown, now = new Date()): Promise<Result<{ id: number }>> {
  requireAgreementAdmin(user, "shipper");
  const carriers = await offerableCarriers(user.accountId);
  const input = parseInput(offerInputSchema(carriers.map((carrier) => carrier.id)), body);
  if (!input.ok) return input;
  const pair = { shipperAccountId: user.accountId, carrierAccountId: input.data.carrierAccountId };
  const today = ukDate(now);
  const rows = await db().selfBillingAgreement.findMany({ where: { ...pair, status: { in: ["offered", "accepted"] } }, select: agreementRowSelect });
  if (rows.some((row) => isOpenAgreement(row, today))) return refused({ carrier_account_id: SELF_BILLING_MESSAGES.alreadyOpen });
  // Dated as if accepted today; acceptance dates it again from its own day.
  const term = agreementTerm(today);
  const data = { ...pair, status: "offered", startsOn: dayInstant(term.startDate), endsOn: dayInstant(term.endDate), offeredById: user.id, createdAt: now };
  const created = await db().selfBillingAgreement.create({ data, select: { id: true } });
  await notifyAgreement(created.id, "offered");
  return ok({ id: created.id });
}

/** The carrier's admin accepts: in force from today for 12 months; 409 unless it is still offered. */
export async function acceptAgreement(agreement: AgreementDetail, user: CurrentUser, now = new Date()): Promise<Result> {
  requireAgreementAdmin(user, "carrier");
  const term = agreementTerm(ukDate(now));
  const details = await db().billingDetails.findUnique({ where: { accountId: agreement.carrierAccountId }, select: { vatNumber: true } });
  const data = {
    status: "accepted", startsOn: dayInstant(term.startDate), endsOn: dayInstant(term.endDate), carrierVatNumber: details?.vatNumber ?? null,
    decidedById: user.id, decidedAt: now,
  };
  const { count } = await db().selfBillingAgreement.updateMany({ where: { id: agreement.id, status: "offered" }, data });
  if (!count) return refusedBase(SELF_BILLING_MESSAGES.notOffered, 409);
  await notifyAgreement(agreement.id, "accepted");
  return ok();
}

/** The carrier's admin declines: 409 unless it is still offered. */
export async function declineAgreement(agreement: AgreementDetail, user: CurrentUser, now = new Date()): Promise<Result> {
  requireAgreementAdmin(user, "carrier");
  const data = { status: "declined", decidedById: user.id, decidedAt: now };
  const { count } = await db().selfBillingAgreement.updateMany({ where: { id: agreement.id, status: "offered" }, data });
  if (!count) return refusedBase(SELF_BILLING_MESSAGES.notOffered, 409);
  await notifyAgreement(agreement.id, "declined");
  return ok();
}

/** Either side's admin ends one in force (from today: today's loads are the carrier's to invoice); 409 otherwise. */
export async function endAgreement(agreement: AgreementDetail, user: CurrentUser, now = new Date()): Promise<Result> {
  const side = requireAgreementAdmin(user);
  if (agreementState(agreement, ukDate(now)) !== "in_force") return refusedBase(SELF_BILLING_MESSAGES.notInForce, 409);
  const data = { status: "ended", endedAt: now, endReason: side };
  const { count } = await db().selfBillingAgreement.updateMany({ where: { id: agreement.id, status: "accepted" }, data });
  if (!count) return refusedBase(SELF_BILLING_MESSAGES.notInForce, 409);
  await notifyAgreement(agreement.id, "ended");
  return ok();
}
