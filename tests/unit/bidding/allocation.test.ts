import { describe, expect, it } from "vitest";
import {
  type AllocationRules,
  type QuoteForAllocation,
  allocate,
  allocatedLoadsFor,
  bucketSizes,
  DEFAULT_ALLOCATION_RULES,
  validateAllocationRules,
} from "#domain/bidding/allocation.ts";

const rules = (first: number, second: number, third: number): AllocationRules => ({
  firstBidPercentage: first,
  secondBidPercentage: second,
  thirdBidPercentage: third,
});

const at = (minute: number) => new Date(Date.UTC(2025, 0, 6, 9, minute));

const quote = (accountId: number, pounds: number, loads: number, minute = 0, id?: number): QuoteForAllocation => ({
  ...(id === undefined ? {} : { id }),
  accountId,
  valueCents: pounds * 100,
  numberOfLoads: loads,
  updatedAt: at(minute),
});

/** [accountId, allocatedLoads] in rank order: the shape the assertions read best in. */
const summary = (...args: Parameters<typeof allocate>) => allocate(...args).map((a) => [a.accountId, a.allocatedLoads]);

describe("bucketSizes", () => {
  it.each([
    { expected: 10, pct: [100, 0, 0], sizes: [10, 0, 0], why: "defaults give the cheapest bid everything" },
    { expected: 10, pct: [50, 30, 20], sizes: [5, 3, 2], why: "exact percentages" },
    { expected: 10, pct: [33, 33, 34], sizes: [4, 4, 2], why: "each rounds up (4,4,4) and the last is trimmed to 2" },
    { expected: 7, pct: [60, 40, 0], sizes: [5, 2, 0], why: "4.2→5 and 2.8→3, second trimmed because third is empty" },
    { expected: 1, pct: [50, 50, 0], sizes: [1, 0, 0], why: "the cap carries back when the last bucket cannot absorb it" },
    { expected: 1, pct: [33, 33, 34], sizes: [1, 0, 0], why: "one load goes to the first bucket" },
    { expected: 5, pct: [0, 100, 0], sizes: [0, 5, 0], why: "a 0% first bucket is empty" },
    { expected: 10, pct: [50, 0, 50], sizes: [5, 0, 5], why: "a 0% middle bucket is empty" },
    { expected: 3, pct: [34, 33, 33], sizes: [2, 1, 0], why: "1.02→2, 0.99→1, then nothing left" },
    { expected: 0, pct: [100, 0, 0], sizes: [0, 0, 0], why: "no expected quantity" },
    { expected: Number.NaN, pct: [100, 0, 0], sizes: [0, 0, 0], why: "unreadable expected quantity" },
    { expected: 10, pct: [80, 80, 80], sizes: [8, 2, 0], why: "over-100 rules still never exceed the expected quantity" },
  ])("$expected at $pct → $sizes ($why)", ({ expected, pct, sizes }) => {
    expect(bucketSizes(expected, rules(pct[0]!, pct[1]!, pct[2]!))).toEqual(sizes);
  });

  it("uses 100/0/0 by default", () => {
    expect(DEFAULT_ALLOCATION_RULES).toEqual(rules(100, 0, 0));
    expect(bucketSizes(6)).toEqual([6, 0, 0]);
  });
});

