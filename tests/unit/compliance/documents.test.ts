import { describe, expect, it } from "vitest";
import { InsuranceSchema, OperatorLicenceSchema, daysUntil, reminderDue, standingOf } from "#domain/compliance/documents.ts";

const day = (iso: string) => new Date(`${iso}T00:00:00Z`);
const now = new Date("2027-03-10T15:30:00Z");
const doc = (kind: string, expires: string) => ({ kind, expiresOn: day(expires) });

describe("standingOf", () => {
  it.each([
    [[doc("operator_licence", "2028-01-01"), doc("goods_in_transit", "2028-01-01")], "current", false, "Documents current"],
    [[doc("operator_licence", "2028-01-01"), doc("goods_in_transit", "2027-04-09")], "current", true, "Documents current"],
    [[doc("operator_licence", "2028-01-01"), doc("goods_in_transit", "2027-04-10")], "current", false, "Documents current"],
    [[doc("operator_licence", "2027-03-10"), doc("goods_in_transit", "2028-01-01")], "current", true, "Documents current"],
    [[doc("operator_licence", "2027-03-09"), doc("goods_in_transit", "2028-01-01")], "expired", false, "Documents expired"],
    [[doc("operator_licence", "2028-01-01")], "missing", false, "Documents missing"],
    [[], "missing", false, "Documents missing"],
  ])("%j → %s", (documents, state, expiringSoon, label) => {
    expect(standingOf(documents, now)).toEqual({ state, expiringSoon, label });
  });
});

describe("reminderDue", () => {
  const at = (expires: string, reminded30At: Date | null = null, reminded7At: Date | null = null) => reminderDue({ expiresOn: day(expires), reminded30At, reminded7At }, now);
  it.each([
    ["2027-05-01", null, null, null],
    ["2027-04-09", null, null, 30],
    ["2027-03-18", null, null, 30],
    ["2027-03-17", null, null, 7],
    ["2027-03-17", now, null, 7],
    ["2027-03-17", now, now, null],
    ["2027-04-01", now, null, null],
    ["2027-03-10", null, null, 7],
    ["2027-03-09", null, null, null],
  ])("expiring %s (30-day sent %s, 7-day sent %s) → %s", (expires, sent30, sent7, due) => {
    expect(at(expires, sent30, sent7)).toBe(due);
  });

  it("counts whole calendar days", () => {
    expect([daysUntil(day("2027-03-10"), now), daysUntil(day("2027-03-11"), now), daysUntil(day("2027-03-09"), now)]).toEqual([0, 1, -1]);
  });
});

describe("document forms", () => {
  it.each([
    [{ reference: "ob1234567", licence_type: "standard_national", expires_on: "2028-02-29" }, null],
    [{ reference: "OB12", licence_type: "standard_national", expires_on: "2028-01-01" }, "Enter the licence number, for example OB1234567"],
    [{ reference: "OB1234567", licence_type: "heavy", expires_on: "2028-01-01" }, "Choose the licence type"],
    [{ reference: "OB1234567", licence_type: "restricted", expires_on: "2027-02-29" }, "Enter a real date"],
    [{ reference: "OB1234567", licence_type: "restricted", expires_on: "" }, "Enter the expiry date"],
  ])("licence %j → %s", (input, message) => {
    const parsed = OperatorLicenceSchema.safeParse(input);
    expect(parsed.success ? null : parsed.error.issues[0]!.message).toBe(message);
  });

  it.each([
    [{ reference: "Haulier Mutual", cover: "£50,000", expires_on: "2028-01-01" }, 50_000, null],
    [{ reference: "Haulier Mutual", cover: "250000", expires_on: "2028-01-01" }, 250_000, null],
    [{ reference: "Haulier Mutual", cover: "50,000.50", expires_on: "2028-01-01" }, null, "Enter the cover in whole pounds, for example 50,000"],
    [{ reference: "Haulier Mutual", cover: "0", expires_on: "2028-01-01" }, null, "Enter a cover between £1 and £10,000,000"],
    [{ reference: " ", cover: "1000", expires_on: "2028-01-01" }, null, "Enter the insurer"],
  ])("insurance %j → cover %s, %s", (input, cover, message) => {
    const parsed = InsuranceSchema.safeParse(input);
    expect(parsed.success ? [parsed.data.cover, null] : [null, parsed.error.issues[0]!.message]).toEqual([cover, message]);
  });
});
