import { describe, expect, it } from "vitest";
import {
  AGREEMENT_STATE_LABELS, END_REASON_TEXT, SELF_BILLING_MESSAGES, agreementNotice, agreementOf, agreementState, isAgreementInForce, isOpenAgreement,
  lastDayBeforeEnd, offerInputSchema, type AgreementRow,
} from "#domain/invoices/self-billing.ts";

// The agreement as a record: its state as the list shows it, when it is in force for a supply, who
// may be offered one, and what each side is told.

const day = (iso: string) => new Date(`${iso}T00:00:00Z`);
/** Accepted on 1 March 2027 under GB123456789: in force to 29 February 2028. */
const accepted: AgreementRow = { status: "accepted", startsOn: day("2027-03-01"), endsOn: day("2028-02-29"), carrierVatNumber: "GB123456789", endedAt: null };

describe("an agreement's state on a day", () => {
  it.each([
    { row: { ...accepted, status: "offered" }, today: "2027-03-01", state: "offered" },
    { row: { ...accepted, status: "declined" }, today: "2027-03-01", state: "declined" },
    { row: accepted, today: "2027-03-01", state: "in_force" },
    { row: accepted, today: "2028-02-29", state: "in_force" }, // its last day
    { row: accepted, today: "2028-03-01", state: "expired" },
    { row: { ...accepted, status: "ended", endedAt: new Date("2027-06-30T10:00:00Z") }, today: "2027-07-01", state: "ended" },
  ] as const)("$row.status on $today: $state", ({ row, today, state }) => {
    expect(agreementState(row, today)).toBe(state);
    expect(AGREEMENT_STATE_LABELS[state]).toBeTruthy();
    expect(isOpenAgreement(row, today)).toBe(state === "offered" || state === "in_force");
  });
});

describe("the last day an agreement ended early covers: the UK day before it ended", () => {
  it.each([
    { endedAt: "2027-06-30T10:00:00Z", lastDay: "2027-06-29" },
    { endedAt: "2027-06-30T23:30:00Z", lastDay: "2027-06-30" }, // already 1 July in London (summer time)
    { endedAt: "2027-01-01T00:10:00Z", lastDay: "2026-12-31" },
  ])("ended at $endedAt → covers up to $lastDay", ({ endedAt, lastDay }) => {
    expect(lastDayBeforeEnd(new Date(endedAt))).toBe(lastDay);
  });
});

describe("the stored row read as the rules' agreement (whether a supply on a day is self-billed)", () => {
  it.each([
    { case: "an offer never accepted", row: { ...accepted, status: "offered" }, date: "2027-05-01", vat: "GB123456789", inForce: false },
    { case: "a declined one", row: { ...accepted, status: "declined" }, date: "2027-05-01", vat: "GB123456789", inForce: false },
    { case: "an accepted one, within its term", row: accepted, date: "2027-05-01", vat: "GB123456789", inForce: true },
    { case: "an accepted one, before its start", row: accepted, date: "2027-02-28", vat: "GB123456789", inForce: false },
    { case: "an accepted one, after its end", row: accepted, date: "2028-03-01", vat: "GB123456789", inForce: false },
    { case: "the carrier's VAT number now differs", row: accepted, date: "2027-05-01", vat: "GB999999999", inForce: false },
    { case: "ended on 30 June: a supply on 29 June", row: { ...accepted, status: "ended", endedAt: new Date("2027-06-30T09:00:00Z") }, date: "2027-06-29", vat: "GB123456789", inForce: true },
    { case: "ended on 30 June: a supply that day", row: { ...accepted, status: "ended", endedAt: new Date("2027-06-30T09:00:00Z") }, date: "2027-06-30", vat: "GB123456789", inForce: false },
  ] as const)("$case: in force $inForce", ({ row, date, vat, inForce }) => {
    const agreement = agreementOf(row);
    expect(agreement !== null && isAgreementInForce(agreement, date, vat)).toBe(inForce);
  });

  it("reads its dates as the UK days they were stored for", () => {
    expect(agreementOf(accepted)).toEqual({ startDate: "2027-03-01", endDate: "2028-02-29", carrierVatNumber: "GB123456789", endedOn: null });
  });
});

describe("the offer form: a carrier that ran one of the shipper's loads", () => {
  const schema = offerInputSchema([7, 12]);

  it.each([{ posted: "7", id: 7 }, { posted: " 12 ", id: 12 }])("$posted → carrier $id", ({ posted, id }) => {
    expect(schema.safeParse({ carrier_account_id: posted })).toMatchObject({ success: true, data: { carrierAccountId: id } });
  });

  it.each([
    { case: "nothing chosen", body: {} },
    { case: "empty", body: { carrier_account_id: "" } },
    { case: "a carrier that never ran its loads", body: { carrier_account_id: "8" } },
    { case: "not a number", body: { carrier_account_id: "7abc" } },
    { case: "zero", body: { carrier_account_id: "0" } },
    { case: "an array", body: { carrier_account_id: ["7"] } },
  ])("refuses $case beside the field", ({ body }) => {
    const parsed = schema.safeParse(body);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((issue) => [issue.path.join("."), issue.message])).toEqual([["carrier_account_id", SELF_BILLING_MESSAGES.carrier]]);
  });
});

describe("what each side is told", () => {
  const names = { shipper: "Northwind Foods", carrier: "Pennine Haulage" };

  it.each([
    { event: "offered", title: "Self-billing agreement offered", body: "Northwind Foods offers to raise your invoices for its loads for 12 months. Accept or decline the agreement." },
    { event: "accepted", title: "Self-billing agreement accepted", body: "Pennine Haulage accepted: you now raise its invoices for your loads." },
    { event: "declined", title: "Self-billing agreement declined", body: "Pennine Haulage declined the self-billing agreement." },
    { event: "ended", title: "Self-billing agreement ended", body: "The self-billing agreement between Northwind Foods and Pennine Haulage ended. Pennine Haulage invoices its own loads again until a new agreement is made." },
  ] as const)("$event", ({ event, title, body }) => {
    expect(agreementNotice(event, names)).toEqual({ title, body });
  });

  it("an end because the carrier's VAT number changed says so", () => {
    expect(agreementNotice("ended", { ...names, reason: "vat_number_changed" }).body).toBe(
      "The self-billing agreement between Northwind Foods and Pennine Haulage ended because Pennine Haulage's VAT number changed. Pennine Haulage invoices its own loads again until a new agreement is made.",
    );
    expect(END_REASON_TEXT.vat_number_changed).toBe("Ended because the carrier's VAT number changed");
  });
});
