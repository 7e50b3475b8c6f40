import { describe, expect, it } from "vitest";
import {
  CONTRACT_DURATION_MONTHS,
  contractEndDate,
  contractMonths,
  ContractMonthsInputError,
  SPECIFY_DATES_FIRST,
} from "#domain/jobs/contract-months.ts";

describe("contractMonths", () => {
  it.each([
    { duration: "six_months", count: 6, last: { month: "2027-08", label: "August 2027" } },
    { duration: "one_year", count: 12, last: { month: "2028-02", label: "February 2028" } },
    { duration: "one_year_plus_one", count: 12, last: { month: "2028-02", label: "February 2028" } },
    { duration: "two_years", count: 24, last: { month: "2029-02", label: "February 2029" } },
  ])("$duration from 14/03/2027 gives $count months ending $last.label", ({ duration, count, last }) => {
    const months = contractMonths("14/03/2027", duration);
    expect(months).toHaveLength(count);
    expect(months[0]).toEqual({ month: "2027-03", label: "March 2027" });
    expect(months.at(-1)).toEqual(last);
  });

  it("rolls over the year with British English long month names", () => {
    expect(contractMonths("31/10/2026", "six_months")).toEqual([
      { month: "2026-10", label: "October 2026" },
      { month: "2026-11", label: "November 2026" },
      { month: "2026-12", label: "December 2026" },
      { month: "2027-01", label: "January 2027" },
      { month: "2027-02", label: "February 2027" },
      { month: "2027-03", label: "March 2027" },
    ]);
  });

  it("accepts the ISO date a date input posts", () => {
    expect(contractMonths("2027-01-31", "six_months").map((row) => row.label)).toEqual([
      "January 2027", "February 2027", "March 2027", "April 2027", "May 2027", "June 2027",
    ]);
  });

  it.each([
    { startDate: "", duration: "one_year" },
    { startDate: undefined, duration: "one_year" },
    { startDate: "14/03/2027", duration: "" },
    { startDate: "14/03/2027", duration: null },
    { startDate: null, duration: null },
    { startDate: "14/03/2027", duration: "three_years" },
    { startDate: "31/02/2027", duration: "one_year" },
    { startDate: "3/4/2027", duration: "one_year" },
    { startDate: "14-03-2027", duration: "one_year" },
    { startDate: "2027/03/14", duration: "one_year" },
  ])("says '$startDate' with '$duration' needs the dates first", ({ startDate, duration }) => {
    expect(() => contractMonths(startDate, duration)).toThrow(ContractMonthsInputError);
    expect(() => contractMonths(startDate, duration)).toThrow(SPECIFY_DATES_FIRST);
  });

  it("uses the product's message and month counts", () => {
    expect(SPECIFY_DATES_FIRST).toBe("Specify start/end date first");
    expect(CONTRACT_DURATION_MONTHS).toEqual({ six_months: 6, one_year: 12, one_year_plus_one: 12, two_years: 24 });
  });
});

describe("contractEndDate", () => {
  it.each([
    { start: "14/03/2027", duration: "six_months", end: "2027-09-13" },
    { start: "2027-01-01", duration: "one_year", end: "2027-12-31" },
    { start: "2027-01-01", duration: "two_years", end: "2028-12-31" },
    { start: "", duration: "one_year", end: null },
    { start: "2027-01-01", duration: "", end: null },
  ])("$duration from $start ends $end", ({ start, duration, end }) => {
    expect(contractEndDate(start, duration)).toBe(end);
  });
});
