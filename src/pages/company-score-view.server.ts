import { count } from "#domain/format/count.ts";
import { daysToPayText } from "#domain/invoices/days-to-pay.ts";
import { type CompanyScore, NEW_ON_LOADLINE_MEANS, ratingSummary, scoreText } from "#domain/ratings/score.ts";

// A company's score as the pages show it (quotes page, job board, job page, profile): the texts
// built once here, so the templates only place them (docs/scores.md).

export type ScoreView = {
  accountId: number;
  name: string;
  path: string;
  /** "4.4", or null with no ratings yet. */
  stars: string | null;
  /** "12 ratings". */
  ratingsText: string;
  /** "4.4 out of 5 from 12 ratings by 5 companies" or "No ratings yet". */
  summary: string;
  wouldAgainText: string | null;
  onTimeText: string | null;
  onTimeCollectionText: string | null;
  onTimeDeliveryText: string | null;
  completedText: string;
  newOnLoadline: boolean;
  /** The "New on Loadline" badge's tooltip. */
  newOnLoadlineMeans: string;
  cancellationText: string | null;
  frequentCancellations: boolean;
  daysToPayText: string | null;
};

/** The profile's address of a company. */
export const companyPath = (accountId: number) => `/companies/${accountId}`;

const percentText = (percent: number | null, words: string) => (percent === null ? null : `${percent}% ${words}`);

/** The words for a company's score; a missing score (a platform account) shows as new with no ratings. */
export function scoreView(score: CompanyScore): ScoreView {
  const onTime = score.onTimeDeliveryPercent;
  return {
    accountId: score.accountId,
    name: score.name,
    path: companyPath(score.accountId),
    stars: score.centistars === null ? null : scoreText(score.centistars),
    ratingsText: count(score.ratings, "rating"),
    summary: ratingSummary(score),
    wouldAgainText: percentText(score.wouldAgainPercent, score.kind === "carrier" ? "would use again" : "would work for again"),
    onTimeText: percentText(onTime, "on time"),
    onTimeCollectionText: percentText(score.onTimeCollectionPercent, "collected on time"),
    onTimeDeliveryText: percentText(score.onTimeDeliveryPercent, "delivered on time"),
    completedText: `${count(score.completed, "load")} completed`,
    newOnLoadline: score.newOnLoadline,
    newOnLoadlineMeans: NEW_ON_LOADLINE_MEANS,
    cancellationText: score.cancellation ? `${score.cancellation.percent}% of loads cancelled after award in the last year` : null,
    frequentCancellations: score.cancellation?.frequent ?? false,
    daysToPayText: daysToPayText(score.daysToPay),
  };
}

/** Each company's score view by account id. */
export function scoreViews(scores: Map<number, CompanyScore>): Map<number, ScoreView> {
  return new Map([...scores].map(([id, score]) => [id, scoreView(score)]));
}
