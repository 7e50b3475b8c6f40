import { formatDate, formatLongDate } from "#domain/format/dates.ts";
import { ALL_QUESTIONS, type RatingSide, wouldAgainLabel } from "#domain/ratings/questions.ts";
import { starsText } from "#domain/ratings/rules.ts";
import type { RatingRow } from "#models/ratings.server.ts";

// One rating as a person reads it: each answer in stars, the average, "would … again", the comment
// and the reply. A rating support hid shows its author the reason, and everyone else only that it
// was hidden.

export const HIDDEN_TEXT = "Hidden by Loadline support.";

export type ShownRating = ReturnType<typeof shownRating>;

/** `byViewer`: the viewer's office wrote it (it sees its own hidden rating and why). */
export function shownRating(row: RatingRow, byViewer: boolean) {
  const hidden = row.hiddenAt !== null;
  const withheld = hidden && !byViewer;
  return {
    id: row.id,
    hidden,
    hiddenText: hidden ? (byViewer ? `${HIDDEN_TEXT} Reason: ${row.hiddenReason ?? ""}` : HIDDEN_TEXT) : "",
    average: withheld ? "" : `${starsText(row.averageCentistars)} out of 5`,
    answers: withheld ? [] : ALL_QUESTIONS.filter((question) => row[question.column] !== null).map((question) => ({ label: question.label, stars: row[question.column]! })),
    wouldAgain: withheld ? "" : wouldAgainLabel(row.side as RatingSide, row.wouldAgain),
    comment: withheld ? "" : (row.comment ?? ""),
    rated: `Rated on ${formatLongDate(row.createdAt)}`,
    reply: withheld ? "" : (row.reply ?? ""),
    replied: row.repliedAt ? `Replied on ${formatDate(row.repliedAt)}` : "",
  };
}
