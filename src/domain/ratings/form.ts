// The rating form as posted, read by zod: 1–5 stars for each question this side is asked, the
// yes/no "would … again", an optional comment of up to 1,000 characters. Also the reply to a rating,
// support's reason for hiding one, and the sentences a refused rating answers with.

import { z } from "zod";
import { formatLongDate } from "#domain/format/dates.ts";
import { questionsFor, type Question, type RatingSide, type StarColumn } from "./questions.ts";
import { averageCentistars, EDIT_WINDOW_HOURS, RATING_WINDOW_DAYS } from "./rules.ts";

export const MAX_COMMENT_LENGTH = 1_000;
export const MAX_REPLY_LENGTH = 1_000;
export const MAX_HIDE_REASON_LENGTH = 500;

export const RATING_MESSAGES = {
  /** "Choose from 1 to 5 stars for punctuality". */
  stars: (label: string) => `Choose from 1 to 5 stars for ${label.charAt(0).toLowerCase()}${label.slice(1)}`,
  wouldAgain: { shipper: "Say whether you would use them again", carrier: "Say whether you would work for them again" },
  commentTooLong: "Keep the comment to 1,000 characters",
  commentNotText: "Write the comment as text",
  replyMissing: "Enter your reply",
  replyTooLong: "Keep the reply to 1,000 characters",
  replied: "You have already replied to this rating. A rating has one reply.",
  reasonMissing: "Enter why the rating is hidden",
  reasonTooLong: "Keep the reason to 500 characters",
  /** "You rated this load on 24 November 2026. A rating can be changed for 48 hours." */
  ratedAlready: (createdAt: Date) => `You rated this load on ${formatLongDate(createdAt)}. A rating can be changed for ${EDIT_WINDOW_HOURS} hours.`,
  /** "Ratings close 30 days after delivery: this load was delivered on 24 October 2026." */
  windowClosed: (deliveredAt: Date) => `Ratings close ${RATING_WINDOW_DAYS} days after delivery: this load was delivered on ${formatLongDate(deliveredAt)}.`,
  notDelivered: "You can rate this load once it has been delivered.",
} as const;
const M = RATING_MESSAGES;

export type RatingInput = { answers: Partial<Record<StarColumn, number>>; averageCentistars: number; wouldAgain: boolean; comment: string | null };

const star = (question: Question) =>
  z.enum(["1", "2", "3", "4", "5"], { error: M.stars(question.label) }).transform(Number);

/** The form for this side's questions (the payment question only when `paymentDue`). */
export function ratingSchema(side: RatingSide, paymentDue: boolean) {
  const questions = questionsFor(side, paymentDue);
  const stars = Object.fromEntries(questions.map((question) => [question.field, star(question)]));
  return z
    .object({
      ...stars,
      would_again: z.enum(["yes", "no"], { error: M.wouldAgain[side] }),
      comment: z.string({ error: M.commentNotText }).trim().max(MAX_COMMENT_LENGTH, M.commentTooLong).optional(),
    })
    .transform((form): RatingInput => {
      const fields = form as Record<string, unknown>;
      const answers = Object.fromEntries(questions.map((question) => [question.column, fields[question.field] as number]));
      const given = Object.values(answers);
      return { answers, averageCentistars: averageCentistars(given), wouldAgain: form.would_again === "yes", comment: form.comment || null };
    });
}

export const ReplySchema = z.object({
  reply: z.string({ error: M.replyMissing }).trim().min(1, M.replyMissing).max(MAX_REPLY_LENGTH, M.replyTooLong),
});

export const HideSchema = z.object({
  reason: z.string({ error: M.reasonMissing }).trim().min(1, M.reasonMissing).max(MAX_HIDE_REASON_LENGTH, M.reasonTooLong),
});
