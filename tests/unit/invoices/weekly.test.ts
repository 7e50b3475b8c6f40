import { describe, expect, it } from "vitest";
import { groupsWeekly, latestDelivery, ukWeekOf, weekInstants } from "#domain/invoices/weekly.ts";

// Weekly grouping: the ISO week (Monday to Sunday) of a delivery's UK day, the instants it runs
// between, and the tax point of a week's invoice (its latest delivery).

describe("the UK week of a delivery", () => {
  it.each([
    { at: "2026-11-23T09:00:00Z", monday: "2026-11-23", sunday: "2026-11-29" }, // a Monday
    { at: "2026-11-29T23:59:00Z", monday: "2026-11-23", sunday: "2026-11-29" }, // Sunday night in winter (GMT)
    { at: "2026-11-30T00:00:00Z", monday: "2026-11-30", sunday: "2026-12-06" },
    { at: "2027-06-27T23:30:00Z", monday: "2027-06-28", sunday: "2027-07-04" }, // Sunday 23:30 UTC is Monday 00:30 in London (summer time)
    { at: "2027-06-27T22:59:00Z", monday: "2027-06-21", sunday: "2027-06-27" }, // 23:59 on Sunday in London
    { at: "2026-12-31T12:00:00Z", monday: "2026-12-28", sunday: "2027-01-03" }, // a week across the new year
    { at: "2028-02-29T12:00:00Z", monday: "2028-02-28", sunday: "2028-03-05" }, // a leap day
  ])("$at → $monday to $sunday", ({ at, monday, sunday }) => {
    expect(ukWeekOf(new Date(at))).toEqual({ monday, sunday });
  });
});

describe("the instants a week runs between: UK midnight to UK midnight", () => {
  it.each([
    { monday: "2026-11-23", sunday: "2026-11-29", from: "2026-11-23T00:00:00.000Z", before: "2026-11-30T00:00:00.000Z" },
    { monday: "2027-06-21", sunday: "2027-06-27", from: "2027-06-20T23:00:00.000Z", before: "2027-06-27T23:00:00.000Z" }, // summer time
    { monday: "2027-03-22", sunday: "2027-03-28", from: "2027-03-22T00:00:00.000Z", before: "2027-03-28T23:00:00.000Z" }, // the clocks go forward on its Sunday
  ])("$monday → from $from, before $before", ({ monday, sunday, from, before }) => {
    const instants = weekInstants({ monday, sunday });
    expect([instants.from.toISOString(), instants.before.toISOString()]).toEqual([from, before]);
  });
});

describe("a week's invoice", () => {
  it("has the latest delivery as its tax point", () => {
    const deliveries = ["2026-11-24T14:05:00Z", "2026-11-27T09:00:00Z", "2026-11-23T08:00:00Z"].map((at) => new Date(at));
    expect(latestDelivery(deliveries).toISOString()).toBe("2026-11-27T09:00:00.000Z");
    expect(() => latestDelivery([])).toThrow(RangeError);
  });

  it.each([
    { grouping: "weekly", weekly: true },
    { grouping: "per_load", weekly: false },
    { grouping: "", weekly: false },
    { grouping: null, weekly: false },
    { grouping: "WEEKLY", weekly: false },
  ])("the shipper's setting $grouping groups weekly: $weekly", ({ grouping, weekly }) => {
    expect(groupsWeekly(grouping)).toBe(weekly);
  });
});
