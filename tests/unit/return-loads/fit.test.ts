import { describe, expect, it } from "vitest";
import { returnLoadFit, towardsBase } from "#domain/return-loads/fit.ts";
import { inWindow, returnWindow } from "#domain/return-loads/window.ts";

const p = (latitude: number, longitude: number) => ({ latitude, longitude });
const AVONMOUTH = p(51.505, -2.676);
const NEWPORT = p(51.5842, -2.9977);
const BATH = p(51.3811, -2.359);
const GLOUCESTER = p(51.8642, -2.2382);
const LEEDS = p(53.8008, -1.5491);
const CARDIFF = p(51.4816, -3.1791);
const PLYMOUTH = p(50.3755, -4.1427);
const WESTON = p(51.3461, -2.977);

describe("towards base", () => {
  it.each([
    ["a Leeds lorry taking a load from Bath to Gloucester goes home-wards", AVONMOUTH, GLOUCESTER, LEEDS, 25, true],
    ["a Leeds lorry taking a load to Plymouth goes away from home", AVONMOUTH, PLYMOUTH, LEEDS, 25, false],
    ["a Leeds lorry taking a load to Cardiff goes sideways and further", AVONMOUTH, CARDIFF, LEEDS, 25, false],
    ["a Newport lorry taking a load to Cardiff ends nearer home", AVONMOUTH, CARDIFF, NEWPORT, 25, true],
    // Weston-super-Mare is 16.5 miles from Newport, Avonmouth 14.9: further, but within 25 miles of the base.
    ["a Newport lorry taking a load to Weston-super-Mare: within the radius of the base", AVONMOUTH, WESTON, NEWPORT, 25, true],
    ["the same with a 5-mile radius: not towards base", AVONMOUTH, WESTON, NEWPORT, 5, false],
  ])("%s", (_name, emptyAt, delivery, base, radius, expected) => {
    expect(towardsBase(emptyAt, delivery, base, radius)).toBe(expected);
  });
});

describe("a return load's figures", () => {
  it.each([
    // D→B 165.5, D→C 16.1: saves 149; C→E Bath–Gloucester 34.
    ["Bath to Gloucester for a Leeds lorry", BATH, GLOUCESTER, LEEDS, { milesAway: 16, emptyMilesSaved: 149, loadedMilesAdded: 34, towardsBase: true }],
    // D→B 14.9, D→C 16.1: the collection is further than home.
    ["Bath to Plymouth for a Newport lorry", BATH, PLYMOUTH, NEWPORT, { milesAway: 16, emptyMilesSaved: -1, loadedMilesAdded: 104, towardsBase: false }],
    ["no base known", BATH, GLOUCESTER, null, { milesAway: 16, emptyMilesSaved: null, loadedMilesAdded: 34, towardsBase: null }],
    ["no delivery position", BATH, null, LEEDS, { milesAway: 16, emptyMilesSaved: 149, loadedMilesAdded: null, towardsBase: null }],
  ])("%s", (_name, collection, delivery, base, expected) => {
    expect(returnLoadFit(AVONMOUTH, collection, delivery, base, 25)).toEqual(expected);
  });
});

describe("the date window: the UK delivery day and the next two", () => {
  it.each([
    ["a winter day", "2027-01-14T00:00:00Z", "2027-01-14", "2027-01-16"],
    ["a summer day stored at UTC midnight", "2027-06-30T00:00:00Z", "2027-06-30", "2027-07-02"],
    ["a summer evening after 23:00 UTC is the next UK day", "2027-06-30T23:30:00Z", "2027-07-01", "2027-07-03"],
    ["across the year end", "2027-12-31T00:00:00Z", "2027-12-31", "2028-01-02"],
  ])("%s", (_name, delivery, fromDay, lastDay) => {
    expect(returnWindow(new Date(delivery))).toMatchObject({ fromDay, lastDay });
  });

  const window = returnWindow(new Date("2027-03-04T00:00:00Z"));
  it.each([
    ["the day before", "2027-03-03", false],
    ["the delivery day", "2027-03-04", true],
    ["the next day", "2027-03-05", true],
    ["two days on", "2027-03-06", true],
    ["three days on", "2027-03-07", false],
  ])("collecting %s", (_name, day, inside) => {
    expect(inWindow(window, new Date(`${day}T00:00:00Z`))).toBe(inside);
  });
});
