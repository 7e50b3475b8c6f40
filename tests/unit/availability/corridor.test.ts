import { describe, expect, it } from "vitest";
import { CORRIDOR_MILES, boxesOverlap, corridorBox, detourMiles, inCorridor, offRoute } from "#domain/availability/corridor.ts";
import { MILES_PER_DEGREE_LATITUDE } from "#domain/return-loads/geometry.ts";

const p = (latitude: number, longitude: number) => ({ latitude, longitude });
const BRISTOL = p(51.45523, -2.59665);
const LEEDS = p(53.79648, -1.54785);
const route = { from: BRISTOL, to: LEEDS };
/** Due north along a meridian: a degree of latitude is MILES_PER_DEGREE_LATITUDE miles everywhere. */
const north = { from: p(52, -1), to: p(53, -1) };
const milesEast = (miles: number, latitude: number) => miles / (MILES_PER_DEGREE_LATITUDE * Math.cos((latitude * Math.PI) / 180));

describe("offRoute: miles off the straight route and along it", () => {
  it.each([
    ["on the route, half way", p(52.5, -1), 0, MILES_PER_DEGREE_LATITUDE / 2],
    ["10 miles east of half way", p(52.5, -1 + milesEast(10, 52.5)), 10, MILES_PER_DEGREE_LATITUDE / 2],
    ["10 miles west of the start", p(52, -1 - milesEast(10, 52)), 10, 0],
    ["before the start: measured to the start", p(51.9, -1), MILES_PER_DEGREE_LATITUDE / 10, 0],
    ["beyond the end: measured to the end", p(53.2, -1), MILES_PER_DEGREE_LATITUDE / 5, MILES_PER_DEGREE_LATITUDE],
  ])("%s", (_name, place, off, along) => {
    const measured = offRoute(north, place);
    expect(measured.offMiles).toBeCloseTo(off, 0);
    expect(measured.alongMiles).toBeCloseTo(along, 0);
  });

  it("a journey from a place to itself measures to that place", () => {
    expect(offRoute({ from: BRISTOL, to: BRISTOL }, p(51.45523 + 0.1, -2.59665)).offMiles).toBeCloseTo(MILES_PER_DEGREE_LATITUDE / 10, 1);
  });
});

describe("inCorridor: within 15 miles of the route, edge included", () => {
  it.each([
    ["Gloucester", route, p(51.8642, -2.2382), true],
    ["Birmingham", route, p(52.4814, -1.8998), true],
    ["Sheffield", route, p(53.383, -1.4659), true],
    ["Manchester, 23 miles off", route, p(53.4808, -2.2426), false],
    ["London", route, p(51.5072, -0.1276), false],
    ["14.9 miles east of a route due north", north, p(52.5, -1 + milesEast(14.9, 52.5)), true],
    ["15.1 miles east of it", north, p(52.5, -1 + milesEast(15.1, 52.5)), false],
    ["14.9 miles past its end", north, p(53 + 14.9 / MILES_PER_DEGREE_LATITUDE, -1), true],
    ["15.1 miles past its end", north, p(53 + 15.1 / MILES_PER_DEGREE_LATITUDE, -1), false],
  ])("%s", (_name, segment, place, inside) => {
    expect(inCorridor(segment, place)).toBe(inside);
  });
});

describe("corridorBox: the route's box widened by the corridor", () => {
  it("holds every place in the corridor, and the far side of the route's ends", () => {
    const box = corridorBox(route);
    expect(box.minLatitude).toBeCloseTo(BRISTOL.latitude - CORRIDOR_MILES / MILES_PER_DEGREE_LATITUDE, 6);
    expect(box.maxLatitude).toBeCloseTo(LEEDS.latitude + CORRIDOR_MILES / MILES_PER_DEGREE_LATITUDE, 6);
    expect(box.minLongitude).toBeLessThan(BRISTOL.longitude - milesEast(15, 51.46) + 1e-9);
    expect(box.maxLongitude).toBeGreaterThan(LEEDS.longitude + milesEast(15, 53.8) - 1e-9);
  });

  it.each([
    ["overlapping", { minLatitude: 0, maxLatitude: 2, minLongitude: 0, maxLongitude: 2 }, true],
    ["touching at an edge", { minLatitude: 2, maxLatitude: 3, minLongitude: 0, maxLongitude: 1 }, true],
    ["apart in latitude", { minLatitude: 2.01, maxLatitude: 3, minLongitude: 0, maxLongitude: 1 }, false],
    ["apart in longitude", { minLatitude: 0, maxLatitude: 1, minLongitude: -3, maxLongitude: -0.01 }, false],
  ])("boxes %s: %s", (_name, other, overlap) => {
    expect(boxesOverlap({ minLatitude: 1, maxLatitude: 2, minLongitude: 0, maxLongitude: 1 }, other)).toBe(overlap);
  });
});

describe("detourMiles: from → collection → to, less from → to", () => {
  it.each([
    ["on the route", p(52.5, -1), 0],
    ["at the start", p(52, -1), 0],
    ["10 miles to the side of half way", p(52.5, -1 + milesEast(10, 52.5)), 2 * Math.hypot(10, MILES_PER_DEGREE_LATITUDE / 2) - MILES_PER_DEGREE_LATITUDE],
  ])("%s", (_name, place, miles) => {
    expect(detourMiles(north, place)).toBeCloseTo(miles, 0);
  });
});
