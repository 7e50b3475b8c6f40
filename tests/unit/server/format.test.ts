import { describe, expect, it } from "vitest";
import { formatDate, formatDateTime } from "#domain/format/dates.ts";
import * as viewFormat from "#lib/format.server.ts";
import { date, dateTime, money } from "#lib/format.server.ts";
import { count } from "#domain/format/count.ts";

// Views and browser code share one set of formatters, so a date reads the same wherever it is shown.
describe("view formatters", () => {
  it.each(["2027-09-03T08:00:00Z", "2027-03-28T00:30:00Z", "2026-12-31T23:59:00Z"])("date and time of %s match the browser's", (iso) => {
    const instant = new Date(iso);
    expect(date(instant)).toBe(formatDate(instant));
    expect(dateTime(instant)).toBe(formatDateTime(instant));
  });

  it("writes September as Sep, in London time", () => {
    expect(dateTime(new Date("2027-09-03T08:00:00Z"))).toBe("3 Sep 2027, 09:00");
  });

  it("shows a dash for a missing value", () => {
    expect([date(null), dateTime(undefined), money(null)]).toEqual(["—", "—", "—"]);
  });

  it("counts with the one count helper", () => {
    expect(viewFormat.count).toBe(count);
    expect(Object.keys(viewFormat)).not.toContain("pluralize");
  });
});
