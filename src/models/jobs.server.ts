import { db } from "#db/client.server.ts";
import type { Prisma } from "#generated/prisma/client.ts";
import { NOT_CANCELLABLE, isCancellable, isEditable } from "#domain/jobs/status.ts";
import { isOfficeOf } from "#domain/accounts/team.ts";
import { found, recordId } from "#lib/errors.server.ts";
import { ok, refusedBase, type Result } from "#lib/result.server.ts";
import { jobScopes } from "#models/jobs/scopes.server.ts";
import { offeredPools, type OfferedPool } from "#models/jobs/invited.server.ts";
import { visibleToCarrierWhere } from "#models/jobs/sight.server.ts";
import type { CurrentUser } from "#models/users.server.ts";
import { notifyAll, refreshJobPages, refreshQuotesPages } from "#models/notifications/after-commit.server.ts";
import { webhookEvent } from "#models/webhooks.server.ts";

// A job: what a shipper asks carriers to move (one load, a recurring run or a contract), with its
// pickups and deliveries. Who may read it and its cancellation are here; posting and editing it
// from the job form are jobs/posting.server.ts and jobs/editing.server.ts, the shipper's list
// jobs/shipper-list.server.ts, and the rest of its concerns the other files in src/models/jobs/.

export type JobWrite = Result<{ id: number }>;

export const jobDetailInclude = {
  locations: { orderBy: [{ kind: "desc" }, { position: "asc" }, { id: "asc" }] },
  assignedDriver: { select: { id: true, name: true } },
} as const satisfies Prisma.JobInclude;
/**
 * A job as its page and form read it. `hasAcceptedQuote` is read for the shipper's office only (it
 * decides whether they may still edit the job); a carrier's read leaves it null.
 */
export type JobDetail = Prisma.JobGetPayload<{ include: typeof jobDetailInclude }> & {
  hasAcceptedQuote: boolean | null;
  /** The pools the job is offered to with their carriers, read for its shipper's office only (none for the open market). */
  pools: OfferedPool[];
};

/** Only the shipper's own read knows the job has no accepted quote; anything else is not editable. */
export const canEditJob = (job: JobDetail) =>
  job.hasAcceptedQuote === false && isEditable({ status: job.status, hasAcceptedQuote: false });

/** One of the shipper's own jobs, for its office; any other job (or anyone else, its drivers too) is a 404. */
export async function requireOwnJob(user: CurrentUser, id: unknown): Promise<JobDetail> {
  found(isOfficeOf("shipper", user));
  const jobId = recordId(id);
  // Read beside the job, by the quotes' (jobId, status) index: Prisma's `_count` with a `where`
  // would add up the accepted quotes of every job in the database to answer for this one.
  const [job, accepted] = await Promise.all([
    db().job.findFirst({ where: { id: jobId, shipperAccountId: user.accountId }, include: jobDetailInclude }),
    db().quote.findFirst({ where: { jobId, status: "accepted" }, select: { id: true } }),
  ]);
  // The pools only for a job offered to some: a market job's page and form cost nothing more.
  const pools = found(job).audience === "market" ? [] : await offeredPools(jobId);
  return { ...found(job), hasAcceptedQuote: accepted !== null, pools };
}

/** The job page: the shipper's own job, or a published job a carrier's people may read (blocks count); otherwise 404. */
export async function requireViewableJob(user: CurrentUser, id: unknown): Promise<JobDetail> {
  if (isOfficeOf("shipper", user)) return requireOwnJob(user, id);
  found(user.account.kind === "carrier");
  // The shipper's choice of driver is theirs alone: a carrier's page neither shows nor reads it.
  const where = { id: recordId(id), ...(await visibleToCarrierWhere(user)) };
  const job = found(await db().job.findFirst({ where, include: { ...jobDetailInclude, assignedDriver: false } }));
  return { ...job, assignedDriver: null, hasAcceptedQuote: null, pools: [] };
}

/**
 * Withdraws the job before award; its quotes stay for the record. The carriers who quoted are told,
 * and their open "My quotes" pages show the quote lost; the job's open pages stop taking quotes.
 */
export async function cancelJob(job: JobDetail): Promise<JobWrite> {
  if (!isCancellable(job.status)) return refusedBase(NOT_CANCELLABLE, 409);
  const { count } = await db().job.updateMany({
    where: { id: job.id, ...jobScopes.beforeAward, quotes: { none: { status: "accepted" } } },
    data: { status: "cancelled", cancelledAt: new Date() },
  });
  if (!count) return refusedBase(NOT_CANCELLABLE, 409);
  await notifyAll([{ kind: "job_cancelled", jobId: job.id }]);
  await webhookEvent("job.cancelled", job.id);
  const bidders = await db().quote.findMany({
    where: { jobId: job.id, status: { not: "withdrawn" } },
    select: { carrierAccountId: true },
  });
  await Promise.all([refreshJobPages(job.id), refreshQuotesPages(bidders.map((q) => q.carrierAccountId))]);
  return ok({ id: job.id });
}
