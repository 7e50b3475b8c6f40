import { describe, expect, it } from "vitest";
import {
  AGREEMENT_TERM_MONTHS, SELF_BILLED_INVOICE_HEADING, SELF_BILLED_VAT_STATEMENT, SELF_BILLING_AGREEMENT_TERMS,
  agreementStanding, agreementTerm, isAgreementInForce, normaliseVatNumber, type Agreement,
} from "#domain/invoices/self-billing.ts";

describe("an agreement's term: 12 months, ending the day before the anniversary", () => {
  it.each([
    { start: "2027-01-01", end: "2027-12-31" },
    { start: "2027-01-31", end: "2028-01-30" },
    { start: "2027-03-01", end: "2028-02-29" }, // the leap day is inside the term
    { start: "2028-02-29", end: "2029-02-28" }, // from a leap day: 28 February is its last day
    { start: "2028-03-01", end: "2029-02-28" },
    { start: "2027-12-31", end: "2028-12-30" },
  ])("$start → $end", ({ start, end }) => {
    expect(agreementTerm(start)).toEqual({ startDate: start, endDate: end });
    expect(AGREEMENT_TERM_MONTHS).toBe(12);
  });

  it.each(["01/03/2027", "2027-02-29", ""])("refuses the start %j", (start) => {
    expect(() => agreementTerm(start)).toThrow(RangeError);
  });
});

describe("whether an agreement is in force on a day", () => {
  const agreement: Agreement = { ...agreementTerm("2027-03-01"), carrierVatNumber: "GB123456789" };

  it.each([
    { date: "2027-02-28", vat: "GB123456789", standing: "not_started" },
    { date: "2027-03-01", vat: "GB123456789", standing: "in_force" },
    { date: "2027-09-15", vat: "GB 123 4567 89", standing: "in_force" }, // the same number, written differently
    { date: "2027-09-15", vat: "123456789", standing: "in_force" },
    { date: "2028-02-29", vat: "GB123456789", standing: "in_force" }, // its last day
    { date: "2028-03-01", vat: "GB123456789", standing: "expired" },
    { date: "2027-09-15", vat: "GB987654321", standing: "vat_number_changed" },
    { date: "2027-09-15", vat: null, standing: "vat_number_changed" }, // deregistered
  ])("on $date with VAT number $vat: $standing", ({ date, vat, standing }) => {
    expect(agreementStanding(agreement, date, vat)).toBe(standing);
    expect(isAgreementInForce(agreement, date, vat)).toBe(standing === "in_force");
  });

  it.each([
    { date: "2027-06-30", standing: "in_force" }, // the last day before it was ended
    { date: "2027-07-01", standing: "ended" },
  ])("ended early on 2027-06-30: on $date $standing", ({ date, standing }) => {
    expect(agreementStanding({ ...agreement, endedOn: "2027-06-30" }, date, "GB123456789")).toBe(standing);
  });

  it.each([
    { now: null, standing: "in_force" },
    { now: "GB123456789", standing: "vat_number_changed" }, // registered since
  ])("a carrier not VAT-registered at signing, now $now: $standing", ({ now, standing }) => {
    expect(agreementStanding({ ...agreement, carrierVatNumber: null }, "2027-09-15", now)).toBe(standing);
  });

  it.each([
    { typed: "GB123456789", normalised: "123456789" },
    { typed: "gb 123 4567 89", normalised: "123456789" },
    { typed: "GB123456789001", normalised: "123456789001" }, // a branch
    { typed: "", normalised: "" },
    { typed: null, normalised: "" },
  ])("VAT number $typed → $normalised", ({ typed, normalised }) => {
    expect(normaliseVatNumber(typed)).toBe(normalised);
  });
});

describe("the wording VAT Notice 700/62 requires", () => {
  it("on each self-billed invoice", () => {
    expect(SELF_BILLED_INVOICE_HEADING).toBe("Self-billed invoice");
    expect(SELF_BILLED_VAT_STATEMENT).toBe("The VAT shown is your output tax due to HMRC");
  });

  it("in the agreement: the carrier's consent, no invoices of its own, acceptance, and news of a VAT change", () => {
    expect(SELF_BILLING_AGREEMENT_TERMS).toHaveLength(5);
    expect(SELF_BILLING_AGREEMENT_TERMS.filter((term) => term.includes("VAT number"))).toHaveLength(2);
  });
});
