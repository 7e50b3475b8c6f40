import { starsText, isEditable, windowState } from "#domain/ratings/rules.ts";
import { loadNumber } from "#domain/loads/load-number.ts";
import type { LoadDetail } from "#models/loads.server.ts";
import { ratingSideOf, ratingsAsSeenBy, ratingsOfLoad, type RatingRow } from "#models/ratings.server.ts";
import type { CurrentUser } from "#models/users.server.ts";
import { HIDDEN_TEXT } from "#pages/ratings/shown.server.ts";
import { ratedNameOf, ratingPath } from "#pages/ratings.server.ts";

// The load page's "Rating" card (views/ratings/_load_card.ejs), for the two offices once the load is
// delivered: the link to rate the other company, both ratings' stars once revealed, "Waiting for
// the other side" while blind. Its one read (both ratings) happens only then. Under it, for everyone
// who sees the load, "Report a problem" (a complaint for support, not a rating).

export const problemPath = (loadId: number) => `/loads/${loadId}/problem`;
export const WAITING = "Waiting for the other side";

const starsOf = (row: RatingRow) => (row.hiddenAt ? HIDDEN_TEXT : `${starsText(row.averageCentistars)} out of 5`);

async function ratingCard(user: CurrentUser, load: LoadDetail, now: Date) {
  const side = load.status === "delivered" ? ratingSideOf(load, user) : null;
  if (!side) return null;
  const seen = ratingsAsSeenBy(load, side, await ratingsOfLoad(load.id), now);
  const ratedName = ratedNameOf(load, side);
  const open = windowState(load, now) === "open";
  const changeable = seen.mine !== null && open && isEditable(seen.mine.createdAt, now);
  const link = !seen.mine && open ? `Rate ${ratedName}` : changeable ? "Change your rating" : "See the ratings";
  return {
    href: ratingPath(load.id),
    link,
    mine: seen.mine ? `Your rating of ${ratedName}: ${starsOf(seen.mine)}` : "",
    theirs: seen.theirs ? `${ratedName}'s rating of you: ${starsOf(seen.theirs)}` : "",
    waiting: seen.mine && !seen.revealed ? WAITING : "",
    closed: !seen.mine && !open ? "Ratings of this load are closed." : "",
  };
}

/** What the card shows this user: the rating part (null: none) and the problem form. */
export async function loadTrustCard(user: CurrentUser, load: LoadDetail, now = new Date()) {
  return {
    rating: await ratingCard(user, load, now),
    problem: { action: problemPath(load.id), evidenceHref: problemPath(load.id), loadNumber: loadNumber(load.job.reference, load.sequence) },
  };
}
