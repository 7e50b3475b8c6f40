import { db } from "#db/client.server.ts";
import { AUDIENCE_MESSAGES } from "#domain/jobs/form/audience-fields.ts";
import type { JobFormData } from "#domain/jobs/form/parse.ts";
import type { Prisma } from "#generated/prisma/client.ts";
import { notifyAll } from "#models/notifications/after-commit.server.ts";

// The pools a job is offered to (JobPool rows) and the carriers they hold: saved with the job, told
// when it is published, and the only saved searches it matches until the market step.

type Tx = Prisma.TransactionClient;
type AudienceForm = Pick<JobFormData, "audience" | "poolIds" | "quoteDeadline"> | Partial<JobFormData>;

/**
 * What only the database (or the clock) can refuse: pools that are not this shipper's own, and a
 * deadline for quotes already past when the job is published or saved (a draft may wait).
 */
export async function audienceErrors(form: AudienceForm, shipperAccountId: number, checkDeadline: boolean, now: number) {
  const poolIds = [...new Set(form.poolIds ?? [])];
  const errors: Record<string, string> = {};
  if (poolIds.length) {
    const own = await db().pool.count({ where: { id: { in: poolIds }, shipperAccountId } });
    if (own !== poolIds.length) errors.pool_ids = AUDIENCE_MESSAGES.notOurPool;
  }
  if (checkDeadline && form.quoteDeadline && form.quoteDeadline.getTime() <= now) errors.quote_deadline = AUDIENCE_MESSAGES.deadlineFuture;
  return Object.keys(errors).length ? errors : null;
}

/** The job's pools as the form chose them (none for the open market). */
export async function savePools(tx: Tx, jobId: number, poolIds: readonly number[] | undefined): Promise<void> {
  await tx.jobPool.deleteMany({ where: { jobId } });
  const ids = [...new Set(poolIds ?? [])];
  if (ids.length) await tx.jobPool.createMany({ data: ids.map((poolId) => ({ jobId, poolId })) });
}

/** The carrier companies in the job's pools today, or null for a job on the open market (everyone). */
export async function audienceCarrierIds(job: { id: number; onMarket: boolean }): Promise<number[] | null> {
  if (job.onMarket) return null;
  const members = await db().poolMember.findMany({ where: { pool: { jobs: { some: { jobId: job.id } } } }, select: { carrierAccountId: true } });
  return [...new Set(members.map((member) => member.carrierAccountId))];
}

/** A job just published to pools: every carrier in them is told (the market's carriers hear nothing yet). */
export async function announceToPools(jobId: number): Promise<void> {
  const job = await db().job.findUnique({ where: { id: jobId }, select: { id: true, onMarket: true, audience: true } });
  if (!job || job.audience === "market") return;
  const carriers = await audienceCarrierIds({ id: job.id, onMarket: false });
  if (carriers?.length) await notifyAll([{ kind: "job_invited", jobId, carrierAccountIds: carriers }]);
}
