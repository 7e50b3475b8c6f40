import { describe, expect, it } from "vitest";
import { quartileOf, spreadOf } from "#domain/price-guide/percentiles.ts";

// Linear interpolation between closest ranks (PERCENTILE.INC): rank h = (n − 1) × p / 100, in exact
// quarter-pence, rounded to whole pence with halves up.
describe("quartiles of whole-pence values", () => {
  it.each([
    [[100], { lower: 100, median: 100, upper: 100 }],
    [[100, 200], { lower: 125, median: 150, upper: 175 }],
    [[100, 200, 300], { lower: 150, median: 200, upper: 250 }],
    [[100, 200, 300, 400], { lower: 175, median: 250, upper: 325 }],
    [[100, 200, 300, 400, 500], { lower: 200, median: 300, upper: 400 }],
    [[500, 100, 400, 200, 300], { lower: 200, median: 300, upper: 400 }],
    [[10, 20, 30, 40, 50, 60], { lower: 23, median: 35, upper: 48 }],
    [[40_000, 42_000, 45_000, 47_000, 50_000, 52_000], { lower: 42_750, median: 46_000, upper: 49_250 }],
    [[7, 7, 7, 7, 7], { lower: 7, median: 7, upper: 7 }],
  ])("%j: %j", (values, spread) => {
    expect(spreadOf(values)).toEqual(spread);
  });

  it.each([
    [[0, 1], 1, 0], // 0.25 rounds down
    [[0, 2], 1, 1], // 0.5 rounds up (halves up)
    [[0, 3], 1, 1], // 0.75 rounds up
    [[0, 1], 2, 1], // 0.5 rounds up
    [[0, 1], 3, 1], // 0.75 rounds up
    [[1, 2], 2, 2], // 1.5 rounds up
  ] as const)("%j, quartile %i is %i whole pence", (values, quartile, expected) => {
    expect(quartileOf(values, quartile)).toBe(expected);
  });

  it("is exact with amounts far beyond a haulage price", () => {
    expect(quartileOf([9_007_199_254_740_000, 9_007_199_254_740_004], 2)).toBe(9_007_199_254_740_002);
  });

  it("refuses an empty list instead of inventing a figure", () => {
    expect(() => quartileOf([], 2)).toThrow("at least one value");
  });
});
