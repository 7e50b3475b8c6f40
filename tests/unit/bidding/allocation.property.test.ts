import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type AllocationRules, type QuoteForAllocation, allocate, bucketSizes } from "#domain/bidding/allocation.ts";

const quoteArb: fc.Arbitrary<QuoteForAllocation> = fc.record({
  accountId: fc.integer({ min: 1, max: 30 }),
  valueCents: fc.oneof(fc.integer({ min: -100, max: 5_000 }), fc.constant(Number.NaN)),
  numberOfLoads: fc.oneof(fc.integer({ min: -2, max: 60 }), fc.double({ min: 0, max: 60, noNaN: true })),
  updatedAt: fc.integer({ min: 0, max: 1_000 }),
});

const percentage = fc.integer({ min: 0, max: 100 });
const anyRulesArb: fc.Arbitrary<AllocationRules> = fc.record({ firstBidPercentage: percentage, secondBidPercentage: percentage, thirdBidPercentage: percentage });
const validRulesArb: fc.Arbitrary<AllocationRules> = fc
  .tuple(percentage, percentage)
  .filter(([a, b]) => a + b <= 100)
  .map(([a, b]) => ({ firstBidPercentage: a, secondBidPercentage: b, thirdBidPercentage: 100 - a - b }));

const liveArb = fc.option(
  fc.record({
    currentAccountId: fc.integer({ min: 1, max: 30 }),
    liveInput: fc.record({ valueCents: fc.oneof(fc.integer({ min: 0, max: 5_000 }), fc.constant(Number.NaN)), numberOfLoads: fc.integer({ min: 0, max: 60 }) }),
  }),
  { nil: undefined },
);

describe("allocate (properties)", () => {
  it("never allocates more than the expected quantity, nor more than any quote offers", () => {
    fc.assert(
      fc.property(fc.array(quoteArb, { maxLength: 40 }), fc.integer({ min: -5, max: 200 }), anyRulesArb, liveArb, (raw, expected, rules, live) => {
        const quotes = raw.map((q, id) => ({ ...q, id }));
        const result = allocate(quotes, expected, rules, live);
        const total = result.reduce((sum, a) => sum + a.allocatedLoads, 0);
        expect(total).toBeLessThanOrEqual(Math.max(0, expected));
        for (const a of result) {
          expect(Number.isInteger(a.allocatedLoads)).toBe(true);
          expect(a.allocatedLoads).toBeGreaterThanOrEqual(0);
          expect(a.allocatedLoads).toBeLessThanOrEqual(a.numberOfLoads);
          const offered = a.isLive ? live!.liveInput.numberOfLoads : quotes[a.id as number]!.numberOfLoads;
          expect(a.allocatedLoads).toBeLessThanOrEqual(offered);
          expect(a.allocatedLoads).toBeLessThanOrEqual(Math.max(0, expected));
        }
      }),
    );
  });

  it("ranks 1..n in ascending price and only the first three ranks receive loads", () => {
    fc.assert(
      fc.property(fc.array(quoteArb, { maxLength: 40 }), fc.integer({ min: 0, max: 200 }), anyRulesArb, liveArb, (quotes, expected, rules, live) => {
        const result = allocate(quotes, expected, rules, live);
        result.forEach((a, i) => {
          expect(a.rank).toBe(i + 1);
          if (i > 0) expect(a.valueCents).toBeGreaterThanOrEqual(result[i - 1]!.valueCents);
          if (i >= 3) expect(a.allocatedLoads).toBe(0);
        });
      }),
    );
  });

  it("keeps the current account to at most one quote, the live one, when live input is given", () => {
    fc.assert(
      fc.property(fc.array(quoteArb, { maxLength: 40 }), fc.integer({ min: 0, max: 200 }), anyRulesArb, liveArb, (quotes, expected, rules, live) => {
        fc.pre(live !== undefined);
        const mine = allocate(quotes, expected, rules, live).filter((a) => a.accountId === live!.currentAccountId);
        expect(mine.length).toBeLessThanOrEqual(1);
        expect(mine.every((a) => a.isLive)).toBe(true);
      }),
    );
  });

  it("fills exactly the expected quantity when the rules add up to 100 and the top three bids are big enough", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 500 }), validRulesArb, (expected, rules) => {
        expect(bucketSizes(expected, rules).reduce((a, b) => a + b, 0)).toBe(expected);
        const quotes = [1, 2, 3].map((n) => ({ accountId: n, valueCents: n * 100, numberOfLoads: expected, updatedAt: 0 }));
        expect(allocate(quotes, expected, rules).reduce((sum, a) => sum + a.allocatedLoads, 0)).toBe(expected);
      }),
    );
  });
});
