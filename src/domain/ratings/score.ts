// A company's score, as other companies see it (docs/scores.md). Ratings count over the last 12
// months, only once revealed and not hidden, and a counterpart's many ratings count as ONE voice
// (their average), so one big customer can neither carry nor sink a score. On-time figures come from
// the load timeline, not from ratings. The cancellation rate is over 365 days and shown only once a
// company has completed enough loads for it to mean something.

import { addMonths } from "#domain/format/calendar.ts";
import { count } from "#domain/format/count.ts";
import { isRevealed } from "./rules.ts";

const DAY_MS = 86_400_000;
/** Ratings count for this many months back from today. */
export const SCORE_WINDOW_MONTHS = 12;
/** Fewer completed loads than this: "New on Loadline", and no cancellation rate yet. */
export const NEW_BELOW_COMPLETED = 5;
/** The days the cancellation rate looks back over. */
export const CANCELLATION_WINDOW_DAYS = 365;
/** A cancellation rate above this percentage is marked "frequent cancellations". */
export const FREQUENT_CANCELLATIONS_ABOVE_PERCENT = 10;
/** A collection or delivery is on time when done before the end of its planned day (stored as that day's midnight). */
export const ON_TIME_GRACE_MS = DAY_MS;

/** The first instant whose ratings count on `now`: the same calendar day 12 months before, at midnight UTC. */
export const scoreWindowStart = (now: Date) => new Date(`${addMonths(now.toISOString().slice(0, 10), -SCORE_WINDOW_MONTHS)}T00:00:00Z`);
/** The first instant the cancellation rate counts. */
export const cancellationWindowStart = (now: Date) => new Date(now.getTime() - CANCELLATION_WINDOW_DAYS * DAY_MS);

/** Whether a collection or delivery at `at` was on time for its planned day (null: not judged). */
export function isOnTime(at: Date | null, plannedDay: Date | null): boolean | null {
  if (at === null || plannedDay === null) return null;
  return at.getTime() < plannedDay.getTime() + ON_TIME_GRACE_MS;
}

export type ScoredRating = {
  raterAccountId: number;
  averageCentistars: number;
  wouldAgain: boolean;
  createdAt: Date;
  hiddenAt: Date | null;
  bothRated: boolean;
  deliveredAt: Date | null;
};

export type RatingScore = {
  /** The mean of the counterparts' voices in hundredths of a star (100–500); null with no ratings. */
  centistars: number | null;
  ratings: number;
  counterparts: number;
  /** The mean of the counterparts' "would use again" shares, as a whole percentage. */
  wouldAgainPercent: number | null;
};

/** Whether a rating counts in the score on `now`: not hidden, revealed (rules.ts: blind until both rated or 30 days after delivery) and within the 12 months. */
export function countsInScore(rating: ScoredRating, now: Date): boolean {
  return rating.hiddenAt === null && rating.createdAt >= scoreWindowStart(now) && rating.createdAt <= now && isRevealed(rating, now);
}

/** The score of the ratings of one company: each counterpart one voice, the average of its ratings. */
export function ratingScore(ratings: readonly ScoredRating[], now: Date): RatingScore {
  const voices = new Map<number, { stars: number; again: number; n: number }>();
  const counted = ratings.filter((rating) => countsInScore(rating, now));
  for (const rating of counted) {
    const voice = voices.get(rating.raterAccountId) ?? { stars: 0, again: 0, n: 0 };
    voice.stars += rating.averageCentistars;
    voice.again += rating.wouldAgain ? 1 : 0;
    voice.n += 1;
    voices.set(rating.raterAccountId, voice);
  }
  if (!voices.size) return { centistars: null, ratings: 0, counterparts: 0, wouldAgainPercent: null };
  const each = [...voices.values()];
  const mean = (f: (v: (typeof each)[number]) => number) => each.reduce((sum, v) => sum + f(v), 0) / each.length;
  return {
    centistars: Math.round(mean((v) => v.stars / v.n)),
    ratings: counted.length,
    counterparts: each.length,
    wouldAgainPercent: Math.round(mean((v) => (100 * v.again) / v.n)),
  };
}

