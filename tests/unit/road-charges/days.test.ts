import { describe, expect, it } from "vitest";
import { daysSpanned, journeyClock, ukDay, ukHour } from "#domain/road-charges/days.ts";
import { zoneDays } from "#domain/road-charges/visits.ts";
import { ZONES, type LatLngPoint } from "#domain/road-charges/zones.ts";

const at = (iso: string) => Date.parse(iso);
const BRISTOL = ZONES.find((zone) => zone.id === "bristol_caz")!;
const INSIDE_BRISTOL: LatLngPoint = [51.4545, -2.5879];
const LEEDS: LatLngPoint = [53.7965, -1.5479];
const BATH: LatLngPoint = [51.3811, -2.359];

describe("UK days and hours", () => {
  it.each([
    ["a winter evening is the same day", "2026-12-01T23:30:00Z", "2026-12-01", 23],
    ["a summer evening after 23:00 UTC is the next day in BST", "2026-07-01T23:30:00Z", "2026-07-02", 0],
    ["the spring clock change", "2026-03-29T00:59:00Z", "2026-03-29", 0],
    ["after the spring clock change", "2026-03-29T01:00:00Z", "2026-03-29", 2],
  ])("%s", (_case, instant, day, hour) => {
    expect(ukDay(at(instant))).toBe(day);
    expect(ukHour(at(instant))).toBe(hour);
  });

  it.each([
    ["within one day", "2026-12-01T08:00:00Z", "2026-12-01T17:00:00Z", ["2026-12-01"]],
    ["across midnight", "2026-12-01T23:30:00Z", "2026-12-02T00:30:00Z", ["2026-12-01", "2026-12-02"]],
    ["across midnight UK time in summer (23:30 UTC is already the next day)", "2026-07-01T22:30:00Z", "2026-07-01T23:30:00Z", ["2026-07-01", "2026-07-02"]],
    ["a three-day load", "2026-12-01T06:00:00Z", "2026-12-03T10:00:00Z", ["2026-12-01", "2026-12-02", "2026-12-03"]],
    ["over a month's end", "2026-01-31T12:00:00Z", "2026-02-01T12:00:00Z", ["2026-01-31", "2026-02-01"]],
  ])("days spanned %s", (_case, from, to, days) => {
    expect(daysSpanned(at(from), at(to))).toEqual(days);
  });
});

describe("the journey's clock", () => {
  it("spreads the time evenly over the miles", () => {
    const clock = journeyClock({ path: [[0, 0], [0, 1], [0, 3]], startMs: 0, endMs: 3_000 });
    expect([clock(0, 0), clock(0, 1), clock(1, 0.5), clock(1, 1)].map(Math.round)).toEqual([0, 1_000, 2_000, 3_000]);
  });
});

describe("days in a zone", () => {
  it.each([
    ["delivering into Bristol the same day", [LEEDS, INSIDE_BRISTOL], "2026-12-01T07:00:00Z", "2026-12-01T15:00:00Z", ["2026-12-01"]],
    ["a Bristol delivery after midnight pays the delivery day only", [LEEDS, INSIDE_BRISTOL], "2026-12-01T20:00:00Z", "2026-12-02T02:00:00Z", ["2026-12-02"]],
    ["collecting in Bristol just before midnight and leaving at once pays the collection day only", [INSIDE_BRISTOL, [51.4545, -2.5879 + 0.0001], LEEDS], "2026-12-01T23:50:00Z", "2026-12-02T06:00:00Z", ["2026-12-01"]],
    ["a load held in Bristol over two nights pays three days", [INSIDE_BRISTOL, [51.455, -2.59]], "2026-12-01T09:00:00Z", "2026-12-03T09:00:00Z", ["2026-12-01", "2026-12-02", "2026-12-03"]],
    ["Leeds to Bath never enters Bristol", [LEEDS, BATH], "2026-12-01T07:00:00Z", "2026-12-01T15:00:00Z", []],
  ] as const)("%s", (_case, path, from, to, days) => {
    expect(zoneDays({ path, startMs: at(from), endMs: at(to) }, BRISTOL)).toEqual(days);
  });
});
