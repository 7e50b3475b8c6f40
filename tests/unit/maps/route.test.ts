import { describe, expect, it } from "vitest";
import { estimatedArrival } from "#domain/maps/eta.ts";
import { MARKER_COLOURS, drawnMarkers, markerLetter, shownType } from "#domain/maps/markers.ts";
import type { LatLng } from "#domain/maps/polyline.ts";
import { milesBetween, pointAlong, progressAt, routeMiles } from "#domain/maps/route.ts";

const LEEDS: LatLng = [53.7997, -1.5492];
const YORK: LatLng = [53.9591, -1.0815];
const HULL: LatLng = [53.7676, -0.3274];

describe("distances", () => {
  // Facts of a sphere of the Earth's mean radius (3,958.76 miles): a degree along the equator is
  // 2πR/360, a quarter of a meridian πR/2, and a degree of longitude at 60° half the equator's.
  it.each([
    [[0, 0], [0, 1], (2 * Math.PI * 3958.7613) / 360],
    [[0, 0], [90, 0], (Math.PI * 3958.7613) / 2],
    [[60, 10], [60, 10], 0],
    [[-33.9, 151.2], [-33.9, 151.2], 0],
  ] as [LatLng, LatLng, number][])("%j to %j is %f miles", (a, b, miles) => {
    expect(milesBetween(a, b)).toBeCloseTo(miles, 6);
  });

  it("is symmetric", () => {
    expect(milesBetween(LEEDS, HULL)).toBeCloseTo(milesBetween(HULL, LEEDS), 9);
  });

  it("adds up a multi-leg route", () => {
    expect(routeMiles([LEEDS, YORK, HULL])).toBeCloseTo(milesBetween(LEEDS, YORK) + milesBetween(YORK, HULL), 9);
    expect([routeMiles([]), routeMiles([LEEDS])]).toEqual([0, 0]);
  });
});

describe("progress along a route, measured in miles", () => {
  const route = [LEEDS, YORK, HULL];
  const total = routeMiles(route);
  it.each([
    [0, LEEDS],
    [100, HULL],
    [-20, LEEDS],
    [150, HULL],
  ] as const)("%i %% is %j", (percent, point) => {
    expect(pointAlong(route, percent)).toEqual(point);
  });

  it("finds a point part-way along the second leg by miles, not by points", () => {
    const percent = ((milesBetween(LEEDS, YORK) + milesBetween(YORK, HULL) / 2) / total) * 100;
    const [lat, lng] = pointAlong(route, percent)!;
    expect(lat).toBeCloseTo((YORK[0] + HULL[0]) / 2, 6);
    expect(lng).toBeCloseTo((YORK[1] + HULL[1]) / 2, 6);
  });

  it("ignores route data with fewer than 2 points", () => {
    expect([pointAlong([], 50), pointAlong([LEEDS], 50), progressAt([LEEDS], YORK)]).toEqual([null, null, null]);
  });

  it("tells how far a position is along the route", () => {
    expect(progressAt(route, YORK)).toBeCloseTo((milesBetween(LEEDS, YORK) / total) * 100, 6);
    expect(progressAt(route, LEEDS)).toBe(0);
    expect(progressAt(route, HULL)).toBe(100);
  });
});

describe("markers", () => {
  it.each([
    [0, "A"],
    [1, "B"],
    [25, "Z"],
    [26, "AA"],
    [27, "AB"],
  ])("marker %i is lettered %s", (index, letter) => {
    expect(markerLetter(index)).toBe(letter);
  });

  it.each([
    ["pickup", "Leeds", "York", "pickup"],
    ["delivery", "York", "York", "delivery"],
    ["delivery", "Hull", "York", "inactive"],
    ["delivery", "Hull", null, "delivery"],
    ["inactive", "Hull", "Hull", "inactive"],
  ] as const)("a %s titled %s with active title %s is shown as %s", (type, title, active, shown) => {
    expect(shownType({ type, title }, active)).toBe(shown);
  });

  it("draws pickups green, deliveries red and inactive stops grey, lettered in order", () => {
    const drawn = drawnMarkers(
      [
        { position: LEEDS, type: "pickup", title: "Leeds" },
        { position: YORK, type: "delivery", title: "York" },
        { position: HULL, type: "delivery", title: "Hull" },
      ],
      "York",
    );
    expect(drawn.map((m) => [m.letter, m.type, m.colour])).toEqual([["A", "pickup", "green"], ["B", "delivery", "red"], ["C", "inactive", "grey"]]);
    expect(MARKER_COLOURS).toEqual({ pickup: "green", delivery: "red", inactive: "grey" });
  });
});

describe("estimated arrival", () => {
  const now = new Date("2027-03-10T09:00:00Z");
  it.each([
    [45, "2027-03-10T10:00:00.000Z"],
    [90, "2027-03-10T11:00:00.000Z"],
    [0, "2027-03-10T09:00:00.000Z"],
    [-5, "2027-03-10T09:00:00.000Z"],
  ])("%f miles left at 45 mph → %s", (miles, at) => {
    expect(estimatedArrival(miles, now).toISOString()).toBe(at);
  });
});

describe("progress between the points of a route", () => {
  it.each([
    ["a quarter of the way along a single leg", [LEEDS, HULL], 0.25],
    ["half way along the second of two legs", [LEEDS, YORK, HULL], null],
  ] as [string, LatLng[], number | null][])("%s", (_, route, share) => {
    const legShare = share ?? 0.5;
    const [from, to] = share === null ? [YORK, HULL] : [LEEDS, HULL];
    const position: LatLng = [from[0] + (to[0] - from[0]) * legShare, from[1] + (to[1] - from[1]) * legShare];
    const milesBefore = share === null ? milesBetween(LEEDS, YORK) : 0;
    const expected = ((milesBefore + milesBetween(from, to) * legShare) / routeMiles(route)) * 100;
    expect(progressAt(route, position)).toBeCloseTo(expected, 1);
  });

  it("places a position off the road at the nearest point of the nearest leg", () => {
    // A mile or so north of the Leeds–Hull line, at its middle.
    const progress = progressAt([LEEDS, HULL], [53.8, -0.938]);
    expect(progress).toBeGreaterThan(48);
    expect(progress).toBeLessThan(52);
  });
});
