import { describe, expect, it } from "vitest";
import {
  formatDate, formatDateTime, formatLongDate, formatMonthYear, formatTime, toDateInputValue, toDateTimeLocalValue, zonedDateTimeToUtc,
} from "#domain/format/dates.ts";

describe("formatting in Europe/London", () => {
  it.each([
    { why: "winter (GMT)", instant: "2027-01-15T14:05:00Z", date: "15 Jan 2027", time: "14:05" },
    { why: "summer (BST, an hour ahead)", instant: "2027-07-15T14:05:00Z", date: "15 Jul 2027", time: "15:05" },
    { why: "late evening UTC in summer is the next day in London", instant: "2027-06-30T23:30:00Z", date: "1 Jul 2027", time: "00:30" },
    { why: "September is 'Sep' everywhere", instant: "2027-09-03T08:00:00Z", date: "3 Sep 2027", time: "09:00" },
  ])("$why", ({ instant, date, time }) => {
    expect(formatDate(new Date(instant))).toBe(date);
    expect(formatTime(instant)).toBe(time);
    expect(formatDateTime(Date.parse(instant))).toBe(`${date}, ${time}`);
  });

  it("formats a bare yyyy-mm-dd as that calendar day, whatever the zone", () => {
    expect(formatDate("2027-03-03")).toBe("3 Mar 2027");
    expect(formatDate("2027-03-03", "America/Los_Angeles")).toBe("3 Mar 2027");
    expect(formatLongDate("2027-03-03")).toBe("3 March 2027");
  });

  it("answers an empty string for missing or unreadable values", () => {
    expect(formatDate(null)).toBe("");
    expect(formatDate(undefined)).toBe("");
    expect(formatDate("not a date")).toBe("");
    expect(formatDateTime("not a date")).toBe("");
  });

  it("can format in another time zone", () => {
    expect(formatTime("2027-01-15T14:05:00Z", "Europe/Warsaw")).toBe("15:05");
  });
});

describe("formatMonthYear", () => {
  it.each([
    { month: "2027-01", label: "January 2027" },
    { month: "2027-09", label: "September 2027" },
    { month: "2028-12", label: "December 2028" },
    { month: "2028-13", label: "" },
    { month: "", label: "" },
  ])("$month → '$label'", ({ month, label }) => {
    expect(formatMonthYear(month)).toBe(label);
  });
});

describe("input values and wall-clock times", () => {
  it.each([
    { local: "2027-01-15T09:30", utc: "2027-01-15T09:30:00.000Z", why: "GMT" },
    { local: "2027-07-15T09:30", utc: "2027-07-15T08:30:00.000Z", why: "BST" },
    { local: "2027-03-28T00:30", utc: "2027-03-28T00:30:00.000Z", why: "just before the spring change" },
    { local: "2027-03-28T01:30", utc: "2027-03-28T01:30:00.000Z", why: "a skipped spring time reads as the hour after (02:30 BST)" },
    { local: "2027-03-28T03:00", utc: "2027-03-28T02:00:00.000Z", why: "just after the spring change" },
    { local: "2027-10-31T01:30", utc: "2027-10-31T01:30:00.000Z", why: "a repeated autumn time reads as the GMT one" },
  ])("$local in London is $utc ($why)", ({ local, utc }) => {
    expect(zonedDateTimeToUtc(local)?.toISOString()).toBe(utc);
  });

  it("reads wall-clock times in other zones", () => {
    expect(zonedDateTimeToUtc("2027-01-15T09:30", "Europe/Warsaw")?.toISOString()).toBe("2027-01-15T08:30:00.000Z");
    expect(zonedDateTimeToUtc("2027-01-15T09:30", "America/New_York")?.toISOString()).toBe("2027-01-15T14:30:00.000Z");
  });

  it("refuses unreadable wall-clock times", () => {
    expect(zonedDateTimeToUtc("2027-02-30T09:30")).toBeNull();
  });

  it.each([
    { instant: "2027-07-15T23:30:00Z", date: "2027-07-16", local: "2027-07-16T00:30" },
    { instant: "2027-01-15T23:30:00Z", date: "2027-01-15", local: "2027-01-15T23:30" },
  ])("fills form inputs for $instant", ({ instant, date, local }) => {
    expect(toDateInputValue(new Date(instant))).toBe(date);
    expect(toDateTimeLocalValue(new Date(instant))).toBe(local);
    expect(zonedDateTimeToUtc(toDateTimeLocalValue(new Date(instant)))?.toISOString()).toBe(new Date(instant).toISOString());
  });
});
