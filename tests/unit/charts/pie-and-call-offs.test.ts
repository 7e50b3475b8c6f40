import { describe, expect, it } from "vitest";
import { callOffDeviationPercent, callOffVariance } from "#domain/charts/call-offs.ts";
import { pieLabel, piePercentages } from "#domain/charts/pie.ts";

describe("piePercentages: each share rounded on its own", () => {
  it.each([
    { why: "exact shares", values: [1, 1], shares: [50, 50] },
    { why: "thirds each read 33, adding up to 99", values: [1, 1, 1], shares: [33, 33, 33] },
    { why: "sevenths each read 14, adding up to 98", values: [1, 1, 1, 1, 1, 1, 1], shares: [14, 14, 14, 14, 14, 14, 14] },
    { why: "halves round up, so 12.5 + 12.5 + 75 reads 13, 13, 75 (101)", values: [1, 1, 6], shares: [13, 13, 75] },
    { why: "no slice gives up a point to make 100", values: [5, 5, 5, 85.5], shares: [5, 5, 5, 85] },
    { why: "2/3 reads 67 and 1/3 reads 33", values: [2, 1], shares: [67, 33] },
    { why: "a tiny slice rounds to 0", values: [1, 999], shares: [0, 100] },
    { why: "0.4% rounds to 0 and 0.6% to 1", values: [4, 6, 990], shares: [0, 1, 99] },
    { why: "one slice is everything", values: [0, 7, 0], shares: [0, 100, 0] },
    { why: "nothing at all", values: [0, 0], shares: [0, 0] },
    { why: "no slices", values: [], shares: [] },
    { why: "negative and unreadable values count as nothing", values: [-4, Number.NaN, 2], shares: [0, 0, 100] },
  ])("$why: $values → $shares", ({ values, shares }) => {
    expect(piePercentages(values)).toEqual(shares);
  });

  it("labels a slice with its figure and share", () => {
    expect(pieLabel("Delivered", "42", 60)).toBe("Delivered: 42 (60%)");
  });
});

describe("callOffVariance: more than 20% off the estimate", () => {
  it.each([
    { estimate: 10, calledOff: 10, variance: "within" },
    { estimate: 10, calledOff: 12, variance: "within" },
    { estimate: 10, calledOff: 13, variance: "above" },
    { estimate: 10, calledOff: 8, variance: "within" },
    { estimate: 10, calledOff: 7, variance: "below" },
    { estimate: 5, calledOff: 6, variance: "within" },
    { estimate: 5, calledOff: 7, variance: "above" },
    { estimate: 5, calledOff: 4, variance: "within" },
    { estimate: 5, calledOff: 3, variance: "below" },
    { estimate: 1, calledOff: 0, variance: "below" },
    { estimate: 0, calledOff: 0, variance: "within" },
    { estimate: 0, calledOff: 1, variance: "above" },
    { estimate: 100, calledOff: 120, variance: "within" },
    { estimate: 100, calledOff: 121, variance: "above" },
    { estimate: 100, calledOff: 80, variance: "within" },
    { estimate: 100, calledOff: 79, variance: "below" },
  ] as const)("estimate $estimate, called off $calledOff → $variance", ({ estimate, calledOff, variance }) => {
    expect(callOffVariance(estimate, calledOff)).toBe(variance);
  });

  it.each([
    [10, 13, 30],
    [10, 7, -30],
    [3, 4, 33],
    [0, 4, null],
  ])("estimate %i, called off %i: %s%", (estimate, calledOff, percent) => {
    expect(callOffDeviationPercent(estimate, calledOff)).toBe(percent);
  });
});
