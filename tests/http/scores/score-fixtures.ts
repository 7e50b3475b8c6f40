import { db } from "#db/client.server.ts";
import { createJob } from "../../support/job-fixtures.ts";

// Loads and ratings written straight to the database, so a score's figures can be set exactly.

export type Party = { id: number; accountId: number };

const DAY_MS = 86_400_000;
export const daysAgo = (days: number, from = new Date()) => new Date(from.getTime() - days * DAY_MS);
/** Midnight UTC of the day `days` ago: how a load's planned day is stored. */
export const dayAgo = (days: number, from = new Date()) => new Date(`${daysAgo(days, from).toISOString().slice(0, 10)}T00:00:00Z`);

type LoadFacts = { status?: string; pickupDate?: Date | null; deliveryDate?: Date | null; collectedAt?: Date | null; deliveredAt?: Date | null; updatedAt?: Date };

/** A load of a new job of the shipper's, carried by the carrier (delivered yesterday unless told). */
export async function carriedLoad(shipper: Party, carrier: Party, facts: LoadFacts = {}) {
  const job = await createJob(shipper.accountId, shipper.id, { status: "in_progress" });
  const deliveredAt = facts.deliveredAt === undefined ? daysAgo(1) : facts.deliveredAt;
  return db().load.create({
    data: {
      jobId: job.id, sequence: 1, carrierAccountId: carrier.accountId, status: facts.status ?? "delivered", priceCents: 50_000,
      pickupDate: facts.pickupDate ?? null, deliveryDate: facts.deliveryDate ?? null,
      collectedAt: facts.collectedAt ?? null, deliveredAt, ...(facts.updatedAt ? { updatedAt: facts.updatedAt } : {}),
    },
  });
}

type RatingFacts = { centistars?: number; wouldAgain?: boolean; createdAt?: Date; comment?: string; reply?: string; hiddenAt?: Date };

/** `rater` rates `rated` on the load: the side is the rater's kind. */
export function rate(loadId: number, side: "shipper" | "carrier", rater: Party, rated: Party, facts: RatingFacts = {}) {
  return db().rating.create({
    data: {
      loadId, side, raterAccountId: rater.accountId, ratedAccountId: rated.accountId, authorId: rater.id,
      averageCentistars: facts.centistars ?? 400, wouldAgain: facts.wouldAgain ?? true, comment: facts.comment ?? null,
      reply: facts.reply ?? null, repliedAt: facts.reply ? new Date() : null, hiddenAt: facts.hiddenAt ?? null,
      ...(facts.createdAt ? { createdAt: facts.createdAt } : {}),
    },
  });
}

/** A delivered load both sides rated (so both ratings are revealed): the shipper's rating of the carrier as given. */
export async function ratedLoad(shipper: Party, carrier: Party, facts: RatingFacts & LoadFacts = {}) {
  const load = await carriedLoad(shipper, carrier, facts);
  await rate(load.id, "carrier", carrier, shipper, { centistars: 500 });
  return rate(load.id, "shipper", shipper, carrier, facts);
}
