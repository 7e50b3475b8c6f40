import { describe, expect, it } from "vitest";
import { DEFAULT_PAYMENT_TERMS_DAYS, daysLate, dueDate, isOverdue, ukDate } from "#domain/invoices/dates.ts";

describe("dueDate: tax point + terms, in calendar days", () => {
  it.each([
    { taxPoint: "2027-01-31", terms: 30, due: "2027-03-02" },
    { taxPoint: "2028-01-31", terms: 30, due: "2028-03-01" }, // a leap year
    { taxPoint: "2027-12-15", terms: 30, due: "2028-01-14" }, // across the year end
    { taxPoint: "2027-03-27", terms: 1, due: "2027-03-28" }, // the day the clocks go forward
    { taxPoint: "2027-10-30", terms: 1, due: "2027-10-31" }, // the day the clocks go back
    { taxPoint: "2027-05-01", terms: 0, due: "2027-05-01" }, // payment on the invoice
    { taxPoint: "2027-05-01", terms: 60, due: "2027-06-30" },
    { taxPoint: "2027-05-01", terms: 7, due: "2027-05-08" }, // weekends count
  ])("$taxPoint + $terms days → $due", ({ taxPoint, terms, due }) => {
    expect(dueDate(taxPoint, terms)).toBe(due);
  });

  it.each([
    { taxPoint: "31/01/2027", terms: 30 },
    { taxPoint: "2027-02-30", terms: 30 },
    { taxPoint: "2027-01-31T00:00", terms: 30 },
    { taxPoint: "2027-01-31", terms: -1 },
    { taxPoint: "2027-01-31", terms: 1.5 },
  ])("refuses $taxPoint + $terms", ({ taxPoint, terms }) => {
    expect(() => dueDate(taxPoint, terms)).toThrow(RangeError);
  });

  it("the default terms are the Act's 30 days", () => {
    expect(DEFAULT_PAYMENT_TERMS_DAYS).toBe(30);
  });
});

describe("overdue from the day after the due date", () => {
  it.each([
    { today: "2027-02-01", overdue: false, late: 0 },
    { today: "2027-03-01", overdue: false, late: 0 },
    { today: "2027-03-02", overdue: false, late: 0 }, // paid on the due date is on time
    { today: "2027-03-03", overdue: true, late: 1 },
    { today: "2027-04-01", overdue: true, late: 30 },
    { today: "2028-03-02", overdue: true, late: 366 }, // across 29 February 2028
  ])("due 2027-03-02, on $today: overdue $overdue, $late days late", ({ today, overdue, late }) => {
    expect(isOverdue("2027-03-02", today)).toBe(overdue);
    expect(daysLate("2027-03-02", today)).toBe(late);
  });

  it("refuses a date it cannot read", () => {
    expect(() => daysLate("2027-03-02", "today")).toThrow(RangeError);
  });
});

describe("ukDate: the calendar day in London", () => {
  it.each([
    { instant: "2027-06-30T23:30:00Z", date: "2027-07-01" }, // 00:30 summer time
    { instant: "2027-12-31T23:30:00Z", date: "2027-12-31" }, // 23:30 GMT
    { instant: "2027-03-27T23:59:00Z", date: "2027-03-27" }, // before the clocks go forward
    { instant: "2027-03-28T23:30:00Z", date: "2027-03-29" }, // after
    { instant: "2027-10-30T23:30:00Z", date: "2027-10-31" }, // still summer time
    { instant: "2027-10-31T23:30:00Z", date: "2027-10-31" }, // GMT again
  ])("$instant → $date", ({ instant, date }) => {
    expect(ukDate(new Date(instant))).toBe(date);
  });
});
