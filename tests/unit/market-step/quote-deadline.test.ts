import { describe, expect, it } from "vitest";
import { closedAtDeadlineMessage, deadlinePassed, deadlineRefusal } from "#domain/bidding/quote-deadline.ts";

// 14:05 UTC in March is 14:05 in London; in July it is 15:05 British Summer Time.
const winter = new Date("2027-03-03T14:05:00Z");
const summer = new Date("2027-07-03T14:05:00Z");

describe("closedAtDeadlineMessage", () => {
  it.each([
    { deadline: winter, message: "Quotes for this job closed at the deadline on 3 Mar 2027, 14:05" },
    { deadline: summer, message: "Quotes for this job closed at the deadline on 3 Jul 2027, 15:05" },
    { deadline: summer.toISOString(), message: "Quotes for this job closed at the deadline on 3 Jul 2027, 15:05" },
  ])("$deadline → $message", ({ deadline, message }) => {
    expect(closedAtDeadlineMessage(deadline)).toBe(message);
  });
});

describe("deadlineRefusal", () => {
  const at = winter.getTime();
  it.each([
    { terms: { quoteDeadline: winter, closeAtDeadline: true }, now: at - 1, refusal: null, why: "closing, a millisecond before" },
    { terms: { quoteDeadline: winter, closeAtDeadline: true }, now: at, refusal: closedAtDeadlineMessage(winter), why: "closing, at the deadline" },
    { terms: { quoteDeadline: winter, closeAtDeadline: true }, now: at + 3_600_000, refusal: closedAtDeadlineMessage(winter), why: "closing, an hour after" },
    { terms: { quoteDeadline: winter, closeAtDeadline: false }, now: at + 3_600_000, refusal: null, why: "not closing: the shipper is only told" },
    { terms: { quoteDeadline: null, closeAtDeadline: true }, now: at, refusal: null, why: "no deadline" },
    { terms: { quoteDeadline: "not a date", closeAtDeadline: true }, now: at, refusal: null, why: "an unreadable deadline" },
  ])("$why", ({ terms, now, refusal }) => {
    expect(deadlineRefusal(terms, now)).toBe(refusal);
  });
});

describe("deadlinePassed", () => {
  it.each([
    { deadline: winter, now: winter.getTime() - 1, passed: false },
    { deadline: winter, now: winter.getTime(), passed: true },
    { deadline: null, now: winter.getTime(), passed: false },
  ])("$deadline at $now → $passed", ({ deadline, now, passed }) => {
    expect(deadlinePassed({ quoteDeadline: deadline }, now)).toBe(passed);
  });
});