/** What the load timeline says of a company, counted by the database (company-scores.server.ts). */
export type TimelineFigures = {
  /** Loads delivered, ever: carried (carrier) or sent (shipper). */
  completed: number;
  /** Delivered loads in the 12 months with a collection day, and those collected before its end. */
  collectionsJudged: number;
  collectionsOnTime: number;
  deliveriesJudged: number;
  deliveriesOnTime: number;
  /** In the last 365 days: loads delivered, and loads cancelled after they were given to a carrier. */
  deliveredInYear: number;
  cancelledInYear: number;
};

export type CancellationRate = { percent: number; frequent: boolean } | null;

/** Cancelled ÷ (delivered + cancelled) over 365 days; null (not shown) before 5 completed loads or with none finished. */
export function cancellationRate(figures: Pick<TimelineFigures, "completed" | "deliveredInYear" | "cancelledInYear">): CancellationRate {
  const finished = figures.deliveredInYear + figures.cancelledInYear;
  if (figures.completed < NEW_BELOW_COMPLETED || finished === 0) return null;
  const exact = (100 * figures.cancelledInYear) / finished;
  return { percent: Math.round(exact), frequent: exact > FREQUENT_CANCELLATIONS_ABOVE_PERCENT };
}

/** "New on Loadline" while a company has completed fewer than 5 loads. */
export const isNewOnLoadline = (completed: number) => completed < NEW_BELOW_COMPLETED;
/** What the "New on Loadline" badge means, in its tooltip. */
export const NEW_ON_LOADLINE_MEANS = `Fewer than ${NEW_BELOW_COMPLETED} loads completed on Loadline so far, so its figures rest on little history`;

/** A whole percentage of those judged, or null when none were. */
export const percentOf = (part: number, whole: number) => (whole === 0 ? null : Math.round((100 * part) / whole));

/** 437 → "4.4": a score to one decimal place. */
export const scoreText = (centistars: number) => (centistars / 100).toFixed(1);

/** "4.4 stars from 12 ratings by 5 companies", or "No ratings yet". */
export function ratingSummary(score: RatingScore): string {
  if (score.centistars === null) return "No ratings yet";
  return `${scoreText(score.centistars)} out of 5 from ${count(score.ratings, "rating")} by ${count(score.counterparts, "company", "companies")}`;
}

export type CompanyScore = RatingScore & {
  accountId: number;
  name: string;
  kind: string;
  onLoadlineSince: Date;
  completed: number;
  newOnLoadline: boolean;
  /** Carriers: on-time collection and delivery over the 12 months (null when none was judged). */
  onTimeCollectionPercent: number | null;
  onTimeDeliveryPercent: number | null;
  /** Shippers: their cancellations after award (a carrier cannot cancel a load on Loadline). */
  cancellation: CancellationRate;
  /** Shippers: average days to pay over 12 months (null when none was paid). */
  daysToPay: number | null;
};

type ScoreParts = { accountId: number; name: string; kind: string; createdAt: Date; rating: RatingScore; timeline: TimelineFigures; daysToPay: number | null };

/** A company's whole score: its ratings, and the timeline figures that mean something for its kind. */
export function companyScore({ accountId, name, kind, createdAt, rating, timeline, daysToPay }: ScoreParts): CompanyScore {
  const carrier = kind === "carrier";
  return {
    ...rating,
    accountId,
    name,
    kind,
    onLoadlineSince: createdAt,
    completed: timeline.completed,
    newOnLoadline: isNewOnLoadline(timeline.completed),
    onTimeCollectionPercent: carrier ? percentOf(timeline.collectionsOnTime, timeline.collectionsJudged) : null,
    onTimeDeliveryPercent: carrier ? percentOf(timeline.deliveriesOnTime, timeline.deliveriesJudged) : null,
    cancellation: carrier ? null : cancellationRate(timeline),
    daysToPay: carrier ? null : daysToPay,
  };
}

export const NO_TIMELINE: TimelineFigures = {
  completed: 0, collectionsJudged: 0, collectionsOnTime: 0, deliveriesJudged: 0, deliveriesOnTime: 0, deliveredInYear: 0, cancelledInYear: 0,
};
