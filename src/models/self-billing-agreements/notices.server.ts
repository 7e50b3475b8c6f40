import { db } from "#db/client.server.ts";
import { agreementNotice, SELF_BILLING_PATH, type AgreementEvent, type EndReason } from "#domain/invoices/self-billing.ts";
import { deliverNotifications, noticesTo } from "#models/notifications.server.ts";
import { officeUsers } from "#models/team.server.ts";

// Who hears of an agreement: the carrier's office of an offer, the shipper's office of the answer,
// both offices of an end (by either side, or because the carrier's VAT number changed). Each is a
// stored notification leading to the agreements page, pushed live like every other.

const WHO_HEARS: Record<AgreementEvent, ("shipper" | "carrier")[]> = {
  offered: ["carrier"],
  accepted: ["shipper"],
  declined: ["shipper"],
  ended: ["shipper", "carrier"],
};

export async function notifyAgreement(agreementId: number, event: AgreementEvent): Promise<void> {
  const agreement = await db().selfBillingAgreement.findUniqueOrThrow({
    where: { id: agreementId },
    select: { shipperAccountId: true, carrierAccountId: true, endReason: true, shipperAccount: { select: { name: true } }, carrierAccount: { select: { name: true } } },
  });
  const accounts = WHO_HEARS[event].map((side) => (side === "shipper" ? agreement.shipperAccountId : agreement.carrierAccountId));
  const names = { shipper: agreement.shipperAccount.name, carrier: agreement.carrierAccount.name, reason: agreement.endReason as EndReason | null };
  const content = { kind: "self_billing" as const, ...agreementNotice(event, names), path: SELF_BILLING_PATH };
  await deliverNotifications(noticesTo(await officeUsers(accounts), content));
}
