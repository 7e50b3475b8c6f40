import { describe, expect, it } from "vitest";
import { callOffDeviationPercent, callOffVariance } from "#domain/charts/call-offs.ts";
import { pieLabel, piePercentages } from "#domain/charts/pie.ts";

describe("piePercentages", () => {
  it.each([
    { why: "exact shares", values: [1, 1], shares: [50, 50] },
    { why: "thirds add up to 100, the first remainder taking the spare point", values: [1, 1, 1], shares: [34, 33, 33] },
    { why: "the largest remainders get the points rounding lost", values: [1, 1, 1, 1, 1, 1, 1], shares: [15, 15, 14, 14, 14, 14, 14] },
    { why: "rounding each alone would make 101", values: [5, 5, 5, 85.5], shares: [5, 5, 5, 85] },
    { why: "a tiny slice rounds to 0 rather than stealing from the rest", values: [1, 999], shares: [0, 100] },
    { why: "one slice is everything", values: [0, 7, 0], shares: [0, 100, 0] },
    { why: "nothing at all", values: [0, 0], shares: [0, 0] },
    { why: "no slices", values: [], shares: [] },
    { why: "negative and unreadable values count as nothing", values: [-4, Number.NaN, 2], shares: [0, 0, 100] },
  ])("$why: $values → $shares", ({ values, shares }) => {
    const result = piePercentages(values);
    expect(result).toEqual(shares);
    if (values.some((v) => v > 0)) expect(result.reduce((a, b) => a + b, 0)).toBe(100);
  });

  it("always sums to 100 for any positive figures", () => {
    for (let seed = 1; seed < 200; seed++) {
      const values = Array.from({ length: (seed % 9) + 1 }, (_, i) => ((seed * 7919 + i * 104729) % 97) + 1);
      expect(piePercentages(values).reduce((a, b) => a + b, 0)).toBe(100);
    }
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
