import { db } from "#db/client.server.ts";
import type { JobFormData } from "#domain/jobs/form/parse.ts";
import { locationColumnsOf } from "#domain/jobs/form/location-fields.ts";
import { audienceColumns } from "#domain/jobs/form/audience-fields.ts";
import { jobColumnsOf } from "#domain/jobs/form/stored.ts";
import { OWN_DRIVER_TOO_LATE, isForOwnDriver, statusOnPublish } from "#domain/jobs/own-fleet.ts";
import { NOT_EDITABLE, isOutForQuotes, publishRefusal, publishedStatus } from "#domain/jobs/status.ts";
import { ok, refused, refusedBase } from "#lib/result.server.ts";
import { createOwnFleetLoads } from "#models/award/own-fleet.server.ts";
import { canEditJob, type JobDetail } from "#models/jobs.server.ts";
import { audienceErrors, savePools } from "#models/jobs/audience.server.ts";
import {
  accountErrors, afterJobSaved, ownFleetOf, withCoordinates, type Intent, type JobSave, type Tx,
} from "#models/jobs/saving.server.ts";
import { refreshJobPages } from "#models/notifications/after-commit.server.ts";
import type { CurrentUser } from "#models/users.server.ts";
import { webhookEvent } from "#models/webhooks.server.ts";

/** The status after an edit: a draft stays one unless published; a published job follows its auction times. */
function statusAfterEdit(current: string, data: JobFormData, intent: Intent, now: number): string {
  if (current === "draft") return intent === "publish" ? statusOnPublish(data, now) : "draft";
  return isOutForQuotes(current) ? publishedStatus(data, now) : current;
}

/** What refuses the edit: a job out for quotes kept from the shipper's own driver, the publish rules, the drivers. */
async function editErrors(job: JobDetail, user: CurrentUser, form: JobFormData, status: string, now: number) {
  if (isOutForQuotes(job.status) && isForOwnDriver(form)) return { assigned_driver_id: OWN_DRIVER_TOO_LATE };
  const publishing = status !== "draft";
  // A published job's deadline kept as it was may have passed since: only a new one (or a draft's) must be to come.
  const newDeadline = publishing && (job.status === "draft" || form.quoteDeadline?.getTime() !== job.quoteDeadline?.getTime());
  return (publishing ? publishRefusal(form, now) : null) ?? (await accountErrors(form, user)) ?? (await audienceErrors(form, user.accountId, newDeadline, now));
}

/**
 * Saves the form over the job, its locations added, changed and removed in place. Refused once a
 * quote has been accepted (or the job has moved past bidding), checked in the same write.
 */
export async function updateJob(
  job: JobDetail, user: CurrentUser, form: JobFormData, intent: Intent,
): Promise<JobSave> {
  if (!canEditJob(job)) return refusedBase(NOT_EDITABLE, 409);
  const now = Date.now();
  const status = statusAfterEdit(job.status, form, intent, now);
  const errors = await editErrors(job, user, form, status, now);
  if (errors) return refused(errors);
  const data = await withCoordinates(form);
  const saved = await db().$transaction(async (tx) => {
    if (!(await saveColumns(tx, job, data, status, now))) return false;
    await savePools(tx, job.id, data.poolIds);
    await syncLocations(tx, job, data);
    if (status === "awarded") await createOwnFleetLoads(tx, job.id, ownFleetOf(user, data));
    return true;
  });
  if (!saved) return refusedBase(NOT_EDITABLE, 409);
  await afterJobSaved(job.id, status, data.isAuction, job.status === "draft" && status !== "draft");
  if (job.status === "draft" && status !== "draft") await webhookEvent("job.published", job.id);
  // Carriers reading the job (and its other open pages) see the edited job, not the one they opened.
  if (job.status !== "draft") await refreshJobPages(job.id);
  return ok({ id: job.id, status });
}

/** The job's own columns, only while it is still as the form found it (no quote accepted since). */
async function saveColumns(tx: Tx, job: JobDetail, data: JobFormData, status: string, now: number): Promise<boolean> {
  const publishedAt = job.publishedAt ?? (status !== "draft" ? new Date(now) : null);
  const awardedAt = status === "awarded" ? new Date(now) : job.awardedAt;
  const { count } = await tx.job.updateMany({
    where: { id: job.id, status: job.status, quotes: { none: { status: "accepted" } } },
    data: { ...jobColumnsOf(data), ...audienceColumns(data, { status, from: publishedAt ?? new Date(now), marketReachedAt: job.marketReachedAt }), status, publishedAt, awardedAt },
  });
  return count > 0;
}

/** Removes the locations the form removed, updates the ones it kept and adds the new ones. */
async function syncLocations(tx: Tx, job: JobDetail, data: JobFormData): Promise<true> {
  const ours = new Set(job.locations.map((location) => location.id));
  const destroyed = new Set(data.destroyedLocationIds.filter((id) => ours.has(id)));
  if (destroyed.size) await tx.jobLocation.deleteMany({ where: { jobId: job.id, id: { in: [...destroyed] } } });
  const sides = [
    ...data.pickups.map((l) => ["pickup", l] as const),
    ...data.deliveries.map((l) => ["delivery", l] as const),
  ];
  for (const [kind, location] of sides) {
    const columns = locationColumnsOf(kind, location);
    const kept = location.id !== null && ours.has(location.id) && !destroyed.has(location.id);
    if (kept) await tx.jobLocation.update({ where: { id: location.id! }, data: columns });
    else await tx.jobLocation.create({ data: { ...columns, jobId: job.id } });
  }
  return true;
}
