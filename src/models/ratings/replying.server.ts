import { db } from "#db/client.server.ts";
import { RATING_MESSAGES as M } from "#domain/ratings/form.ts";
import { isOfficeOf } from "#domain/accounts/team.ts";
import { replyCheck } from "#domain/ratings/rules.ts";
import { found } from "#lib/errors.server.ts";
import { ok, refused, type Result } from "#lib/result.server.ts";
import { type FoundRating, ratingRevealed, requireRating } from "#models/ratings.server.ts";
import type { CurrentUser } from "#models/users.server.ts";

// The rated company's office answers a rating, publicly and once. Only a rating it can see (revealed,
// not hidden): anyone else, and a rating still blind, finds nothing (404). A second reply is 422.

/** The rating this user's office may reply to (or has replied to); 404 for everyone else. */
export async function requireRatingToReply(user: CurrentUser, id: number, now = new Date()): Promise<FoundRating> {
  const rating = await requireRating(id);
  const viewer = { accountId: user.accountId, office: isOfficeOf("shipper", user) || isOfficeOf("carrier", user) };
  found(replyCheck(rating, viewer, ratingRevealed(rating, now)) !== "not_theirs");
  return rating;
}

/** Writes the reply unless one is there already (checked in the same statement as the write). */
export async function replyToRating(user: CurrentUser, rating: FoundRating, reply: string, now = new Date()): Promise<Result> {
  const { count } = await db().rating.updateMany({ where: { id: rating.id, reply: null }, data: { reply, repliedAt: now, repliedById: user.id } });
  return count ? ok() : refused({ reply: M.replied });
}
