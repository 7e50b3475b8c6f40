import { describe, expect, it } from "vitest";
import {
  cancellationRate,
  companyScore,
  countsInScore,
  isNewOnLoadline,
  isOnTime,
  NO_TIMELINE,
  ratingScore,
  ratingSummary,
  type ScoredRating,
} from "#domain/ratings/score.ts";

const now = new Date("2026-11-26T12:00:00Z");
const rating = (over: Partial<ScoredRating> = {}): ScoredRating => ({
  raterAccountId: 1,
  averageCentistars: 400,
  wouldAgain: true,
  createdAt: new Date("2026-10-01T10:00:00Z"),
  hiddenAt: null,
  bothRated: true,
  deliveredAt: new Date("2026-09-30T10:00:00Z"),
  ...over,
});

describe("which ratings count: the last 12 months, not hidden, revealed", () => {
  it.each([
    { case: "last month, both rated", over: {}, counts: true },
    { case: "exactly 12 months ago (26 Nov 2025, midnight)", over: { createdAt: new Date("2025-11-26T00:00:00Z") }, counts: true },
    { case: "the day before the 12 months", over: { createdAt: new Date("2025-11-25T23:59:59Z") }, counts: false },
    { case: "hidden by support", over: { hiddenAt: new Date("2026-10-02T00:00:00Z") }, counts: false },
    { case: "blind: other side not rated, delivered 29 days ago", over: { bothRated: false, deliveredAt: new Date("2026-10-28T12:00:00Z") }, counts: false },
    { case: "revealed: other side not rated, delivered 30 days ago", over: { bothRated: false, deliveredAt: new Date("2026-10-27T12:00:00Z") }, counts: true },
    { case: "blind: other side not rated, no delivery recorded", over: { bothRated: false, deliveredAt: null }, counts: false },
  ])("$case → $counts", ({ over, counts }) => {
    expect(countsInScore(rating(over), now)).toBe(counts);
  });
});

describe("one voice per counterpart: a company's many ratings count as their average", () => {
  it.each([
    { case: "no ratings", ratings: [], score: { centistars: null, ratings: 0, counterparts: 0, wouldAgainPercent: null } },
    { case: "one rating", ratings: [rating({ averageCentistars: 350 })], score: { centistars: 350, ratings: 1, counterparts: 1, wouldAgainPercent: 100 } },
    {
      case: "a big customer's nine 1-star ratings weigh as much as one 5-star rating from another",
      ratings: [...Array.from({ length: 9 }, () => rating({ raterAccountId: 7, averageCentistars: 100, wouldAgain: false })), rating({ raterAccountId: 8, averageCentistars: 500 })],
      score: { centistars: 300, ratings: 10, counterparts: 2, wouldAgainPercent: 50 },
    },
    {
      case: "a counterpart's own ratings averaged first (4 and 5 → 4.5), then with another's 3",
      ratings: [rating({ raterAccountId: 7, averageCentistars: 400 }), rating({ raterAccountId: 7, averageCentistars: 500, wouldAgain: false }), rating({ raterAccountId: 8, averageCentistars: 300 })],
      score: { centistars: 375, ratings: 3, counterparts: 2, wouldAgainPercent: 75 },
    },
    {
      case: "hidden and old ratings left out of the count",
      ratings: [rating({ averageCentistars: 500 }), rating({ averageCentistars: 100, hiddenAt: now }), rating({ raterAccountId: 9, averageCentistars: 100, createdAt: new Date("2025-01-01T00:00:00Z") })],
      score: { centistars: 500, ratings: 1, counterparts: 1, wouldAgainPercent: 100 },
    },
  ])("$case", ({ ratings, score }) => {
    expect(ratingScore(ratings, now)).toEqual(score);
  });

  it.each([
    { score: { centistars: null, ratings: 0, counterparts: 0, wouldAgainPercent: null }, text: "No ratings yet" },
    { score: { centistars: 437, ratings: 1, counterparts: 1, wouldAgainPercent: 100 }, text: "4.4 out of 5 from 1 rating by 1 company" },
    { score: { centistars: 300, ratings: 12, counterparts: 5, wouldAgainPercent: 50 }, text: "3.0 out of 5 from 12 ratings by 5 companies" },
  ])("$text", ({ score, text }) => {
    expect(ratingSummary(score)).toBe(text);
  });
});

