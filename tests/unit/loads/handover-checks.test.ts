import { describe, expect, it } from "vitest";
import { NEAR_SITE_MILES, distanceHint, handoverWarnings, isAwayFromSites, milesText, milesToNearestSite } from "#domain/loads/handover-checks.ts";

// A degree of latitude is the same length everywhere: due north of a point, `miles` away.
const DEGREES_PER_MILE = 180 / (Math.PI * 3958.7613);
const LEEDS = { latitude: 53.7997, longitude: -1.5492 };
const north = (miles: number) => ({ latitude: LEEDS.latitude + miles * DEGREES_PER_MILE, longitude: LEEDS.longitude });
const BRISTOL = { latitude: 51.4545, longitude: -2.5879 };
const UNPLACED = { latitude: null, longitude: null };

describe("the 5-mile rule", () => {
  it("is 5 miles", () => {
    expect(NEAR_SITE_MILES).toBe(5);
  });

  it.each([
    { case: "at the point", position: LEEDS, sites: [LEEDS], miles: 0, away: false },
    { case: "4.9 miles off", position: north(4.9), sites: [LEEDS], miles: 4.9, away: false },
    { case: "exactly 5 miles off", position: north(5), sites: [LEEDS], miles: 5, away: false },
    { case: "5.1 miles off", position: north(5.1), sites: [LEEDS], miles: 5.1, away: true },
    { case: "Bristol, for a Leeds point", position: BRISTOL, sites: [LEEDS], miles: 167.8, away: true },
    { case: "near one of two points", position: north(2), sites: [BRISTOL, LEEDS], miles: 2, away: false },
    { case: "an unplaced point beside a far one", position: north(6), sites: [UNPLACED, LEEDS], miles: 6, away: true },
    { case: "only unplaced points", position: BRISTOL, sites: [UNPLACED], miles: null, away: false },
    { case: "no points", position: BRISTOL, sites: [], miles: null, away: false },
  ])("$case: nearest $miles miles, away $away", ({ position, sites, miles, away }) => {
    const measured = milesToNearestSite(position, sites);
    if (miles === null) expect(measured).toBeNull();
    else expect(measured).toBeCloseTo(miles, 1);
    expect(isAwayFromSites(position, sites)).toBe(away);
  });
});

describe("milesText", () => {
  it.each([
    [0.96, "1 mile"],
    [5.14, "5.1 miles"],
    [9.96, "10 miles"],
    [12.4, "12 miles"],
    [1234.4, "1,234 miles"],
  ])("%d → %s", (miles, text) => {
    expect(milesText(miles)).toBe(text);
  });
});

describe("handoverWarnings", () => {
  const collection = { step: "collection" as const, today: "2027-03-03", collectionDay: "2027-03-03", position: null, sites: [LEEDS] };

  it.each([
    { case: "on the day, no position", facts: collection, warnings: [] },
    { case: "after the day", facts: { ...collection, today: "2027-03-04" }, warnings: [] },
    { case: "no collection day", facts: { ...collection, collectionDay: null, today: "2020-01-01" }, warnings: [] },
    { case: "the day before", facts: { ...collection, today: "2027-03-02" }, warnings: ["The collection is booked for 3 March 2027, and today is 2 March 2027."] },
    { case: "at the point", facts: { ...collection, position: north(1) }, warnings: [] },
    { case: "6 miles off", facts: { ...collection, position: north(6) }, warnings: ["Your phone puts you 6 miles from the collection point, more than 5 miles away."] },
    {
      case: "early and far",
      facts: { ...collection, today: "2027-02-28", position: BRISTOL },
      warnings: ["The collection is booked for 3 March 2027, and today is 28 February 2027.", "Your phone puts you 168 miles from the collection point, more than 5 miles away."],
    },
    { case: "a delivery before the collection day (not the delivery's question)", facts: { ...collection, step: "delivery" as const, today: "2027-03-01" }, warnings: [] },
    { case: "a delivery 5.1 miles off", facts: { ...collection, step: "delivery" as const, position: north(5.1) }, warnings: ["Your phone puts you 5.1 miles from the delivery point, more than 5 miles away."] },
    { case: "a point never placed on a map", facts: { ...collection, position: BRISTOL, sites: [UNPLACED] }, warnings: [] },
  ])("$case", ({ facts, warnings }) => {
    expect(handoverWarnings(facts)).toEqual(warnings);
  });
});

describe("distanceHint (the driver's page, before sending)", () => {
  it.each([
    { step: "collection" as const, position: north(2.34), sites: [LEEDS], hint: "You are 2.3 miles from the collection point. Your position will be recorded with the collection." },
    { step: "delivery" as const, position: north(12), sites: [LEEDS], hint: "You are 12 miles from the delivery point. Your position will be recorded with the delivery." },
    { step: "delivery" as const, position: LEEDS, sites: [UNPLACED], hint: "Your position will be recorded with the delivery." },
  ])("$hint", ({ step, position, sites, hint }) => {
    expect(distanceHint(step, position, sites)).toBe(hint);
  });
});
