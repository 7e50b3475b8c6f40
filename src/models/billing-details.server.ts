import { db } from "#db/client.server.ts";
import { BILLING_MESSAGES, bankDetailsChanged, type BillingInput, type BillingKind } from "#domain/billing/details.ts";
import { DEFAULT_PAYMENT_TERMS_DAYS } from "#domain/billing/labels.ts";
import type { BillingDetails } from "#generated/prisma/client.ts";
import { found } from "#lib/errors.server.ts";
import { ok, refused, type Result } from "#lib/result.server.ts";
import { passwordConfirmed, recordBankChange } from "#models/billing-details/bank-change.server.ts";
import { endAgreementsOnVatChange } from "#models/self-billing-agreements/vat-change.server.ts";
import type { CurrentUser } from "#models/users.server.ts";

// An account's billing details (who it is on an invoice, a shipper's payment terms, a carrier's
// bank account), kept by the account's admins only: members, drivers, support and everyone else
// get 404. A change of bank details is guarded in billing-details/bank-change.

export type { BillingDetails };

/** The kind of account whose billing details these are, or null for an account that has none (the platform's). */
export function billingKindOf(user: { account: { kind: string } }): BillingKind | null {
  const { kind } = user.account;
  return kind === "shipper" || kind === "carrier" ? kind : null;
}

/** Only a shipper's or a carrier's admin keeps its billing details. */
export function keepsBilling(user: CurrentUser): boolean {
  return user.role === "admin" && billingKindOf(user) !== null;
}

/** An account's details, or null before they are first saved. */
export function billingDetailsOf(accountId: number): Promise<BillingDetails | null> {
  return db().billingDetails.findUnique({ where: { accountId } });
}

type KeptBilling = { kind: BillingKind; details: BillingDetails | null };

/** The admin's own account: its kind and details (null until saved); 404 for anyone else. */
export async function requireBillingFor(user: CurrentUser): Promise<KeptBilling> {
  found(keepsBilling(user));
  return { kind: billingKindOf(user)!, details: await billingDetailsOf(user.accountId) };
}

/** The terms a shipper's new job carries: its own, or 30 days when it has saved no billing details. */
export async function paymentTermsFor(shipperAccountId: number): Promise<number> {
  const where = { accountId: shipperAccountId };
  const row = await db().billingDetails.findUnique({ where, select: { paymentTermsDays: true } });
  return row?.paymentTermsDays ?? DEFAULT_PAYMENT_TERMS_DAYS;
}

/**
 * Saves the admin's details over what was there (or as the first). New bank details need the
 * admin's current password; then they are stamped, audited and every admin is told (`link`: the
 * billing page, for the letter). Refused: nothing is written.
 */
export async function saveBillingDetails(
  user: CurrentUser, input: BillingInput, link: string, now = new Date(),
): Promise<Result<{ bankChanged: boolean }>> {
  found(keepsBilling(user));
  const stored = await billingDetailsOf(user.accountId);
  const bank = input.bank && bankDetailsChanged(stored, input.bank) ? input.bank : null;
  if (bank && !(await passwordConfirmed(user, input.currentPassword))) {
    return refused({ current_password: BILLING_MESSAGES.currentPassword });
  }
  const data = { ...input.columns, ...input.bank, ...(bank ? { bankDetailsChangedAt: now } : {}) };
  const { accountId } = user;
  await db().billingDetails.upsert({ where: { accountId }, create: { accountId, ...data }, update: data });
  if (bank) await recordBankChange(user, bank, link, now);
  // Self-billing agreements were made under the carrier's VAT number: a new number ends them.
  if (billingKindOf(user) === "carrier") await endAgreementsOnVatChange(accountId, stored?.vatNumber ?? null, input.columns.vatNumber ?? null, now);
  return ok({ bankChanged: bank !== null });
}
