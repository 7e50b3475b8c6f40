import { describe, expect, it } from "vitest";
import { expectedQuantity, loadsPerOccurrence, MAX_OCCURRENCES, occurrences } from "#domain/jobs/schedule.ts";

describe("occurrences", () => {
  it.each([
    { why: "daily, inclusive of both ends", start: "2027-03-01", end: "2027-03-04", frequency: "daily", days: ["2027-03-01", "2027-03-02", "2027-03-03", "2027-03-04"] },
    { why: "daily, one day", start: "2027-03-01", end: "2027-03-01", frequency: "daily", days: ["2027-03-01"] },
    { why: "weekdays skip Saturday and Sunday", start: "2027-03-05", end: "2027-03-09", frequency: "weekdays", days: ["2027-03-05", "2027-03-08", "2027-03-09"] },
    { why: "weekdays over a weekend only", start: "2027-03-06", end: "2027-03-07", frequency: "weekdays", days: [] },
    { why: "weekly keeps the start's weekday", start: "2027-03-01", end: "2027-03-29", frequency: "weekly", days: ["2027-03-01", "2027-03-08", "2027-03-15", "2027-03-22", "2027-03-29"] },
    { why: "fortnightly", start: "2027-03-01", end: "2027-03-28", frequency: "fortnightly", days: ["2027-03-01", "2027-03-15"] },
    { why: "monthly on a short month's last day", start: "2027-01-31", end: "2027-05-31", frequency: "monthly", days: ["2027-01-31", "2027-02-28", "2027-03-31", "2027-04-30", "2027-05-31"] },
    { why: "monthly in a leap year", start: "2028-01-30", end: "2028-03-30", frequency: "monthly", days: ["2028-01-30", "2028-02-29", "2028-03-30"] },
    { why: "across the new year", start: "2026-12-30", end: "2027-01-02", frequency: "daily", days: ["2026-12-30", "2026-12-31", "2027-01-01", "2027-01-02"] },
    { why: "across the spring clock change", start: "2027-03-27", end: "2027-03-29", frequency: "daily", days: ["2027-03-27", "2027-03-28", "2027-03-29"] },
    { why: "dd/mm/yyyy dates", start: "01/03/2027", end: "15/03/2027", frequency: "weekly", days: ["2027-03-01", "2027-03-08", "2027-03-15"] },
    { why: "end before start", start: "2027-03-10", end: "2027-03-01", frequency: "daily", days: [] },
    { why: "unknown frequency", start: "2027-03-01", end: "2027-03-10", frequency: "hourly", days: [] },
    { why: "inherited property name as frequency", start: "2027-03-01", end: "2027-03-10", frequency: "constructor", days: [] },
    { why: "unreadable date", start: "2027-02-30", end: "2027-03-10", frequency: "daily", days: [] },
  ])("$why", ({ start, end, frequency, days }) => {
    expect(occurrences(start, end, frequency)).toEqual(days);
  });

  it(`stops at ${MAX_OCCURRENCES} occurrences, or at a lower limit`, () => {
    expect(occurrences("2027-01-01", "2099-12-31", "daily")).toHaveLength(MAX_OCCURRENCES);
    expect(occurrences("2027-01-01", "2099-12-31", "weekdays", 501)).toHaveLength(501);
    expect(occurrences("2027-01-01", "2027-12-31", "daily", 3)).toEqual(["2027-01-01", "2027-01-02", "2027-01-03"]);
  });
});

describe("expectedQuantity", () => {
  it.each([
    { why: "single, number of loads blank", job: { jobType: "single" }, quantity: 1 },
    { why: "single, number of loads 0", job: { jobType: "single", numberOfLoads: 0 }, quantity: 1 },
    { why: "single, 4 loads", job: { jobType: "single", numberOfLoads: 4 }, quantity: 4 },
    { why: "multi, one load per weekday", job: { jobType: "multi", startDate: "2027-03-01", endDate: "2027-03-12", frequency: "weekdays" }, quantity: 10 },
    { why: "multi, 3 loads per weekly occurrence", job: { jobType: "multi", numberOfLoads: 3, startDate: "2027-03-01", endDate: "2027-03-29", frequency: "weekly" }, quantity: 15 },
    { why: "multi without dates", job: { jobType: "multi", frequency: "weekly" }, quantity: 0 },
    { why: "contract, sum of estimates", job: { jobType: "contract", numberOfLoads: 99, loadEstimates: [{ numberOfLoads: 4 }, { numberOfLoads: 0 }, { numberOfLoads: 7 }] }, quantity: 11 },
    { why: "contract without estimates", job: { jobType: "contract" }, quantity: 0 },
  ])("$why → $quantity", ({ job, quantity }) => {
    expect(expectedQuantity(job)).toBe(quantity);
  });

  it.each([
    { input: null, loads: 1 },
    { input: 0, loads: 1 },
    { input: 1, loads: 1 },
    { input: 6, loads: 6 },
  ])("loadsPerOccurrence($input) = $loads", ({ input, loads }) => {
    expect(loadsPerOccurrence(input)).toBe(loads);
  });
});
