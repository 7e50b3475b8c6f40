import { db } from "#db/client.server.ts";
import type { JobFormData } from "#domain/jobs/form/parse.ts";
import { audienceColumns } from "#domain/jobs/form/audience-fields.ts";
import { jobColumnsOf } from "#domain/jobs/form/stored.ts";
import { statusOnPublish } from "#domain/jobs/own-fleet.ts";
import { publishRefusal } from "#domain/jobs/status.ts";
import { ok, refused } from "#lib/result.server.ts";
import { createOwnFleetLoads } from "#models/award/own-fleet.server.ts";
import { paymentTermsFor } from "#models/billing-details.server.ts";
import { audienceErrors } from "#models/jobs/audience.server.ts";
import {
  accountErrors, afterJobSaved, locationRows, ownFleetOf, withCoordinates, type Intent, type JobSave, type Tx,
} from "#models/jobs/saving.server.ts";
import type { CurrentUser } from "#models/users.server.ts";
import { webhookEvent } from "#models/webhooks.server.ts";

/**
 * A new job from the form: saved as a draft, or published (open tender, or a scheduled/live
 * auction; a single load for the shipper's own driver is awarded to its own fleet at once, with its
 * load, in one transaction).
 */
export async function createJob(user: CurrentUser, form: JobFormData, intent: Intent): Promise<JobSave> {
  const now = Date.now();
  const refusal = intent === "publish" ? publishRefusal(form, now) : null;
  const errors = refusal ?? (await accountErrors(form, user)) ?? (await audienceErrors(form, user.accountId, intent === "publish", now));
  if (errors) return refused(errors);
  const data = await withCoordinates(form);
  const status = intent === "publish" ? statusOnPublish(data, now) : "draft";
  // The shipper's payment terms as they stand when the job is posted: carriers quote against them.
  const paymentTermsDays = await paymentTermsFor(user.accountId);
  const create = (client: Tx | ReturnType<typeof db>) =>
    client.job.create({
      data: {
        ...jobColumnsOf(data),
        ...audienceColumns(data, { status, from: new Date(now) }),
        pools: { create: [...new Set(data.poolIds ?? [])].map((poolId) => ({ poolId })) },
        shipperAccountId: user.accountId,
        createdById: user.id,
        paymentTermsDays,
        status,
        publishedAt: status !== "draft" ? new Date(now) : null,
        awardedAt: status === "awarded" ? new Date(now) : null,
        locations: { create: locationRows(data) },
      },
      select: { id: true, isAuction: true },
    });
  const job = status !== "awarded" ? await create(db()) : await db().$transaction(async (tx) => {
    const created = await create(tx);
    await createOwnFleetLoads(tx, created.id, ownFleetOf(user, data));
    return created;
  });
  await afterJobSaved(job.id, status, job.isAuction, status !== "draft");
  if (status !== "draft") await webhookEvent("job.published", job.id);
  return ok({ id: job.id, status });
}
