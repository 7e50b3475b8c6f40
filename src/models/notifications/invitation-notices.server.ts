import { db } from "#db/client.server.ts";
import { routeLabel, scheduleSummary } from "#domain/jobs/summary.ts";
import { jobInvitedNotice } from "#domain/messaging/invitation-notice.ts";
import { matchedJobSelect } from "#models/jobs/summary.server.ts";
import { noticesTo as to, type NotificationDraft } from "#models/notifications.server.ts";
import type { NotifyEvent } from "#models/notifications/notify.server.ts";
import { officeUsers } from "#models/team.server.ts";

// Who hears that a job was offered to their pool: the office users of each carrier company in the
// job's pools when it was published (the caller names them); no one outside the audience.

export async function invitationDrafts(event: Extract<NotifyEvent, { kind: "job_invited" }>): Promise<NotificationDraft[]> {
  if (!event.carrierAccountIds.length) return [];
  const job = await db().job.findUnique({
    where: { id: event.jobId },
    select: { ...matchedJobSelect, quoteDeadline: true, shipperAccount: { select: { name: true } } },
  });
  if (!job) return [];
  const facts = {
    jobId: job.id, reference: job.reference, shipperName: job.shipperAccount.name,
    route: routeLabel(job.locations), when: scheduleSummary(job), quoteDeadline: job.quoteDeadline,
  };
  return to(await officeUsers(event.carrierAccountIds), jobInvitedNotice(facts));
}
