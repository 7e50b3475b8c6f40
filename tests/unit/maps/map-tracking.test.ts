import { describe, expect, it } from "vitest";
import { readTracking, sameTracking } from "../../../islands/map/tracking.ts";

// The tracking element as the page renders it: attributes, absent ones null (as getAttribute gives).
const element = (attributes: Record<string, string>) => ({ getAttribute: (name: string) => attributes[name] ?? null });

describe("reading the live tracking element", () => {
  it.each([
    [{ "data-latitude": "53.8", "data-longitude": "-1.55", "data-route-progress": "42.5" }, { position: [53.8, -1.55], progress: 42.5 }],
    [{ "data-latitude": "53.8", "data-longitude": "-1.55", "data-route-progress": "" }, { position: [53.8, -1.55], progress: null }],
    [{ "data-latitude": "", "data-longitude": "", "data-route-progress": "10" }, { position: null, progress: 10 }],
    [{ "data-latitude": "53.8", "data-longitude": "", "data-route-progress": "0" }, { position: null, progress: 0 }],
    [{ "data-latitude": " 0 ", "data-longitude": "0" }, { position: [0, 0], progress: null }],
    [{ "data-latitude": "91", "data-longitude": "0" }, { position: null, progress: null }],
    [{ "data-latitude": "50", "data-longitude": "-180.5" }, { position: null, progress: null }],
    [{ "data-latitude": "north", "data-longitude": "1", "data-route-progress": "lots" }, { position: null, progress: null }],
    [{}, { position: null, progress: null }],
  ])("%j → %j", (attributes, tracking) => {
    expect(readTracking(element(attributes))).toEqual(tracking);
  });

  it("knows nothing without the element", () => {
    expect(readTracking(null)).toEqual({ position: null, progress: null });
  });

  it.each([
    [{ position: [1, 2], progress: 3 }, { position: [1, 2], progress: 3 }, true],
    [{ position: null, progress: null }, { position: null, progress: null }, true],
    [{ position: [1, 2], progress: 3 }, { position: [1, 2.000001], progress: 3 }, false],
    [{ position: [1, 2], progress: 3 }, { position: null, progress: 3 }, false],
    [{ position: [1, 2], progress: 3 }, { position: [1, 2], progress: null }, false],
  ] as const)("%j and %j are the same: %s", (a, b, same) => {
    expect(sameTracking(a, b)).toBe(same);
  });
});