describe("allocate", () => {
  it("ranks by ascending value and gives the cheapest bid its bucket", () => {
    const quotes = [quote(1, 900, 10), quote(2, 800, 10), quote(3, 850, 10)];
    const result = allocate(quotes, 10, DEFAULT_ALLOCATION_RULES);
    expect(result.map((a) => [a.accountId, a.rank, a.allocatedLoads])).toEqual([
      [2, 1, 10],
      [3, 2, 0],
      [1, 3, 0],
    ]);
  });

  it.each([
    {
      case: "a quote larger than its bucket is cut to the bucket",
      expected: 10, pct: [50, 50, 0], quotes: [quote(1, 100, 8), quote(2, 200, 8)],
      result: [[1, 5], [2, 5]],
    },
    {
      case: "a quote smaller than its bucket gets only its own loads; the shortfall is not passed on",
      expected: 10, pct: [50, 50, 0], quotes: [quote(1, 100, 2), quote(2, 200, 8)],
      result: [[1, 2], [2, 5]],
    },
    {
      case: "a small cheapest quote with default rules leaves the rest unallocated",
      expected: 10, pct: [100, 0, 0], quotes: [quote(1, 100, 3), quote(2, 200, 10)],
      result: [[1, 3], [2, 0]],
    },
    {
      case: "rounding up then trimming the last bucket",
      expected: 10, pct: [33, 33, 34], quotes: [quote(1, 100, 10), quote(2, 200, 10), quote(3, 300, 10)],
      result: [[1, 4], [2, 4], [3, 2]],
    },
    {
      case: "fewer quotes than buckets: later buckets stay unallocated",
      expected: 10, pct: [33, 33, 34], quotes: [quote(1, 100, 10)],
      result: [[1, 4]],
    },
    {
      case: "a 0% bucket gives its quote nothing",
      expected: 10, pct: [50, 0, 50], quotes: [quote(1, 100, 10), quote(2, 200, 10), quote(3, 300, 10)],
      result: [[1, 5], [2, 0], [3, 5]],
    },
    {
      case: "quotes beyond the third get nothing",
      expected: 12, pct: [50, 25, 25], quotes: [quote(4, 400, 9), quote(1, 100, 9), quote(3, 300, 9), quote(2, 200, 9)],
      result: [[1, 6], [2, 3], [3, 3], [4, 0]],
    },
    {
      case: "no quotes",
      expected: 10, pct: [100, 0, 0], quotes: [],
      result: [],
    },
  ])("$case", ({ expected, pct, quotes, result }) => {
    expect(summary(quotes, expected, rules(pct[0]!, pct[1]!, pct[2]!))).toEqual(result);
  });

  it("breaks equal prices by the earlier updatedAt, whatever form the date takes", () => {
    const quotes: QuoteForAllocation[] = [
      { accountId: 1, valueCents: 500, numberOfLoads: 10, updatedAt: at(30).toISOString() },
      { accountId: 2, valueCents: 500, numberOfLoads: 10, updatedAt: at(10).getTime() },
      { accountId: 3, valueCents: 500, numberOfLoads: 10, updatedAt: at(20) },
    ];
    expect(summary(quotes, 10, rules(70, 30, 0))).toEqual([[2, 7], [3, 3], [1, 0]]);
  });

  it("keeps input order for identical price and time, and puts an unreadable time last", () => {
    const quotes: QuoteForAllocation[] = [
      { accountId: 1, valueCents: 500, numberOfLoads: 1, updatedAt: "not a date" },
      quote(2, 5, 1, 5),
      quote(3, 5, 1, 5),
    ];
    expect(allocate(quotes, 3, rules(34, 33, 33)).map((a) => a.accountId)).toEqual([2, 3, 1]);
  });

  it("leaves out stored quotes that are not bids (no price or no loads)", () => {
    const quotes = [quote(1, 0, 5), quote(2, 300, 0), { ...quote(3, 1, 5), valueCents: Number.NaN }, quote(4, 400, 5)];
    expect(summary(quotes, 5, DEFAULT_ALLOCATION_RULES)).toEqual([[4, 5]]);
  });

  it("returns each quote's id, value, loads and updatedAt with its rank", () => {
    const [first] = allocate([quote(7, 250, 3, 1, 42)], 2, DEFAULT_ALLOCATION_RULES);
    expect(first).toEqual({ id: 42, accountId: 7, valueCents: 25_000, numberOfLoads: 3, updatedAt: at(1), rank: 1, allocatedLoads: 2, isLive: false });
  });

  describe("with the current account's live input", () => {
    const stored = [quote(1, 900, 10, 0, 11), quote(2, 800, 10, 0, 12)];

    it("replaces the account's stored quote, keeping its id", () => {
      const result = allocate(stored, 10, DEFAULT_ALLOCATION_RULES, { currentAccountId: 1, liveInput: { valueCents: 70_000, numberOfLoads: 4 } });
      expect(result.map((a) => [a.id, a.accountId, a.valueCents, a.allocatedLoads, a.isLive])).toEqual([
        [11, 1, 70_000, 4, true],
        [12, 2, 80_000, 0, false],
      ]);
    });

    it("adds a quote for an account that has none", () => {
      const result = allocate(stored, 10, rules(50, 50, 0), { currentAccountId: 3, liveInput: { valueCents: 85_000, numberOfLoads: 10 } });
      expect(result.map((a) => [a.accountId, a.allocatedLoads])).toEqual([[2, 5], [3, 5], [1, 0]]);
      expect(result[1]?.id).toBeUndefined();
    });

    it.each([
      { input: { valueCents: Number.NaN, numberOfLoads: 5 }, why: "an empty price (NaN)" },
      { input: { valueCents: 0, numberOfLoads: 5 }, why: "a zero price" },
      { input: { valueCents: 50_000, numberOfLoads: 0 }, why: "zero loads" },
      { input: { valueCents: 50_000, numberOfLoads: Number.NaN }, why: "unreadable loads" },
    ])("treats $why as no quote, dropping the stored one", ({ input }) => {
      const result = allocate(stored, 10, DEFAULT_ALLOCATION_RULES, { currentAccountId: 2, liveInput: input });
      expect(result.map((a) => [a.accountId, a.allocatedLoads])).toEqual([[1, 10]]);
      expect(allocatedLoadsFor(2, result)).toBe(0);
    });

    it("ignores live input when there is no current account", () => {
      const result = allocate(stored, 10, DEFAULT_ALLOCATION_RULES, { liveInput: { valueCents: 100, numberOfLoads: 10 } });
      expect(result.map((a) => a.accountId)).toEqual([2, 1]);
    });

    it("matches the account whether its id is a number or the body attribute's text", () => {
      const result = allocate(stored, 10, DEFAULT_ALLOCATION_RULES, { currentAccountId: "1", liveInput: { valueCents: 100, numberOfLoads: 10 } });
      expect(result).toHaveLength(2);
      expect(allocatedLoadsFor("1", result)).toBe(10);
      expect(allocatedLoadsFor(1, result)).toBe(10);
    });

    it("ranks a changed bid after equal bids already stored, since saving it makes it the newest", () => {
      const tied = [quote(1, 500, 10, 30), quote(2, 500, 10, 10)];
      const result = allocate(tied, 10, DEFAULT_ALLOCATION_RULES, { currentAccountId: 2, liveInput: { valueCents: 50_000, numberOfLoads: 9 } });
      expect(result.map((a) => [a.accountId, a.allocatedLoads])).toEqual([[1, 10], [2, 0]]);
    });

    it("keeps an unchanged bid's place in a tie", () => {
      const tied = [quote(1, 500, 10, 30), quote(2, 500, 10, 10)];
      const result = allocate(tied, 10, DEFAULT_ALLOCATION_RULES, { currentAccountId: 2, liveInput: { valueCents: 50_000, numberOfLoads: 10 } });
      expect(result.map((a) => [a.accountId, a.allocatedLoads, a.isLive])).toEqual([[2, 10, true], [1, 0, false]]);
    });
  });
});

