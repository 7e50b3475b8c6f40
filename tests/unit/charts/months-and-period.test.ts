import { describe, expect, it } from "vitest";
import { monthBucket, monthOfInstant, monthsBetween, monthsEndingWith, shortMonthLabel, summerTimeDays } from "#domain/charts/months.ts";
import { parsePeriod } from "#domain/charts/period.ts";

const inBucket = (month: string, instant: string) => {
  const bucket = monthBucket(month);
  const at = Date.parse(instant);
  return at >= bucket.startsAt && at < bucket.endsAt;
};

describe("month bucketing in Europe/London", () => {
  it.each([
    { why: "23:30 on 31 March, BST", instant: "2026-03-31T22:30:00Z", month: "2026-03" },
    { why: "00:30 on 1 April, BST", instant: "2026-03-31T23:30:00Z", month: "2026-04" },
    { why: "23:59 on 31 December, GMT", instant: "2025-12-31T23:59:00Z", month: "2025-12" },
    { why: "midnight on 1 January, GMT", instant: "2026-01-01T00:00:00Z", month: "2026-01" },
    { why: "23:30 on 31 October, GMT again", instant: "2026-10-31T23:30:00Z", month: "2026-10" },
    { why: "00:30 on 1 October, BST", instant: "2026-09-30T23:30:00Z", month: "2026-10" },
    { why: "midnight on 1 June, BST", instant: "2026-05-31T23:00:00Z", month: "2026-06" },
  ])("$why counts in $month", ({ instant, month }) => {
    expect(monthOfInstant(new Date(instant))).toBe(month);
    expect(inBucket(month, instant)).toBe(true);
  });

  it.each([
    { month: "2026-03", starts: "2026-03-01T00:00:00.000Z", ends: "2026-03-31T23:00:00.000Z" },
    { month: "2026-04", starts: "2026-03-31T23:00:00.000Z", ends: "2026-04-30T23:00:00.000Z" },
    { month: "2026-10", starts: "2026-09-30T23:00:00.000Z", ends: "2026-11-01T00:00:00.000Z" },
    { month: "2026-12", starts: "2026-12-01T00:00:00.000Z", ends: "2027-01-01T00:00:00.000Z" },
  ])("$month runs from $starts to $ends; its calendar days from the 1st", ({ month, starts, ends }) => {
    const bucket = monthBucket(month);
    expect([new Date(bucket.startsAt).toISOString(), new Date(bucket.endsAt).toISOString()]).toEqual([starts, ends]);
    expect(new Date(bucket.firstDay).toISOString()).toBe(`${month}-01T00:00:00.000Z`);
  });

  it.each([
    { year: 2026, after: "2026-03-29", through: "2026-10-25" },
    { year: 2025, after: "2025-03-30", through: "2025-10-26" },
    { year: 2027, after: "2027-03-28", through: "2027-10-31" },
  ])("summer time days of $year: after $after through $through", ({ year, after, through }) => {
    const days = summerTimeDays(year);
    expect([new Date(days.after).toISOString().slice(0, 10), new Date(days.through).toISOString().slice(0, 10)]).toEqual([after, through]);
  });

  it("lists months", () => {
    expect(monthsEndingWith("2026-02", 3)).toEqual(["2025-12", "2026-01", "2026-02"]);
    expect(monthsBetween("2025-11", "2026-02")).toEqual(["2025-11", "2025-12", "2026-01", "2026-02"]);
    expect(monthsBetween("2026-02", "2026-01")).toEqual([]);
    expect(shortMonthLabel("2026-09")).toBe("Sep 2026");
  });
});

describe("parsePeriod", () => {
  // 00:30 on 1 April in London: already April.
  const now = new Date("2026-03-31T23:30:00Z");
  const ok = (input: Record<string, unknown>) => {
    const result = parsePeriod(input, now);
    if (!result.ok) throw new Error(JSON.stringify(result.errors));
    return result.period;
  };

  it.each([
    { input: { period: "this_month" }, months: ["2026-04"], query: "period=this_month" },
    { input: { period: "last_3_months" }, months: ["2026-02", "2026-03", "2026-04"], query: "period=last_3_months" },
    { input: { period: "custom", from: "2026-01", to: "2026-02" }, months: ["2026-01", "2026-02"], query: "period=custom&from=2026-01&to=2026-02" },
    { input: { period: "custom", from: " 2025-12 ", to: "2025-12" }, months: ["2025-12"], query: "period=custom&from=2025-12&to=2025-12" },
  ])("$query", ({ input, months, query }) => {
    const period = ok(input);
    expect([period.months, period.query]).toEqual([months, query]);
  });

  it.each([{}, { period: "forever" }, { period: ["custom"] }, { period: { x: 1 } }, { period: "" }])("falls back to the last 12 months for %j", (input) => {
    const period = ok(input);
    expect([period.key, period.months.length, period.from, period.to, period.label]).toEqual(["last_12_months", 12, "2025-05", "2026-04", "Last 12 months"]);
  });

  it.each([
    { input: { from: "2026-1", to: "2026-02" }, errors: { from: "Enter the first month as yyyy-mm" } },
    { input: { from: "2026-00", to: "2026-13" }, errors: { from: "Enter the first month as yyyy-mm", to: "Enter the last month as yyyy-mm" } },
    { input: { from: "1999-12", to: "2000-01" }, errors: { from: "Enter the first month as yyyy-mm" } },
    { input: { from: "2026-03", to: "2026-02" }, errors: { to: "The last month cannot be before the first" } },
    { input: { from: "2024-01", to: "2026-01" }, errors: { to: "Choose at most 24 months" } },
    { input: { from: ["2026-01"], to: "2026-02" }, errors: { from: "Enter the first month as yyyy-mm" } },
  ])("refuses chosen months $input", ({ input, errors }) => {
    const result = parsePeriod({ period: "custom", ...input }, now);
    expect(result.ok).toBe(false);
    if (!result.ok) expect([result.errors, result.period.key]).toEqual([errors, "last_12_months"]);
  });

  it("takes 24 months", () => {
    expect(ok({ period: "custom", from: "2024-02", to: "2026-01" }).months).toHaveLength(24);
  });
});
