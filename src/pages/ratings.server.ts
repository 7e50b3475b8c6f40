import { formatDateTime, formatLongDate } from "#domain/format/dates.ts";
import { RATING_MESSAGES as M, MAX_COMMENT_LENGTH, MAX_REPLY_LENGTH } from "#domain/ratings/form.ts";
import { questionsFor, type RatingSide, wouldAgainQuestion } from "#domain/ratings/questions.ts";
import { editableUntil, isEditable, replyCheck, windowClosesAt, windowState } from "#domain/ratings/rules.ts";
import type { LoadDetail } from "#models/loads.server.ts";
import { type LoadRatings, type RatingRow, ratingsAsSeenBy, ratingsOfLoad, requireRatingSide } from "#models/ratings.server.ts";
import { paymentDueFor } from "#models/ratings/payment.server.ts";
import type { CurrentUser } from "#models/users.server.ts";
import { shownRating } from "#pages/ratings/shown.server.ts";

// The rating page of a delivered load (views/ratings/show.ejs), for each office: its form (filled in
// with its rating while it may still change it), and both ratings as far as they are revealed, with
// the reply form under the other side's rating of it.

export const ratingPath = (loadId: number) => `/loads/${loadId}/rating`;
export const replyPath = (ratingId: number) => `/ratings/${ratingId}/reply`;
export const loadPath = (loadId: number) => `/loads/${loadId}`;

export type RatingForm = { errors: Record<string, string>; values: Record<string, unknown>; replyTo?: number };

const text = (value: unknown) => (typeof value === "string" ? value : "");

/** The name of the company this side rates. */
export const ratedNameOf = (load: LoadDetail, side: RatingSide) => (side === "shipper" ? (load.carrierAccount?.name ?? "the carrier") : load.job.shipperAccount.name);

/** What the form shows: as posted when refused, else the rating being changed, else empty. */
function formValues(questions: ReturnType<typeof questionsFor>, mine: RatingRow | null, form: RatingForm | null) {
  if (form && form.replyTo === undefined) {
    return Object.fromEntries([...questions.map((q) => q.field), "would_again", "comment"].map((name) => [name, text(form.values[name])]));
  }
  const stars = questions.map((q) => [q.field, mine?.[q.column] ? String(mine[q.column]) : ""]);
  return { ...Object.fromEntries(stars), would_again: mine ? (mine.wouldAgain ? "yes" : "no") : "", comment: mine?.comment ?? "" };
}

/** Why there is no form, or until when the rating may change. */
function noteOf(load: LoadDetail, seen: LoadRatings, now: Date): { note: string; open: boolean } {
  const state = windowState(load, now);
  if (state === "not_delivered") return { note: M.notDelivered, open: false };
  if (state === "closed") return { note: M.windowClosed(load.deliveredAt!), open: false };
  if (!seen.mine) return { note: "", open: true };
  if (!isEditable(seen.mine.createdAt, now)) return { note: M.ratedAlready(seen.mine.createdAt), open: false };
  return { note: `You can change your rating until ${formatDateTime(editableUntil(seen.mine.createdAt))}.`, open: true };
}

/** The other side's rating, or why it is not shown (blind). */
function theirsOf(load: LoadDetail, seen: LoadRatings, user: CurrentUser, form: RatingForm | null) {
  const ratedBy = ratedNameOf(load, seen.side);
  if (!seen.theirs) {
    const closes = load.deliveredAt ? formatLongDate(windowClosesAt(load.deliveredAt)) : "";
    const waiting = seen.otherRated ? `${ratedBy} has rated you. You will see it once you have rated them too, or on ${closes}.` : `${ratedBy} has not rated you yet.`;
    return { rating: null, waiting, reply: null };
  }
  const mayReply = replyCheck(seen.theirs, { accountId: user.accountId, office: true }, seen.revealed) === "may_reply";
  const posted = form?.replyTo === seen.theirs.id ? form : null;
  const reply = mayReply ? { action: replyPath(seen.theirs.id), value: text(posted?.values.reply), error: posted?.errors.reply ?? "", max: MAX_REPLY_LENGTH } : null;
  return { rating: shownRating(seen.theirs, false), waiting: "", reply };
}

/** Everything views/ratings/show.ejs shows; 403 for the load's driver, 404 for anyone but the two offices. */
export async function ratingPage(user: CurrentUser, load: LoadDetail, form: RatingForm | null = null, now = new Date()) {
  const side = requireRatingSide(load, user);
  const [rows, paymentDue] = await Promise.all([ratingsOfLoad(load.id), side === "carrier" ? paymentDueFor(load.id, now) : false]);
  const seen = ratingsAsSeenBy(load, side, rows, now);
  const ratedName = ratedNameOf(load, side);
  const questions = questionsFor(side, paymentDue);
  const { note, open } = noteOf(load, seen, now);
  const values = formValues(questions, seen.mine, form);
  return {
    title: `${seen.mine ? "Your rating of" : "Rate"} ${ratedName} · Load ${load.sequence} · ${load.job.reference}`,
    heading: `${seen.mine ? "Your rating of" : "Rate"} ${ratedName}`,
    load, loadPath: loadPath(load.id), ratedName, note,
    form: open ? {
      action: ratingPath(load.id),
      questions: questions.map((q) => ({ ...q, id: `rating_${q.field}`, value: values[q.field] ?? "", error: form?.errors[q.field] ?? "" })),
      wouldAgain: { question: wouldAgainQuestion(side, ratedName), value: values.would_again ?? "", error: form?.errors.would_again ?? "" },
      comment: { value: values.comment ?? "", error: form?.errors.comment ?? "", max: MAX_COMMENT_LENGTH },
      submit: seen.mine ? "Save changes" : "Send rating",
    } : null,
    mine: seen.mine ? shownRating(seen.mine, true) : null,
    theirs: theirsOf(load, seen, user, form),
    summary: { errors: form?.errors ?? {}, fields: [...questions.map((q) => q.field), "would_again", "comment", "reply"], fieldIds: summaryIds(questions) },
  };
}

function summaryIds(questions: ReturnType<typeof questionsFor>) {
  const stars = Object.fromEntries(questions.map((q) => [q.field, `rating_${q.field}_1`]));
  return { ...stars, would_again: "rating_would_again_yes", comment: "rating_comment", reply: "rating_reply", base: null };
}
export type RatingPage = Awaited<ReturnType<typeof ratingPage>>;
