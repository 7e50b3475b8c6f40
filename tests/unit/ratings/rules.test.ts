import { describe, expect, it } from "vitest";
import {
  averageCentistars, editableUntil, isEditable, isRevealed, replyCheck, starsText, windowClosesAt, windowState,
} from "#domain/ratings/rules.ts";

// A rating's life: the 30-day window from delivery, the 48-hour edit, the blind reveal, the one
// reply, and the average in hundredths of a star (half up).

const DELIVERED = new Date("2026-11-24T14:05:00Z");
const at = (ms: number) => new Date(DELIVERED.getTime() + ms);
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

describe("averageCentistars", () => {
  it.each([
    { answers: [5], expected: 500 },
    { answers: [1], expected: 100 },
    { answers: [4, 5], expected: 450 },
    { answers: [4, 4, 5], expected: 433 }, // 433.33…
    { answers: [5, 5, 4], expected: 467 }, // 466.67…
    { answers: [1, 2, 2, 2], expected: 175 },
    { answers: [3, 4, 4, 4, 4, 4, 4, 4], expected: 388 }, // 387.5 rounds up
    { answers: [1, 1, 1, 2, 2, 2, 2, 2], expected: 163 }, // 162.5 rounds up
    { answers: [5, 5, 5, 5], expected: 500 },
  ])("$answers → $expected", ({ answers, expected }) => {
    expect(averageCentistars(answers)).toBe(expected);
  });

  it("refuses no answers at all", () => {
    expect(() => averageCentistars([])).toThrow(RangeError);
  });
});

describe("starsText", () => {
  it.each([
    [500, "5"], [450, "4.5"], [433, "4.33"], [410, "4.1"], [100, "1"], [467, "4.67"],
  ])("%i → %s", (centistars, text) => {
    expect(starsText(centistars)).toBe(text);
  });
});

describe("the window", () => {
  it("closes 30 days after delivery", () => {
    expect(windowClosesAt(DELIVERED)).toEqual(new Date("2026-12-24T14:05:00Z"));
  });

  it.each([
    { status: "collected", deliveredAt: null, now: at(0), expected: "not_delivered" },
    { status: "cancelled", deliveredAt: null, now: at(0), expected: "not_delivered" },
    { status: "delivered", deliveredAt: null, now: at(0), expected: "not_delivered" },
    { status: "delivered", deliveredAt: DELIVERED, now: at(0), expected: "open" },
    { status: "delivered", deliveredAt: DELIVERED, now: at(29 * DAY), expected: "open" },
    { status: "delivered", deliveredAt: DELIVERED, now: at(30 * DAY - 1), expected: "open" },
    { status: "delivered", deliveredAt: DELIVERED, now: at(30 * DAY), expected: "closed" },
    { status: "delivered", deliveredAt: DELIVERED, now: at(45 * DAY), expected: "closed" },
  ])("$status delivered $deliveredAt, at $now → $expected", ({ status, deliveredAt, now, expected }) => {
    expect(windowState({ status, deliveredAt }, now)).toBe(expected);
  });
});

describe("the 48-hour edit", () => {
  const made = at(2 * DAY);
  it.each([
    { now: made, expected: true },
    { now: new Date(made.getTime() + 47 * HOUR), expected: true },
    { now: new Date(made.getTime() + 48 * HOUR - 1), expected: true },
    { now: new Date(made.getTime() + 48 * HOUR), expected: false },
    { now: new Date(made.getTime() + 5 * DAY), expected: false },
  ])("made at $made, at $now → $expected", ({ now, expected }) => {
    expect(isEditable(made, now)).toBe(expected);
  });

  it("says until when", () => {
    expect(editableUntil(made)).toEqual(new Date(made.getTime() + 48 * HOUR));
  });
});

describe("the blind reveal", () => {
  it.each([
    { bothRated: false, deliveredAt: DELIVERED, now: at(DAY), expected: false },
    { bothRated: true, deliveredAt: DELIVERED, now: at(DAY), expected: true },
    { bothRated: false, deliveredAt: DELIVERED, now: at(30 * DAY - 1), expected: false },
    { bothRated: false, deliveredAt: DELIVERED, now: at(30 * DAY), expected: true },
    { bothRated: false, deliveredAt: null, now: at(90 * DAY), expected: false },
  ])("both rated $bothRated, at $now → $expected", ({ bothRated, deliveredAt, now, expected }) => {
    expect(isRevealed({ bothRated, deliveredAt }, now)).toBe(expected);
  });
});

describe("the reply", () => {
  const rating = { ratedAccountId: 7, reply: null, hiddenAt: null };
  it.each([
    { rating, viewer: { accountId: 7, office: true }, revealed: true, expected: "may_reply" },
    { rating: { ...rating, reply: "Thanks" }, viewer: { accountId: 7, office: true }, revealed: true, expected: "replied" },
    { rating, viewer: { accountId: 7, office: true }, revealed: false, expected: "not_theirs" },
    { rating, viewer: { accountId: 7, office: false }, revealed: true, expected: "not_theirs" },
    { rating, viewer: { accountId: 8, office: true }, revealed: true, expected: "not_theirs" },
    { rating: { ...rating, hiddenAt: DELIVERED }, viewer: { accountId: 7, office: true }, revealed: true, expected: "not_theirs" },
  ])("$viewer on $rating, revealed $revealed → $expected", ({ rating, viewer, revealed, expected }) => {
    expect(replyCheck(rating, viewer, revealed)).toBe(expected);
  });
});
