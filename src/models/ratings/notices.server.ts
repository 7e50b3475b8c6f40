import { db } from "#db/client.server.ts";
import { ratingNotices } from "#domain/ratings/notices.ts";
import { deliverNotifications, noticesTo, type NotificationDraft } from "#models/notifications.server.ts";
import { officeUsers } from "#models/team.server.ts";

// Who hears of a rating. A new rating while the other side has not rated: the rated office hears
// that it was rated, without the stars (blind). The rating that completes the pair reveals both:
// each rated office hears its stars (a hidden rating says nothing). A hidden rating: its author's
// office hears why. Changes within the 48 hours tell nobody again.

const facts = (loadId: number) =>
  db().load.findUniqueOrThrow({
    where: { id: loadId },
    select: {
      id: true, sequence: true, carrierAccount: { select: { name: true } },
      job: { select: { reference: true, shipperAccount: { select: { name: true } } } },
      ratings: { select: { side: true, ratedAccountId: true, raterAccountId: true, averageCentistars: true, hiddenAt: true }, orderBy: { id: "asc" } },
    },
  });

/** After a rating is first made. */
export async function afterRated(ratingId: number): Promise<void> {
  const rating = await db().rating.findUniqueOrThrow({ where: { id: ratingId }, select: { loadId: true } });
  const load = await facts(rating.loadId);
  const base = { loadId: load.id, sequence: load.sequence, reference: load.job.reference };
  const nameOf = (side: string) => (side === "shipper" ? load.job.shipperAccount.name : (load.carrierAccount?.name ?? "The carrier"));
  const drafts: NotificationDraft[] = [];
  for (const each of load.ratings) {
    if (each.hiddenAt) continue;
    const rater = { ...base, raterName: nameOf(each.side) };
    const content = load.ratings.length === 2 ? ratingNotices.revealed({ ...rater, averageCentistars: each.averageCentistars }) : ratingNotices.received(rater);
    drafts.push(...noticesTo(await officeUsers([each.ratedAccountId]), content));
  }
  await deliverNotifications(drafts);
}

/** After support hides a rating: its author's office is told why. */
export async function afterHidden(rating: { loadId: number; raterAccountId: number; hiddenReason: string | null }): Promise<void> {
  const load = await facts(rating.loadId);
  const content = ratingNotices.hidden({ loadId: load.id, sequence: load.sequence, reference: load.job.reference, reason: rating.hiddenReason ?? "" });
  await deliverNotifications(noticesTo(await officeUsers([rating.raterAccountId]), content));
}
