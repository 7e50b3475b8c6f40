import { describe, expect, it } from "vitest";
import type { QuoteForAllocation } from "#domain/bidding/allocation.ts";
import { allocatedLoads, isMarketStepDue, marketStepFor, type SteppingJob } from "#domain/jobs/market-step.ts";

const due = Date.UTC(2027, 2, 3, 9);
const pending = { audience: "pools_then_market", onMarket: false, marketAt: new Date(due), marketSkippedAt: null };

describe("isMarketStepDue", () => {
  it.each([
    { job: pending, now: due - 1, expected: false, why: "a millisecond before its time" },
    { job: pending, now: due, expected: true, why: "at its time" },
    { job: pending, now: due + 86_400_000, expected: true, why: "a day late (a server was down)" },
    { job: { ...pending, marketAt: due }, now: due, expected: true, why: "its time as epoch ms" },
    { job: { ...pending, marketAt: new Date(due).toISOString() }, now: due, expected: true, why: "its time as an ISO string" },
    { job: { ...pending, onMarket: true }, now: due, expected: false, why: "already on the market" },
    { job: { ...pending, marketSkippedAt: new Date(due) }, now: due, expected: false, why: "already skipped" },
    { job: { ...pending, audience: "pools" }, now: due, expected: false, why: "pools only: never steps" },
    { job: { ...pending, audience: "market" }, now: due, expected: false, why: "the market from the start" },
    { job: { ...pending, marketAt: null }, now: due, expected: false, why: "no time set" },
    { job: { ...pending, marketAt: "not a date" }, now: due, expected: false, why: "an unreadable time" },
  ])("$why → $expected", ({ job, now, expected }) => {
    expect(isMarketStepDue(job, now)).toBe(expected);
  });
});

const job = (overrides: Partial<SteppingJob> = {}): SteppingJob => ({
  status: "open", expectedQuantity: 4, firstBidPercentage: 100, secondBidPercentage: 0, thirdBidPercentage: 0, ...overrides,
});
const quote = (accountId: number, valueCents: number, numberOfLoads: number): QuoteForAllocation => ({ accountId, valueCents, numberOfLoads, updatedAt: due });

describe("marketStepFor", () => {
  it.each([
    { name: "an open tender with no quotes", job: job(), quotes: [], step: "reach" },
    { name: "quotes winning 3 of 4 loads", job: job(), quotes: [quote(1, 400, 3)], step: "reach" },
    { name: "one quote winning all 4 loads", job: job(), quotes: [quote(1, 400, 4)], step: "skip_fully_allocated" },
    { name: "a quote for more loads than the job has", job: job({ expectedQuantity: 1 }), quotes: [quote(1, 400, 1)], step: "skip_fully_allocated" },
    // 50/50: the cheapest wins 2, the second 2; a single full quote still leaves half unallocated.
    { name: "50/50 rules with one quote for every load", job: job({ firstBidPercentage: 50, secondBidPercentage: 50 }), quotes: [quote(1, 400, 4)], step: "reach" },
    { name: "50/50 rules with two quotes", job: job({ firstBidPercentage: 50, secondBidPercentage: 50 }), quotes: [quote(1, 400, 4), quote(2, 450, 2)], step: "skip_fully_allocated" },
    { name: "a scheduled auction", job: job({ status: "scheduled" }), quotes: [], step: "reach" },
    { name: "a live auction", job: job({ status: "live" }), quotes: [], step: "reach" },
    { name: "an auction that has closed", job: job({ status: "closed" }), quotes: [], step: "skip_not_taking_quotes" },
    { name: "an awarded job", job: job({ status: "awarded" }), quotes: [], step: "skip_not_taking_quotes" },
    { name: "a job in progress", job: job({ status: "in_progress" }), quotes: [], step: "skip_not_taking_quotes" },
    { name: "a cancelled job", job: job({ status: "cancelled" }), quotes: [quote(1, 400, 1)], step: "skip_not_taking_quotes" },
  ])("$name → $step", ({ job, quotes, step }) => {
    expect(marketStepFor(job, quotes)).toBe(step);
  });
});

describe("allocatedLoads", () => {
  it.each([
    { quotes: [], loads: 0 },
    { quotes: [quote(1, 400, 2), quote(2, 300, 1)], loads: 1 },
    { quotes: [quote(1, 400, 9)], loads: 4 },
    { quotes: [quote(1, 0, 4)], loads: 0 },
  ])("%# → $loads", ({ quotes, loads }) => {
    expect(allocatedLoads(job(), quotes)).toBe(loads);
  });
});
