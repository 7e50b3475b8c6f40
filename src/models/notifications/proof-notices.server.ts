import { db } from "#db/client.server.ts";
import { reasonLabel } from "#domain/loads/proof-review.ts";
import { notificationContent as content } from "#domain/messaging/notification-content.ts";
import { noticesTo as to, type NotificationDraft } from "#models/notifications.server.ts";
import type { NotifyEvent } from "#models/notifications/notify.server.ts";
import { officeUsers } from "#models/team.server.ts";

// Who hears of the shipper's review of a proof of delivery: the office of the carrier running the
// load, which answers a dispute and is paid once the proof is accepted. Nobody when the shipper's
// own fleet ran the load (its proof is never reviewed).

type ProofEvent = Extract<NotifyEvent, { kind: "proof_disputed" | "proof_accepted" }>;

const proofFacts = (loadId: number) =>
  db().load.findUnique({
    where: { id: loadId },
    select: {
      id: true,
      sequence: true,
      carrierAccountId: true,
      job: {
        select: { id: true, reference: true, shipperAccountId: true, shipperAccount: { select: { name: true } } },
      },
      proofReviews: { select: { reason: true, note: true }, orderBy: { id: "desc" }, take: 1 },
    },
  });

export async function proofReviewDrafts(event: ProofEvent): Promise<NotificationDraft[]> {
  const load = await proofFacts(event.loadId);
  if (!load?.carrierAccountId || load.carrierAccountId === load.job.shipperAccountId) return [];
  const { job, proofReviews: [review] } = load;
  const facts = { jobId: job.id, reference: job.reference, loadId: load.id, sequence: load.sequence };
  const shipper = { ...facts, shipperName: job.shipperAccount.name };
  const office = await officeUsers([load.carrierAccountId]);
  const { kind } = event;
  if (kind === "proof_accepted") return to(office, content.proofAccepted({ ...shipper, automatic: event.automatic }));
  // The sentence goes on after the note: a closing full stop of its own is dropped.
  const why = { reason: reasonLabel(review?.reason), note: review?.note?.replace(/\.+$/, "") || null };
  return to(office, content.proofDisputed({ ...shipper, ...why }));
}
