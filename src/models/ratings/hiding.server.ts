import { db } from "#db/client.server.ts";
import { found } from "#lib/errors.server.ts";
import { ok, refusedBase, type Result } from "#lib/result.server.ts";
import { audit } from "#models/audit.server.ts";
import { requireRating } from "#models/ratings.server.ts";
import { afterHidden } from "#models/ratings/notices.server.ts";
import type { CurrentUser } from "#models/users.server.ts";

// Loadline support hides a rating that is abusive or names a person or a price: the reason is kept
// on the rating and on the audit log, the author's office is told, and the rating no longer shows
// its stars or comment to the rated company or in scores' comments. Only support staff: anyone else
// finds nothing (404).

export const ALREADY_HIDDEN = "This rating is hidden already";

export const isSupportStaff = (user: CurrentUser) => user.role === "support";

/** The rating, for support staff only; 404 for everyone else. */
export async function requireRatingForSupport(user: CurrentUser, id: number) {
  found(isSupportStaff(user));
  return requireRating(id);
}

export async function hideRating(staff: CurrentUser, ratingId: number, reason: string, now = new Date()): Promise<Result> {
  found(isSupportStaff(staff));
  const { count } = await db().rating.updateMany({ where: { id: ratingId, hiddenAt: null }, data: { hiddenAt: now, hiddenReason: reason, hiddenById: staff.id } });
  if (!count) return refusedBase(ALREADY_HIDDEN, 409);
  const rating = await db().rating.findUniqueOrThrow({ where: { id: ratingId }, select: { loadId: true, raterAccountId: true, authorId: true, hiddenReason: true } });
  await audit("rating.hidden", staff.id, rating.authorId, { ratingId, loadId: rating.loadId, reason });
  await afterHidden(rating);
  return ok();
}
