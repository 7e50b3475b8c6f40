import { db } from "#db/client.server.ts";
import { inOfficeOf } from "#domain/accounts/team.ts";
import { type RatingSide, otherSide } from "#domain/ratings/questions.ts";
import { isRevealed } from "#domain/ratings/rules.ts";
import type { Prisma } from "#generated/prisma/client.ts";
import { found, HttpError } from "#lib/errors.server.ts";
import type { CurrentUser } from "#models/users.server.ts";

// A load's ratings: one per side (the shipper's office rates the carrier, the carrier's office the
// shipper), blind until both have rated or the 30 days after delivery are over. Who rates: here;
// writing one: ratings/saving; the reply: ratings/replying; support hiding one: ratings/hiding.

export const ratingSelect = {
  id: true, loadId: true, side: true, raterAccountId: true, ratedAccountId: true, authorId: true,
  punctuality: true, communication: true, careOfGoods: true, paperwork: true, accuracy: true, siteAndWaiting: true, paymentOnTime: true,
  averageCentistars: true, wouldAgain: true, comment: true, reply: true, repliedAt: true, hiddenAt: true, hiddenReason: true, createdAt: true, updatedAt: true,
} as const satisfies Prisma.RatingSelect;
export type RatingRow = Prisma.RatingGetPayload<{ select: typeof ratingSelect }>;

export type RatedLoad = { id: number; status: string; deliveredAt: Date | null; carrierAccountId: number | null; job: { shipperAccountId: number } };

/** A load run by a carrier for a shipper; the shipper's own fleet has nobody to rate. */
export const isRateable = (load: RatedLoad) => load.carrierAccountId !== null && load.carrierAccountId !== load.job.shipperAccountId;

/** The side this user rates for on the load (its office), or null for anyone else. */
export function ratingSideOf(load: RatedLoad, user: CurrentUser): RatingSide | null {
  if (!isRateable(load)) return null;
  if (inOfficeOf("shipper", load.job.shipperAccountId, user)) return "shipper";
  return inOfficeOf("carrier", load.carrierAccountId, user) ? "carrier" : null;
}

/** The user's side on a load they can see: drivers never rate (403); anyone else finds nothing (404). */
export function requireRatingSide(load: RatedLoad, user: CurrentUser): RatingSide {
  if (isRateable(load) && user.role === "driver") throw new HttpError(403, "Drivers do not rate loads: the office does");
  return found(ratingSideOf(load, user));
}

/** The company a side rates: the shipper's office rates the carrier and the other way round. */
export const ratedAccountOf = (load: RatedLoad, side: RatingSide): number => (side === "shipper" ? load.carrierAccountId! : load.job.shipperAccountId);

/** Both ratings of the load, in one statement. */
export function ratingsOfLoad(loadId: number): Promise<RatingRow[]> {
  return db().rating.findMany({ where: { loadId }, select: ratingSelect, orderBy: { id: "asc" } });
}

/** A load's ratings as one side sees them: its own always; the other's only once revealed. */
export type LoadRatings = { side: RatingSide; mine: RatingRow | null; theirs: RatingRow | null; otherRated: boolean; revealed: boolean };

export function ratingsAsSeenBy(load: RatedLoad, side: RatingSide, rows: readonly RatingRow[], now = new Date()): LoadRatings {
  const mine = rows.find((row) => row.side === side) ?? null;
  const other = rows.find((row) => row.side === otherSide(side)) ?? null;
  const revealed = isRevealed({ bothRated: Boolean(mine && other), deliveredAt: load.deliveredAt }, now);
  return { side, mine, theirs: revealed ? other : null, otherRated: Boolean(other), revealed };
}

/** Ids are 32-bit in PostgreSQL: a larger one names no rating (404, not a database error). */
const MAX_ID = 2_147_483_647;

/** The rating with its load's facts, for a reply or for support; 404 when there is none. */
export async function requireRating(id: number) {
  found(id <= MAX_ID);
  const load = { select: { id: true, sequence: true, status: true, deliveredAt: true, carrierAccountId: true, job: { select: { shipperAccountId: true, reference: true } }, ratings: { select: { side: true } } } };
  return found(await db().rating.findUnique({ where: { id }, select: { ...ratingSelect, load } }));
}
export type FoundRating = Awaited<ReturnType<typeof requireRating>>;

/** Whether the rating is seen by both sides yet (its load has both ratings, or the 30 days are over). */
export const ratingRevealed = (rating: FoundRating, now = new Date()) =>
  isRevealed({ bothRated: rating.load.ratings.length === 2, deliveredAt: rating.load.deliveredAt }, now);
