import { describe, expect, it } from "vitest";
import { crossingsOf, insidePolygon, segmentsMeet, spanInside } from "#domain/road-charges/geometry.ts";
import { CROSSINGS, ZONES, type LatLngPoint } from "#domain/road-charges/zones.ts";
import { estimateRoute } from "#geo/routing/offline-router.ts";

const SQUARE: LatLngPoint[] = [[0, 0], [0, 10], [10, 10], [10, 0]];
const zone = (id: string) => ZONES.find((each) => each.id === id)!.polygon;
const DARTFORD = CROSSINGS.find((each) => each.id === "dartford")!.line;

const MAIDSTONE: LatLngPoint = [51.272, 0.529];
const CHELMSFORD: LatLngPoint = [51.7356, 0.4685];
const BRISTOL_CENTRE: LatLngPoint = [51.4545, -2.5879];
const AVONMOUTH: LatLngPoint = [51.505, -2.676];

describe("point in polygon", () => {
  it.each([
    ["the middle of a square", [5, 5], SQUARE, true],
    ["outside a square", [11, 5], SQUARE, false],
    ["beyond a corner", [-1, -1], SQUARE, false],
    ["Bristol city centre in the Bristol CAZ", BRISTOL_CENTRE, zone("bristol_caz"), true],
    ["Avonmouth outside the Bristol CAZ", AVONMOUTH, zone("bristol_caz"), false],
    ["Westminster in the Congestion Charge zone", [51.5007, -0.1246], zone("london_congestion"), true],
    ["Croydon in the London LEZ", [51.3762, -0.0982], zone("london_lez"), true],
    ["Croydon outside the Congestion Charge zone", [51.3762, -0.0982], zone("london_congestion"), false],
    ["Dartford outside the London LEZ", [51.4462, 0.2169], zone("london_lez"), false],
    ["Glasgow Central in the Glasgow LEZ", [55.8591, -4.258], zone("glasgow_lez"), true],
    ["Birmingham New Street in the Birmingham CAZ", [52.4778, -1.8983], zone("birmingham_caz"), true],
  ] as const)("%s: %s", (_case, point, polygon, expected) => {
    expect(insidePolygon(point, polygon)).toBe(expected);
  });
});

describe("segments meeting", () => {
  it.each([
    ["crossing in the middle", [0, 0], [10, 10], [0, 10], [10, 0], 0.5],
    ["a quarter of the way", [0, 0], [0, 8], [-1, 2], [1, 2], 0.25],
    ["short of the other segment", [0, 0], [0, 1], [-1, 2], [1, 2], null],
    ["parallel", [0, 0], [0, 10], [1, 0], [1, 10], null],
  ] as const)("%s", (_case, a, b, c, d, expected) => {
    const share = segmentsMeet(a, b, c, d);
    if (expected === null) expect(share).toBeNull();
    else expect(share).toBeCloseTo(expected, 9);
  });

  it.each([
    ["through the square", [5, -5], [5, 15], [0.25, 0.75]],
    ["starting inside", [5, 5], [5, 15], [0, 0.5]],
    ["wholly inside", [2, 2], [8, 8], [0, 1]],
    ["passing by", [11, -5], [11, 15], null],
  ] as const)("the span of a segment inside: %s", (_case, a, b, expected) => {
    const span = spanInside(a, b, SQUARE);
    if (expected === null) expect(span).toBeNull();
    else expect(span!.map((share) => Math.round(share * 1000) / 1000)).toEqual(expected);
  });
});

describe("crossings of the Dartford line", () => {
  const straight = (...stops: LatLngPoint[]) => estimateRoute(stops)!.points;
  it.each([
    ["Maidstone to Chelmsford, the offline estimate's straight leg", straight(MAIDSTONE, CHELMSFORD), 1],
    ["there and back", straight(MAIDSTONE, CHELMSFORD, MAIDSTONE), 2],
    ["a road polyline over the bridge", [[51.40, 0.24], [51.455, 0.255], [51.475, 0.265], [51.52, 0.28]] as LatLngPoint[], 1],
    ["a polyline with a point on the line, at a bend of it, counts once", [[51.40, 0.26], [51.465, 0.26], [51.52, 0.26]] as LatLngPoint[], 1],
    ["Maidstone to Canterbury stays south of the Thames", straight(MAIDSTONE, [51.2802, 1.0789]), 0],
    ["Bristol to Leeds is nowhere near", straight(BRISTOL_CENTRE, [53.7965, -1.5479]), 0],
    ["through central London, west of the line", straight([51.45, -0.1], [51.55, -0.1]), 0],
  ] as const)("%s", (_case, path, expected) => {
    expect(crossingsOf(path, DARTFORD)).toHaveLength(expected);
  });
});
