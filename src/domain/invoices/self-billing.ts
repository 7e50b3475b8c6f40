// Self-billing: the customer raises the carrier's invoice for it (HMRC VAT Notice 700/62
// "Self-billing"; VAT Regulations 1995, reg. 13(3) to 13(3F)). It needs a written agreement with the
// carrier that has a start and an end date; we make each agreement last 12 months, ending the day
// before the start date's anniversary, and either side can end it sooner. It stops when the
// carrier's VAT number changes (or the carrier registers or deregisters): a new agreement is needed.
// Each self-billed invoice says it is one and that its VAT is the carrier's output tax.

import { z } from "zod";
import { addDays, addMonths } from "#domain/format/calendar.ts";
import { parseIsoDate } from "#domain/format/date-input.ts";
import { ukDate } from "./dates.ts";

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

// ── The agreement as a record: offered by the shipper's admin, accepted or declined by the carrier's
// admin, ended sooner by either side's admin or by a change of the carrier's VAT number. It starts
// on the day the carrier accepts (its start date is then the day both sides agreed).

export const SELF_BILLING_PATH = "/self_billing_agreements";

export type AgreementStatus = "offered" | "accepted" | "declined" | "ended";
export type EndReason = "shipper" | "carrier" | "vat_number_changed";
/** What a person sees: an accepted agreement is in force until its last day, then expired. */
export type AgreementState = "offered" | "in_force" | "expired" | "declined" | "ended";

export const AGREEMENT_STATE_LABELS: Record<AgreementState, string> = {
  offered: "Awaiting the carrier's answer",
  in_force: "In force",
  expired: "Expired",
  declined: "Declined",
  ended: "Ended",
};

export const END_REASON_TEXT: Record<EndReason, string> = {
  shipper: "Ended by the shipper",
  carrier: "Ended by the carrier",
  vat_number_changed: "Ended because the carrier's VAT number changed",
};

export const SELF_BILLING_MESSAGES = {
  carrier: "Choose a carrier that has run one of your loads",
  alreadyOpen: "You already have an agreement with this carrier that is offered or in force",
  notOffered: "This agreement is no longer waiting for an answer",
  notInForce: "This agreement is not in force",
  onlyAdmins: "Only an admin can offer, answer or end a self-billing agreement",
} as const;

/** An agreement as stored: dates as midnight UTC of their day, the instant it ended if it did. */
export type AgreementRow = { status: string; startsOn: Date; endsOn: Date; carrierVatNumber: string | null; endedAt: Date | null };

const dayOf = (stored: Date) => stored.toISOString().slice(0, 10);

/** An agreement ended at an instant covers the days before that one: a supply on the day it ends is the carrier's to invoice. */
export const lastDayBeforeEnd = (endedAt: Date): string => addDays(ukDate(endedAt), -1);

/** The stored row as the rules above read it; null for one never accepted (it was never in force). */
export function agreementOf(row: AgreementRow): Agreement | null {
  if (row.status !== "accepted" && row.status !== "ended") return null;
  const endedOn = row.endedAt ? lastDayBeforeEnd(row.endedAt) : null;
  return { startDate: dayOf(row.startsOn), endDate: dayOf(row.endsOn), carrierVatNumber: row.carrierVatNumber, endedOn };
}

/** Where the agreement stands today, as its list shows it. */
export function agreementState(row: AgreementRow, today: string): AgreementState {
  if (row.status === "offered" || row.status === "declined") return row.status;
  if (row.status !== "accepted") return "ended";
  return today > dayOf(row.endsOn) ? "expired" : "in_force";
}

/** Whether a row still stands in the way of a new offer to the same carrier: offered, or accepted and not past its end. */
export const isOpenAgreement = (row: AgreementRow, today: string): boolean => {
  const state = agreementState(row, today);
  return state === "offered" || state === "in_force";
};

/** The offer form: `carrier_account_id`, one of the carriers that ran the shipper's loads. */
export function offerInputSchema(carrierIds: readonly number[]) {
  return z.object({ carrier_account_id: z.unknown().optional() }).transform((input, context) => {
    const text = typeof input.carrier_account_id === "string" ? input.carrier_account_id.trim() : "";
    const id = /^[1-9]\d{0,14}$/.test(text) ? Number(text) : null;
    if (id === null || !carrierIds.includes(id)) {
      context.addIssue({ code: "custom", path: ["carrier_account_id"], message: SELF_BILLING_MESSAGES.carrier });
      return z.NEVER;
    }
    return { carrierAccountId: id };
  });
}

export type AgreementEvent = "offered" | "accepted" | "declined" | "ended";
type Names = { shipper: string; carrier: string; reason?: EndReason | null };

/** What each side is told: the carrier of an offer, the shipper of the answer, both of an end. */
export function agreementNotice(event: AgreementEvent, names: Names): { title: string; body: string } {
  const { shipper, carrier } = names;
  if (event === "offered") return { title: "Self-billing agreement offered", body: `${shipper} offers to raise your invoices for its loads for 12 months. Accept or decline the agreement.` };
  if (event === "accepted") return { title: "Self-billing agreement accepted", body: `${carrier} accepted: you now raise its invoices for your loads.` };
  if (event === "declined") return { title: "Self-billing agreement declined", body: `${carrier} declined the self-billing agreement.` };
  const why = names.reason === "vat_number_changed" ? ` because ${carrier}'s VAT number changed` : "";
  return {
    title: "Self-billing agreement ended",
    body: `The self-billing agreement between ${shipper} and ${carrier} ended${why}. ${carrier} invoices its own loads again until a new agreement is made.`,
  };
}
