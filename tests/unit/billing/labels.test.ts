import { describe, expect, it } from "vitest";
import { BANK_CHANGE_NOTICE_DAYS, bankDetailsRecentlyChanged } from "#domain/billing/details.ts";
import {
  INVOICE_GROUPINGS, accountNumberEnding, formatSortCode, paidInText, paymentTermsFact, paymentTermsText,
} from "#domain/billing/labels.ts";
import { BANK_DETAILS_CHANGED_SUBJECT, bankDetailsChangedLetter } from "#domain/billing/letters.ts";

describe("bankDetailsRecentlyChanged", () => {
  const now = new Date("2027-03-31T12:00:00Z");
  const ago = (ms: number) => new Date(now.getTime() - ms);
  const DAY = 86_400_000;
  it.each<[string, Date | null | undefined, boolean]>([
    ["never changed (null)", null, false],
    ["never changed (undefined)", undefined, false],
    ["changed just now", now, true],
    ["changed a minute ago", ago(60_000), true],
    ["changed 29 days ago", ago(29 * DAY), true],
    ["changed a second short of 30 days ago", ago(30 * DAY - 1000), true],
    ["changed exactly 30 days ago", ago(30 * DAY), false],
    ["changed 31 days ago", ago(31 * DAY), false],
    ["changed a year ago", ago(365 * DAY), false],
    ["stamped a minute ahead of this clock", ago(-60_000), true],
  ])("%s → %s", (_case, changedAt, recent) => {
    expect(bankDetailsRecentlyChanged(changedAt, now)).toBe(recent);
  });

  it("the notice lasts 30 days", () => expect(BANK_CHANGE_NOTICE_DAYS).toBe(30));
});

describe("a job's payment terms as read", () => {
  it.each<[number | null | undefined, string | null, string | null]>([
    [30, "30 days from delivery", "Paid in 30 days"],
    [1, "1 day from delivery", "Paid in 1 day"],
    [120, "120 days from delivery", "Paid in 120 days"],
    [null, null, null],
    [undefined, null, null],
  ])("%j → %j / %j", (days, fact, line) => {
    expect(paymentTermsText(days)).toBe(fact);
    expect(paidInText(days)).toBe(line);
    expect(paymentTermsFact(days)).toEqual(fact ? { label: "Payment terms", value: fact } : null);
  });
});

describe("bank details as shown", () => {
  it.each([
    ["123456", "12-34-56"],
    ["", ""],
    [null, ""],
    ["12345", "12345"],
  ])("sort code %j → %j", (stored, shown) => {
    expect(formatSortCode(stored)).toBe(shown);
  });

  it.each([
    ["31926819", "ending 6819"],
    [null, ""],
  ])("account number %j → %j", (stored, shown) => {
    expect(accountNumberEnding(stored)).toBe(shown);
  });

  it("the invoice groupings' labels", () => {
    expect(INVOICE_GROUPINGS.map((g) => [g.value, g.label])).toEqual([
      ["per_load", "One invoice per load"],
      ["weekly", "One invoice per carrier each week"],
    ]);
  });
});

describe("the bank-details-changed letter", () => {
  const change = { company: "Alpha Haulage", changedBy: "Ann Admin", changedAt: new Date("2027-03-03T14:05:00Z"), link: "https://loadline.example/account/billing" };
  it.each([
    ["new details", "ending 6819", "Payments to Alpha Haulage now go to the account ending 6819."],
    ["removed details", "", "Alpha Haulage has no bank details on Loadline now."],
  ])("%s", (_case, accountEnding, line) => {
    const letter = bankDetailsChangedLetter("Bob Admin", { ...change, accountEnding });
    expect(letter.subject).toBe("Your bank details on Loadline were changed");
    expect(BANK_DETAILS_CHANGED_SUBJECT).toBe(letter.subject);
    expect(letter.text).toContain("Hello Bob Admin,");
    expect(letter.text).toContain("changed by Ann Admin on 3 Mar 2027, 14:05 (UK time)");
    expect(letter.text).toContain(line);
    expect(letter.text).toContain("https://loadline.example/account/billing");
  });
});
