import { describe, expect, it } from "vitest";
import { arrivalAt, collectionDays, endOfUkDay, milesToCollection, PLANNING_MPH, reachable } from "#domain/availability/reach.ts";
import { MILES_PER_DEGREE_LATITUDE } from "#domain/return-loads/geometry.ts";

const p = (latitude: number, longitude: number) => ({ latitude, longitude });
// Due north, 90 planning-miles long: two hours at 45 mph.
const from = p(52, -1);
const to = p(52 + 90 / MILES_PER_DEGREE_LATITUDE, -1);
const milesNorth = (miles: number) => p(52 + miles / MILES_PER_DEGREE_LATITUDE, -1);
const journey = (availableFrom: string, availableUntil: string) => ({ from, to, availableFrom: new Date(availableFrom), availableUntil: new Date(availableUntil) });
const day = (iso: string) => new Date(`${iso}T00:00:00Z`);

describe("milesToCollection and arrivalAt: along the route, then off it, at 45 mph", () => {
  it("45 miles along is an hour; 45 along and 45 off is two", () => {
    expect(PLANNING_MPH).toBe(45);
    expect(milesToCollection({ from, to }, milesNorth(45))).toBeCloseTo(45, 1);
    const j = journey("2027-01-11T08:00:00Z", "2027-01-12T08:00:00Z");
    expect(arrivalAt(j, milesNorth(45)).toISOString()).toBe("2027-01-11T09:00:00.000Z");
    const offToTheSide = p(52 + 45 / MILES_PER_DEGREE_LATITUDE, -1 + 45 / (MILES_PER_DEGREE_LATITUDE * Math.cos((52.33 * Math.PI) / 180)));
    expect(Math.abs(arrivalAt(j, offToTheSide).getTime() - Date.parse("2027-01-11T10:00:00Z"))).toBeLessThan(3 * 60_000);
  });
});

describe("reachable: arriving before the collection day ends, the day not after the arrival day", () => {
  it.each([
    // Winter (GMT): the UK day ends at midnight UTC.
    ["free at 08:00, 45 miles on, same day", "2027-01-11T08:00:00Z", "2027-01-12T08:00:00Z", 45, "2027-01-11", true],
    ["free at 22:59, an hour away: arrives 23:59", "2027-01-11T22:59:00Z", "2027-01-12T08:00:00Z", 45, "2027-01-11", true],
    ["free at 23:00, an hour away: arrives at midnight, too late", "2027-01-11T23:00:00Z", "2027-01-12T08:00:00Z", 45, "2027-01-11", false],
    ["the same place the next day", "2027-01-11T23:00:00Z", "2027-01-12T08:00:00Z", 45, "2027-01-12", true],
    ["a day before the vehicle is free", "2027-01-11T08:00:00Z", "2027-01-13T08:00:00Z", 0, "2027-01-10", false],
    ["the arrival day itself", "2027-01-11T08:00:00Z", "2027-01-13T08:00:00Z", 45, "2027-01-13", true],
    ["the day after the arrival day", "2027-01-11T08:00:00Z", "2027-01-13T08:00:00Z", 45, "2027-01-14", false],
    // Summer (BST): the UK day ends at 23:00 UTC.
    ["BST: arriving 22:59 UTC is 23:59 in the UK", "2027-06-07T21:59:00Z", "2027-06-08T08:00:00Z", 45, "2027-06-07", true],
    ["BST: arriving 23:00 UTC is midnight in the UK", "2027-06-07T22:00:00Z", "2027-06-08T08:00:00Z", 45, "2027-06-07", false],
    ["BST: arriving by 00:30 BST on the 8th, the day the arrival is due", "2027-06-07T22:30:00Z", "2027-06-07T23:30:00Z", 0, "2027-06-08", true],
  ])("%s", (_name, free, until, miles, collection, expected) => {
    expect(reachable(journey(free, until), milesNorth(miles), day(collection))).toBe(expected);
  });
});

describe("endOfUkDay and collectionDays", () => {
  it.each([
    ["2027-01-11", "2027-01-12T00:00:00.000Z"],
    ["2027-06-07", "2027-06-07T23:00:00.000Z"],
    ["2027-03-27", "2027-03-28T00:00:00.000Z"], // the clocks go forward at 01:00 on the 28th
    ["2027-10-30", "2027-10-30T23:00:00.000Z"], // and back on the 31st
  ])("the UK day %s ends at %s", (dayText, end) => {
    expect(endOfUkDay(dayText).toISOString()).toBe(end);
  });

  it("reads the stored days from the UK day the vehicle is free to the UK day it must arrive", () => {
    const days = collectionDays({ availableFrom: new Date("2027-06-06T23:30:00Z"), availableUntil: new Date("2027-06-08T22:30:00Z") });
    expect(days.from.toISOString()).toBe("2027-06-07T00:00:00.000Z"); // 00:30 BST on the 7th
    expect(days.before.toISOString()).toBe("2027-06-09T00:00:00.000Z"); // 23:30 BST on the 8th
  });
});
