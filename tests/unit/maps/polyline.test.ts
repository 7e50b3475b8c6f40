import { describe, expect, it } from "vitest";
import { decodePolyline, encodePolyline, type LatLng } from "#domain/maps/polyline.ts";

// Google's published examples of the algorithm (a three-point line, and one worked value).
const GOOGLE: LatLng[] = [[38.5, -120.2], [40.7, -120.95], [43.252, -126.453]];

describe("encoded polylines (precision 1e5)", () => {
  it.each([
    [GOOGLE, "_p~iF~ps|U_ulLnnqC_mqNvxq`@"],
    [[[0, 0]], "??"],
    [[], ""],
    // The documentation's worked example for one value, -179.9832104 → "`~oia@"; 0 is "?".
    [[[-179.98321, 0]], "`~oia@?"],
  ] as [LatLng[], string][])("%j ⇄ %s", (points, text) => {
    expect(encodePolyline(points)).toBe(text);
    expect(decodePolyline(text)).toEqual(points.map(([lat, lng]) => [lat, lng]));
  });

  it("round-trips any route to the nearest 1e-5 degree", () => {
    const route: LatLng[] = Array.from({ length: 50 }, (_, i) => [50 + Math.sin(i) * 3.123456, -3 + Math.cos(i * 1.7) * 4.654321]);
    const back = decodePolyline(encodePolyline(route));
    expect(back).toHaveLength(50);
    back.forEach(([lat, lng], i) => {
      expect(Math.abs(lat - route[i]![0])).toBeLessThanOrEqual(0.000005);
      expect(Math.abs(lng - route[i]![1])).toBeLessThanOrEqual(0.000005);
    });
  });

  it("decodes a cut-off or foreign string as far as it is whole", () => {
    expect(decodePolyline("_p~iF~ps|U_ulL")).toEqual([[38.5, -120.2]]);
    expect(decodePolyline("_p~iF~ps|U\u0001\u0002")).toEqual([[38.5, -120.2]]);
  });
});
