import { db } from "#db/client.server.ts";
import { RATING_MESSAGES as M, type RatingInput } from "#domain/ratings/form.ts";
import type { RatingSide } from "#domain/ratings/questions.ts";
import { isEditable, windowState } from "#domain/ratings/rules.ts";
import type { Prisma } from "#generated/prisma/client.ts";
import { ok, refusedBase, type Result } from "#lib/result.server.ts";
import { type RatedLoad, ratedAccountOf, requireRatingSide } from "#models/ratings.server.ts";
import { afterRated } from "#models/ratings/notices.server.ts";
import type { CurrentUser } from "#models/users.server.ts";

// An office rates the other company on a delivered load, once per side: the first POST makes the
// rating, another within 48 hours of it changes it, and after that it stands (422). The load must be
// delivered (409 before) and within 30 days of its delivery (422 after). The checks and the write
// are one transaction; the unique (loadId, side) refuses a second rating made at the same moment.

const NO_ANSWERS = { punctuality: null, communication: null, careOfGoods: null, paperwork: null, accuracy: null, siteAndWaiting: null, paymentOnTime: null };
const isUniqueViolation = (error: unknown) => (error as { code?: unknown })?.code === "P2002";

export type Saved = { ratingId: number; created: boolean };

export async function saveRating(user: CurrentUser, load: RatedLoad, input: RatingInput, now = new Date()): Promise<Result<Saved>> {
  const side = requireRatingSide(load, user);
  try {
    const outcome = await db().$transaction((tx) => writeRating(tx, { user, load, side, input, now }));
    if (outcome.ok && outcome.created) await afterRated(outcome.ratingId);
    return outcome;
  } catch (error) {
    if (isUniqueViolation(error)) return refusedBase(M.ratedAlready(now), 422);
    throw error;
  }
}

type Writing = { user: CurrentUser; load: RatedLoad; side: RatingSide; input: RatingInput; now: Date };

async function writeRating(tx: Prisma.TransactionClient, { user, load, side, input, now }: Writing): Promise<Result<Saved>> {
  const current = await tx.load.findUniqueOrThrow({ where: { id: load.id }, select: { status: true, deliveredAt: true } });
  const state = windowState(current, now);
  if (state === "not_delivered") return refusedBase(M.notDelivered, 409);
  if (state === "closed") return refusedBase(M.windowClosed(current.deliveredAt!), 422);
  const existing = await tx.rating.findUnique({ where: { loadId_side: { loadId: load.id, side } }, select: { id: true, createdAt: true } });
  if (existing && !isEditable(existing.createdAt, now)) return refusedBase(M.ratedAlready(existing.createdAt), 422);
  const answers = { ...NO_ANSWERS, ...input.answers, averageCentistars: input.averageCentistars, wouldAgain: input.wouldAgain, comment: input.comment, authorId: user.id };
  if (existing) {
    await tx.rating.update({ where: { id: existing.id }, data: answers });
    return ok({ ratingId: existing.id, created: false });
  }
  const data = { loadId: load.id, side, raterAccountId: user.accountId, ratedAccountId: ratedAccountOf(load, side), ...answers, createdAt: now };
  const created = await tx.rating.create({ data, select: { id: true } });
  return ok({ ratingId: created.id, created: true });
}

