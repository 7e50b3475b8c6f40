import { describe, expect, it } from "vitest";
import { boundingBox, inBox, milesApart, type Point } from "#domain/return-loads/geometry.ts";

const p = (latitude: number, longitude: number): Point => ({ latitude, longitude });
const AVONMOUTH = p(51.505, -2.676);
const LONDON = p(51.5074, -0.1278);

/** The point `miles` from `from` on a bearing (degrees), on the same sphere the distances use. */
function travel(from: Point, bearing: number, miles: number): Point {
  const r = Math.PI / 180;
  const d = miles / 3958.7613;
  const lat1 = from.latitude * r;
  const b = bearing * r;
  const lat2 = Math.asin(Math.sin(lat1) * Math.cos(d) + Math.cos(lat1) * Math.sin(d) * Math.cos(b));
  const lng2 = from.longitude * r + Math.atan2(Math.sin(b) * Math.sin(d) * Math.cos(lat1), Math.cos(d) - Math.sin(lat1) * Math.sin(lat2));
  return p(lat2 / r, lng2 / r);
}

describe("great-circle miles", () => {
  it.each([
    ["London to Paris", LONDON, p(48.8566, 2.3522), 213.5],
    ["Bristol to Bath", p(51.4545, -2.5879), p(51.3811, -2.359), 11.1],
    ["Avonmouth to Gloucester", AVONMOUTH, p(51.8642, -2.2382), 31.1],
    ["Avonmouth to Newport", AVONMOUTH, p(51.5842, -2.9977), 14.9],
    ["the same point", AVONMOUTH, AVONMOUTH, 0],
    ["a degree of latitude", p(0, 0), p(1, 0), 69.1],
  ])("%s", (_name, a, b, miles) => {
    expect(milesApart(a, b)).toBeCloseTo(miles, 1);
    expect(milesApart(b, a)).toBeCloseTo(miles, 1);
  });
});

describe("the bounding box holds every point within the radius", () => {
  const centres = [["Avonmouth", AVONMOUTH], ["Lerwick", p(60.155, -1.145)], ["the equator", p(0, 10)], ["Cape Town", p(-33.92, 18.42)]] as const;
  const radii = [1, 25, 100];
  const bearings = [0, 30, 45, 90, 135, 180, 225, 270, 315];
  it.each(centres.flatMap(([name, centre]) => radii.map((radius) => [name, centre, radius] as const)))("%s, %i miles", (_name, centre, radius) => {
    const box = boundingBox(centre, radius);
    for (const bearing of bearings) {
      expect(inBox(box, travel(centre, bearing, radius * 0.999))).toBe(true);
    }
  });

  it.each([
    ["north, beyond the radius", AVONMOUTH, 25, travel(AVONMOUTH, 0, 25.5), false],
    ["east, beyond the radius", AVONMOUTH, 25, travel(AVONMOUTH, 90, 26), false],
    ["south, just inside", AVONMOUTH, 25, travel(AVONMOUTH, 180, 24.9), true],
    ["London is not within 100 miles of Avonmouth", AVONMOUTH, 100, LONDON, false],
    ["London is within its 160-mile box", AVONMOUTH, 160, LONDON, true],
  ])("%s", (_name, centre, radius, point, inside) => {
    expect(inBox(boundingBox(centre, radius), point)).toBe(inside);
  });

  it.each([
    ["near the North Pole every longitude is kept", p(89.9, 0), 25],
    ["across the 180th meridian every longitude is kept", p(0, 179.9), 25],
  ])("%s", (_name, centre, radius) => {
    const box = boundingBox(centre, radius);
    expect([box.minLongitude, box.maxLongitude]).toEqual([-180, 180]);
    expect(box.maxLatitude).toBeLessThanOrEqual(90);
  });
});
