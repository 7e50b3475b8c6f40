// A supplier that is not VAT-registered (its billing details have no VAT number) must not charge
// VAT: only a registered person may show VAT on an invoice, and VAT shown by anyone else is still
// payable to HMRC by whoever showed it (VAT Notice 700 §16; VAT Act 1994, Schedule 11, para 5(2)).
// So every line of its invoice carries 0 VAT, and the document says why, instead of a VAT rate
// that would read as a zero-rated supply.

import { normaliseVatNumber } from "./self-billing.ts";
import { ZERO_RATE_BP } from "./vat.ts";

export const NOT_VAT_REGISTERED_STATEMENT = "No VAT is charged: the supplier is not VAT-registered";

/** Whether a VAT number is given at all (blank and missing both mean not registered). */
export const isVatRegistered = (vatNumber: string | null | undefined): boolean => normaliseVatNumber(vatNumber) !== "";

/** The rate a line carries: the leg's rate (vat.ts) for a registered supplier, 0 for one that is not. */
export function supplierRateBp(legRateBp: number, supplierVatNumber: string | null | undefined): number {
  return isVatRegistered(supplierVatNumber) ? legRateBp : ZERO_RATE_BP;
}