describe("on time: collected or delivered before the end of the planned day", () => {
  const day = new Date("2026-11-02T00:00:00Z");
  it.each([
    { case: "during the day", at: new Date("2026-11-02T15:00:00Z"), onTime: true },
    { case: "the day before", at: new Date("2026-11-01T09:00:00Z"), onTime: true },
    { case: "the last minute of the day", at: new Date("2026-11-02T23:59:00Z"), onTime: true },
    { case: "midnight after", at: new Date("2026-11-03T00:00:00Z"), onTime: false },
    { case: "not done", at: null, onTime: null },
  ])("$case → $onTime", ({ at, onTime }) => {
    expect(isOnTime(at, day)).toBe(onTime);
  });
  it("no planned day: not judged", () => expect(isOnTime(new Date(), null)).toBeNull());
});

describe("cancellation rate over 365 days: shown from 5 completed loads, over 10% frequent", () => {
  it.each([
    { case: "4 completed: not shown yet", completed: 4, deliveredInYear: 4, cancelledInYear: 3, rate: null },
    { case: "5 completed, none cancelled", completed: 5, deliveredInYear: 5, cancelledInYear: 0, rate: { percent: 0, frequent: false } },
    { case: "exactly 10%: not frequent", completed: 9, deliveredInYear: 9, cancelledInYear: 1, rate: { percent: 10, frequent: false } },
    { case: "just over 10% (1 in 9): frequent", completed: 8, deliveredInYear: 8, cancelledInYear: 1, rate: { percent: 11, frequent: true } },
    { case: "10.4% rounds to 10 but is still over 10%: frequent", completed: 120, deliveredInYear: 112, cancelledInYear: 13, rate: { percent: 10, frequent: true } },
    { case: "completed long ago, nothing this year: not shown", completed: 20, deliveredInYear: 0, cancelledInYear: 0, rate: null },
  ])("$case", ({ completed, deliveredInYear, cancelledInYear, rate }) => {
    expect(cancellationRate({ completed, deliveredInYear, cancelledInYear })).toEqual(rate);
  });
});

describe("New on Loadline: fewer than 5 completed loads", () => {
  it.each([
    { completed: 0, isNew: true },
    { completed: 4, isNew: true },
    { completed: 5, isNew: false },
  ])("$completed completed → $isNew", ({ completed, isNew }) => {
    expect(isNewOnLoadline(completed)).toBe(isNew);
  });
});

describe("a company's score keeps the figures of its kind", () => {
  const timeline = { ...NO_TIMELINE, completed: 10, collectionsJudged: 4, collectionsOnTime: 3, deliveriesJudged: 3, deliveriesOnTime: 2, deliveredInYear: 9, cancelledInYear: 1 };
  const rating = { centistars: 400, ratings: 2, counterparts: 1, wouldAgainPercent: 100 };
  const createdAt = new Date("2025-01-01T00:00:00Z");
  it.each([
    { kind: "carrier", figures: { onTimeCollectionPercent: 75, onTimeDeliveryPercent: 67, cancellation: null, daysToPay: null, newOnLoadline: false } },
    { kind: "shipper", figures: { onTimeCollectionPercent: null, onTimeDeliveryPercent: null, cancellation: { percent: 10, frequent: false }, daysToPay: 23, newOnLoadline: false } },
  ])("$kind", ({ kind, figures }) => {
    expect(companyScore({ accountId: 1, name: "Moorland Haulage", kind, createdAt, rating, timeline, daysToPay: 23 })).toMatchObject(figures);
  });
});
