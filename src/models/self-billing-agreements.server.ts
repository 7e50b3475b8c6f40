import { db } from "#db/client.server.ts";
import { isOfficeOf } from "#domain/accounts/team.ts";
import type { Prisma } from "#generated/prisma/client.ts";
import { found, HttpError, recordId } from "#lib/errors.server.ts";
import { SELF_BILLING_MESSAGES } from "#domain/invoices/self-billing.ts";
import type { CurrentUser } from "#models/users.server.ts";

// Self-billing agreements (HMRC VAT Notice 700/62): a shipper's written agreement to raise a
// carrier's invoices for it, 12 months from the day the carrier accepts. Both sides' offices see
// their agreements; only admins act on them (403 for members): the shipper's offers one to a carrier
// that ran one of its loads and either side's ends one in force (self-billing-agreements/decisions),
// and a change of the carrier's VAT number ends it by itself (self-billing-agreements/vat-change).
// Another account's agreement, and anyone outside the two offices (drivers too), get 404.

export { acceptAgreement, declineAgreement, endAgreement, offerAgreement } from "#models/self-billing-agreements/decisions.server.ts";
export { endAgreementsOnVatChange } from "#models/self-billing-agreements/vat-change.server.ts";

export type AgreementSide = "shipper" | "carrier";

/** Which side of agreements this person's office is on; null for drivers and everyone else. */
export function agreementSideOf(user: CurrentUser): AgreementSide | null {
  if (isOfficeOf("shipper", user)) return "shipper";
  return isOfficeOf("carrier", user) ? "carrier" : null;
}

function agreementScope(user: CurrentUser): Prisma.SelfBillingAgreementWhereInput | null {
  const side = agreementSideOf(user);
  if (side === "shipper") return { shipperAccountId: user.accountId };
  return side === "carrier" ? { carrierAccountId: user.accountId } : null;
}

/** Only an admin of the office acts on an agreement: 404 outside the offices, 403 for a member. */
export function requireAgreementAdmin(user: CurrentUser, side: AgreementSide | null = null): AgreementSide {
  const own = found(agreementSideOf(user));
  found(side === null || own === side);
  if (user.role !== "admin") throw new HttpError(403, SELF_BILLING_MESSAGES.onlyAdmins);
  return own;
}

const agreementSelect = {
  id: true, shipperAccountId: true, carrierAccountId: true, status: true, startsOn: true, endsOn: true, carrierVatNumber: true,
  decidedAt: true, endedAt: true, endReason: true, createdAt: true,
  shipperAccount: { select: { name: true } },
  carrierAccount: { select: { name: true } },
} as const;

export type AgreementDetail = Prisma.SelfBillingAgreementGetPayload<{ select: typeof agreementSelect }>;

/** This office's agreements, newest first; 404 for anyone outside a shipper's or carrier's office. */
export async function agreementsFor(user: CurrentUser): Promise<AgreementDetail[]> {
  const where = found(agreementScope(user));
  return db().selfBillingAgreement.findMany({ where, select: agreementSelect, orderBy: { id: "desc" } });
}

/** One of this office's agreements; 404 for another account's, or for anyone outside the offices. */
export async function requireAgreementFor(user: CurrentUser, id: unknown): Promise<AgreementDetail> {
  const scope = found(agreementScope(user));
  return found(await db().selfBillingAgreement.findFirst({ where: { id: recordId(id), ...scope }, select: agreementSelect }));
}

/** The carriers that have run at least one of this shipper's loads, by name: whom it may offer an agreement. */
export function offerableCarriers(shipperAccountId: number): Promise<{ id: number; name: string }[]> {
  return db().account.findMany({
    where: { kind: "carrier", id: { not: shipperAccountId }, loads: { some: { job: { shipperAccountId } } } },
    select: { id: true, name: true },
    orderBy: [{ name: "asc" }, { id: "asc" }],
  });
}
