import { describe, expect, it } from "vitest";
import { MAX_ATTEMPTS, RETRY_DELAYS_MS, isDelivered, nextAttemptAt } from "#domain/webhooks/schedule.ts";

const at = new Date("2026-11-26T12:00:00Z");
const MIN = 60_000;
const HOUR = 60 * MIN;

describe("the retry schedule: exponential backoff to 8 hours, then every 12 hours, given up after about 3 days", () => {
  it.each([
    { after: 1, wait: 30_000 },
    { after: 2, wait: 2 * MIN },
    { after: 3, wait: 10 * MIN },
    { after: 4, wait: 30 * MIN },
    { after: 5, wait: HOUR },
    { after: 6, wait: 2 * HOUR },
    { after: 7, wait: 4 * HOUR },
    { after: 8, wait: 8 * HOUR },
    { after: 9, wait: 12 * HOUR },
    { after: 13, wait: 12 * HOUR },
  ])("after failed try $after the next is $wait ms later", ({ after, wait }) => {
    expect(nextAttemptAt(after, at)?.getTime()).toBe(at.getTime() + wait);
  });

  it("gives up after the 14th try", () => {
    expect(MAX_ATTEMPTS).toBe(14);
    expect(nextAttemptAt(14, at)).toBeNull();
  });

  it("spans about 3 days from the first try to the last", () => {
    const total = RETRY_DELAYS_MS.reduce((sum, delay) => sum + delay, 0);
    expect(total / HOUR).toBeCloseTo(75.7, 1);
  });

  it.each([
    { status: 200, delivered: true },
    { status: 204, delivered: true },
    { status: 299, delivered: true },
    { status: 301, delivered: false },
    { status: 400, delivered: false },
    { status: 500, delivered: false },
    { status: null, delivered: false },
  ])("an answer of $status counts as delivered: $delivered", ({ status, delivered }) => {
    expect(isDelivered(status)).toBe(delivered);
  });
});