describe("allocatedLoadsFor", () => {
  it("sums the account's allocated loads, and is 0 for an account without any", () => {
    const result = allocate([quote(1, 100, 3), quote(2, 200, 9)], 10, rules(30, 70, 0));
    expect(allocatedLoadsFor(1, result)).toBe(3);
    expect(allocatedLoadsFor(2, result)).toBe(7);
    expect(allocatedLoadsFor(99, result)).toBe(0);
  });
});

describe("validateAllocationRules", () => {
  it.each([
    { pct: [100, 0, 0], errors: {} },
    { pct: [50, 30, 20], errors: {} },
    { pct: [0, 0, 100], errors: {} },
    { pct: [50, 30, 10], errors: { total: "Bid percentages must add up to 100 (they add up to 90)" } },
    { pct: [100, 50, 0], errors: { total: "Bid percentages must add up to 100 (they add up to 150)" } },
    { pct: [101, 0, -1], errors: {
      firstBidPercentage: "First bid percentage must be a whole number from 0 to 100",
      thirdBidPercentage: "Third bid percentage must be a whole number from 0 to 100",
    } },
    { pct: [50.5, 49.5, 0], errors: {
      firstBidPercentage: "First bid percentage must be a whole number from 0 to 100",
      secondBidPercentage: "Second bid percentage must be a whole number from 0 to 100",
    } },
    { pct: [100, Number.NaN, 0], errors: { secondBidPercentage: "Second bid percentage must be a whole number from 0 to 100" } },
  ])("$pct → $errors", ({ pct, errors }) => {
    expect(validateAllocationRules(rules(pct[0]!, pct[1]!, pct[2]!))).toEqual(errors);
  });
});
