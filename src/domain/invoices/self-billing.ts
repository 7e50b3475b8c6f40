// Self-billing: the customer raises the carrier's invoice for it (HMRC VAT Notice 700/62
// "Self-billing"; VAT Regulations 1995, reg. 13(3) to 13(3F)). It needs a written agreement with the
// carrier that has a start and an end date; we make each agreement last 12 months, ending the day
// before the start date's anniversary, and either side can end it sooner. It stops when the
// carrier's VAT number changes (or the carrier registers or deregisters): a new agreement is needed.
// Each self-billed invoice says it is one and that its VAT is the carrier's output tax.

import { addDays, addMonths } from "#domain/format/calendar.ts";
import { parseIsoDate } from "#domain/format/date-input.ts";

export const SELF_BILLED_INVOICE_HEADING = "Self-billed invoice";
export const SELF_BILLED_VAT_STATEMENT = "The VAT shown is your output tax due to HMRC";
export const AGREEMENT_TERM_MONTHS = 12;

/** What the agreement has the carrier (the self-billee) and the customer (the self-biller) agree to. */
export const SELF_BILLING_AGREEMENT_TERMS = [
  "The carrier agrees that the customer raises the invoices for the carriage it supplies under this agreement",
  "The carrier will not raise its own VAT invoices for that carriage",
  "The carrier accepts each self-billed invoice the customer raises for it",
  "The carrier will tell the customer at once if it changes its VAT number, stops being VAT-registered, or sells all or part of its business",
  "The customer will make a new agreement if the carrier's VAT number changes",
] as const;

export type AgreementTerm = { startDate: string; endDate: string };

/** 12 months from the start, ending the day before its anniversary: 2027-03-01 → 2028-02-29. */
export function agreementTerm(startDate: string): AgreementTerm {
  if (parseIsoDate(startDate) !== startDate) throw new RangeError(`not a date written yyyy-mm-dd: ${startDate}`);
  const anniversary = addMonths(startDate, AGREEMENT_TERM_MONTHS);
  // 29 February's anniversary in a common year is 1 March, so the term ends on 28 February itself.
  const clamped = anniversary.slice(8) !== startDate.slice(8);
  return { startDate, endDate: clamped ? anniversary : addDays(anniversary, -1) };
}

/** "GB 123 4567 89", "gb123456789", "123456789" → "123456789". */
export function normaliseVatNumber(vatNumber: string | null | undefined): string {
  return (vatNumber ?? "").replace(/\s+/g, "").toUpperCase().replace(/^GB/, "");
}

/** `carrierVatNumber` as at signing ("" when not VAT-registered); `endedOn`: the last day, if ended early. */
export type Agreement = AgreementTerm & { carrierVatNumber: string | null; endedOn?: string | null };
export type AgreementStanding = "not_started" | "in_force" | "expired" | "ended" | "vat_number_changed";

/** Where an agreement stands on `date` for a carrier whose VAT number is now `carrierVatNumber`. */
export function agreementStanding(agreement: Agreement, date: string, carrierVatNumber: string | null): AgreementStanding {
  if (date < agreement.startDate) return "not_started";
  if (agreement.endedOn && date > agreement.endedOn) return "ended";
  if (date > agreement.endDate) return "expired";
  const same = normaliseVatNumber(carrierVatNumber) === normaliseVatNumber(agreement.carrierVatNumber);
  return same ? "in_force" : "vat_number_changed";
}

/** Whether the customer may self-bill this carrier for a supply on `date`. */
export function isAgreementInForce(agreement: Agreement, date: string, carrierVatNumber: string | null): boolean {
  return agreementStanding(agreement, date, carrierVatNumber) === "in_force";
}
