import { describe, expect, it } from "vitest";
import { bidBreakdown } from "#domain/bidding/breakdown.ts";

const rules = (a: number, b: number, c: number) => ({ firstBidPercentage: a, secondBidPercentage: b, thirdBidPercentage: c });

describe("bidBreakdown", () => {
  it.each([
    { expected: 12, pct: rules(100, 0, 0), text: "The cheapest bid wins all 12 loads." },
    { expected: 1, pct: rules(100, 0, 0), text: "The cheapest bid wins 1 load." },
    { expected: 10, pct: rules(60, 40, 0), text: "The cheapest bid wins 6 loads and the second cheapest 4." },
    { expected: 12, pct: rules(50, 30, 20), text: "The cheapest bid wins 6 loads, the second cheapest 4 and the third cheapest 2." },
    { expected: 10, pct: rules(0, 100, 0), text: "The second cheapest bid wins all 10 loads." },
    { expected: 0, pct: rules(100, 0, 0), text: "This job has no loads to win." },
  ])("$expected loads at $pct.firstBidPercentage/$pct.secondBidPercentage/$pct.thirdBidPercentage", ({ expected, pct, text }) => {
    expect(bidBreakdown(expected, pct)).toBe(text);
  });
});
