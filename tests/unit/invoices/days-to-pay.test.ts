import { describe, expect, it } from "vitest";
import { averageDaysToPay, daysToPayFrom, daysToPayText } from "#domain/invoices/days-to-pay.ts";

describe("days to pay: the average whole days from tax point to payment, a half day up; null when none was paid", () => {
  it.each([
    { case: "none paid", paid: [], days: null },
    { case: "paid on the day", paid: [{ taxPointDay: "2026-11-02", paidDay: "2026-11-02" }], days: 0 },
    { case: "one, 23 days", paid: [{ taxPointDay: "2026-10-01", paidDay: "2026-10-24" }], days: 23 },
    { case: "10 and 20", paid: [{ taxPointDay: "2026-10-01", paidDay: "2026-10-11" }, { taxPointDay: "2026-10-01", paidDay: "2026-10-21" }], days: 15 },
    { case: "10 and 11: 10.5 rounds up", paid: [{ taxPointDay: "2026-10-01", paidDay: "2026-10-11" }, { taxPointDay: "2026-10-01", paidDay: "2026-10-12" }], days: 11 },
    { case: "10, 10, 11: 10.33 rounds down", paid: [{ taxPointDay: "2026-10-01", paidDay: "2026-10-11" }, { taxPointDay: "2026-10-01", paidDay: "2026-10-11" }, { taxPointDay: "2026-10-01", paidDay: "2026-10-12" }], days: 10 },
    { case: "across the clocks going back (calendar days)", paid: [{ taxPointDay: "2026-10-20", paidDay: "2026-11-19" }], days: 30 },
    { case: "across a leap day", paid: [{ taxPointDay: "2028-02-01", paidDay: "2028-03-02" }], days: 30 },
    { case: "paid before the tax point counts as 0", paid: [{ taxPointDay: "2026-10-10", paidDay: "2026-10-08" }, { taxPointDay: "2026-10-01", paidDay: "2026-10-05" }], days: 2 },
  ])("$case → $days", ({ paid, days }) => {
    expect(averageDaysToPay(paid)).toBe(days);
  });

  it.each([
    { today: "2027-03-14", from: "2026-03-14" },
    { today: "2028-02-29", from: "2027-02-28" },
  ])("payments from $from count on $today", ({ today, from }) => {
    expect(daysToPayFrom(today)).toBe(from);
  });

  it.each([
    { days: null, text: null },
    { days: 0, text: "Pays on the day on average" },
    { days: 1, text: "Pays in 1 day on average" },
    { days: 23, text: "Pays in 23 days on average" },
  ])("$days → $text", ({ days, text }) => {
    expect(daysToPayText(days)).toBe(text);
  });
});
