import { describe, expect, it } from "vitest";
import { journeyTimes, type TimedPlace } from "#domain/road-charges/journey.ts";
import { RoadChargesQuerySchema } from "#domain/road-charges/query.ts";

const NOW = Date.parse("2026-12-10T12:00:00Z");
let id = 0;
const stop = (kind: string, day: string | null, windowFrom: string | null = null, windowTo: string | null = null): TimedPlace =>
  ({ id: ++id, kind, position: 0, windowDate: day ? new Date(`${day}T00:00:00Z`) : null, windowFrom, windowTo });
const iso = (ms: number) => new Date(ms).toISOString();

describe("a job's journey times", () => {
  it.each([
    ["collection opens, delivery closes (winter: UK time is UTC)", [stop("pickup", "2027-01-05", "07:00", "09:00"), stop("delivery", "2027-01-06", "13:00", "15:00")], "Europe/London", ["2027-01-05T07:00:00.000Z", "2027-01-06T15:00:00.000Z", true]],
    ["summer: UK time is an hour ahead of UTC", [stop("pickup", "2027-07-05", "07:00"), stop("delivery", "2027-07-05", "15:00")], "Europe/London", ["2027-07-05T06:00:00.000Z", "2027-07-05T14:00:00.000Z", true]],
    ["no times: a working day's start and end", [stop("pickup", "2027-01-05"), stop("delivery", "2027-01-05")], "Europe/London", ["2027-01-05T08:00:00.000Z", "2027-01-05T17:00:00.000Z", true]],
    ["no delivery day: the collection's", [stop("pickup", "2027-01-05", "10:00"), stop("delivery", null)], "Europe/London", ["2027-01-05T10:00:00.000Z", "2027-01-05T17:00:00.000Z", true]],
    ["a delivery window closing before collection opens ends at collection", [stop("pickup", "2027-01-05", "18:00"), stop("delivery", "2027-01-05", "06:00", "07:00")], "Europe/London", ["2027-01-05T18:00:00.000Z", "2027-01-05T18:00:00.000Z", true]],
    ["an unreadable time is taken as the usual one", [stop("pickup", "2027-01-05", "7am"), stop("delivery", "2027-01-05", "25:99")], "Europe/London", ["2027-01-05T08:00:00.000Z", "2027-01-05T17:00:00.000Z", true]],
    ["no days at all: today, and says so", [stop("pickup", null), stop("delivery", null)], "Europe/London", ["2026-12-10T08:00:00.000Z", "2026-12-10T17:00:00.000Z", false]],
    ["a time zone the clock does not know is read as UK time", [stop("pickup", "2027-07-05", "07:00"), stop("delivery", "2027-07-05", "15:00")], "Mars/Olympus", ["2027-07-05T06:00:00.000Z", "2027-07-05T14:00:00.000Z", true]],
    ["another time zone's clock", [stop("pickup", "2027-01-05", "07:00"), stop("delivery", "2027-01-05", "15:00")], "Europe/Paris", ["2027-01-05T06:00:00.000Z", "2027-01-05T14:00:00.000Z", true]],
    ["a delivery years after the collection is capped at 31 days", [stop("pickup", "2027-01-05", "07:00"), stop("delivery", "2099-01-05", "15:00")], "Europe/London", ["2027-01-05T07:00:00.000Z", "2027-02-05T07:00:00.000Z", true]],
    ["deliveries listed first still start at the collection", [stop("delivery", "2027-01-06", "12:00"), stop("pickup", "2027-01-05", "09:00")], "Europe/London", ["2027-01-05T09:00:00.000Z", "2027-01-06T12:00:00.000Z", true]],
  ])("%s", (_case, places, timeZone, [start, end, known]) => {
    const times = journeyTimes(places, timeZone, NOW);
    expect([iso(times.startMs), iso(times.endMs), times.datesKnown]).toEqual([start, end, known]);
  });
});

describe("the API's query", () => {
  it.each([
    [{ job_id: "12", vehicle_id: "3" }, { job_id: 12, vehicle_id: 3 }],
    [{ job_id: "999999999999999", vehicle_id: "1" }, { job_id: 999_999_999_999_999, vehicle_id: 1 }],
  ])("reads %j", (query, data) => {
    expect(RoadChargesQuerySchema.parse(query)).toEqual(data);
  });

  it.each([
    [{}, "job_id"], [{ job_id: "01", vehicle_id: "1" }, "job_id"], [{ job_id: "-1", vehicle_id: "1" }, "job_id"],
    [{ job_id: ["1"], vehicle_id: "1" }, "job_id"], [{ job_id: "1", vehicle_id: "x" }, "vehicle_id"], [{ job_id: "1", vehicle_id: "" }, "vehicle_id"],
  ])("refuses %j at %s", (query, field) => {
    const parsed = RoadChargesQuerySchema.safeParse(query);
    expect(parsed.success ? null : parsed.error.issues[0]!.path[0]).toBe(field);
  });
});
