import { db } from "#db/client.server.ts";
import { ukDate } from "#domain/invoices/dates.ts";
import { normaliseVatNumber } from "#domain/invoices/self-billing.ts";
import { notifyAgreement } from "#models/self-billing-agreements/notices.server.ts";

// A carrier's agreements were made under its VAT number: when the number changes (or the carrier
// registers or deregisters), every agreement of its in force ends at once (VAT Notice 700/62: the
// customer makes a new agreement), and both offices of each are told.

/** Ends the carrier's agreements in force when its VAT number changed from `before` to `after`: answers how many. */
export async function endAgreementsOnVatChange(carrierAccountId: number, before: string | null, after: string | null, now = new Date()): Promise<number> {
  if (normaliseVatNumber(before) === normaliseVatNumber(after)) return 0;
  const notPast = new Date(`${ukDate(now)}T00:00:00Z`);
  const rows = await db().selfBillingAgreement.findMany({ where: { carrierAccountId, status: "accepted", endsOn: { gte: notPast } }, select: { id: true } });
  let ended = 0;
  for (const { id } of rows) {
    const data = { status: "ended", endedAt: now, endReason: "vat_number_changed" };
    const { count } = await db().selfBillingAgreement.updateMany({ where: { id, status: "accepted" }, data });
    if (!count) continue;
    ended += 1;
    await notifyAgreement(id, "ended");
  }
  return ended;
}
