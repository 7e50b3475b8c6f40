import { describe, expect, it } from "vitest";
import { addDays, addMonths, dayOfWeek, daysBetween, daysInMonth, monthOf } from "#domain/format/calendar.ts";

describe("calendar arithmetic", () => {
  it.each([
    { year: 2027, month: 2, days: 28 },
    { year: 2028, month: 2, days: 29 },
    { year: 2100, month: 2, days: 28 },
    { year: 2000, month: 2, days: 29 },
    { year: 2027, month: 4, days: 30 },
    { year: 2027, month: 12, days: 31 },
  ])("$year-$month has $days days", ({ year, month, days }) => {
    expect(daysInMonth(year, month)).toBe(days);
  });

  it.each([
    { date: "2027-12-31", days: 1, result: "2028-01-01" },
    { date: "2028-02-28", days: 1, result: "2028-02-29" },
    { date: "2027-03-01", days: -1, result: "2027-02-28" },
    { date: "2027-03-27", days: 2, result: "2027-03-29" },
  ])("$date + $days days = $result", ({ date, days, result }) => {
    expect(addDays(date, days)).toBe(result);
  });

  it.each([
    { date: "2027-01-31", months: 1, result: "2027-02-28" },
    { date: "2028-01-31", months: 1, result: "2028-02-29" },
    { date: "2027-11-15", months: 3, result: "2028-02-15" },
    { date: "2027-03-31", months: -1, result: "2027-02-28" },
    { date: "2027-01-15", months: -1, result: "2026-12-15" },
    { date: "2027-01-15", months: 24, result: "2029-01-15" },
  ])("$date + $months months = $result", ({ date, months, result }) => {
    expect(addMonths(date, months)).toBe(result);
  });

  it("knows weekdays, months and distances", () => {
    expect(dayOfWeek("2027-03-06")).toBe(6);
    expect(dayOfWeek("2027-03-07")).toBe(0);
    expect(monthOf("2027-03-14")).toBe("2027-03");
    expect(daysBetween("2027-03-01", "2027-04-01")).toBe(31);
  });
});
