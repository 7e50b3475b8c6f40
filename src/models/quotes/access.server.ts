import { db } from "#db/client.server.ts";
import { inOfficeOf, isOfficeOf } from "#domain/accounts/team.ts";
import { found, recordId } from "#lib/errors.server.ts";
import { actableByCarrierWhere, visibleToCarrierWhere } from "#models/jobs/sight.server.ts";
import { type BiddingJob, biddingJobSelect } from "#models/quotes.server.ts";
import type { CurrentUser } from "#models/users.server.ts";

// Who may bid on, read or act on a job's quotes: the job's shipper's office, or a carrier's office.

export const isBidder = (user: CurrentUser) => isOfficeOf("carrier", user);
export const isShipperOf = (job: { shipperAccountId: number }, user: CurrentUser) =>
  inOfficeOf("shipper", job.shipperAccountId, user);

type Purpose = "read" | "act";

/**
 * The job as the bidding pages see it: its shipper, or a carrier's office. Reading (the quotes page)
 * follows the job page's rule: out for quotes, or a job the carrier quoted on or runs loads for.
 * Acting (quote, withdraw, secure now) finds any published job offered to the carrier (or quoted
 * on), so a carrier who is too late is told why ("already awarded") rather than shown a missing
 * page. A block between the carrier and the shipper, or a job outside its audience, hides the job
 * either way (404): it cannot quote on it.
 */
export async function requireJobForBidding(
  user: CurrentUser,
  id: unknown,
  purpose: Purpose = "act",
): Promise<BiddingJob> {
  if (user.account.kind === "shipper") return requireShipperJob(user, id);
  found(isBidder(user));
  const scope = purpose === "read" ? await visibleToCarrierWhere(user) : await actableByCarrierWhere(user);
  return found(await db().job.findFirst({ where: { id: recordId(id), ...scope }, select: biddingJobSelect }));
}

/** Whether the carrier may still read the job (after a lost race it may no longer). */
export async function canReadJob(user: CurrentUser, job: { id: number }): Promise<boolean> {
  if (user.account.kind !== "carrier") return true;
  const scope = await visibleToCarrierWhere(user);
  return (await db().job.count({ where: { id: job.id, ...scope } })) > 0;
}

/**
 * Whether this person may see the job's page, and so follow its live stream (jobStream): its
 * shipper's office, or a carrier who may read it (canReadJob).
 */
export async function canSeeJob(user: CurrentUser, jobId: number): Promise<boolean> {
  if (user.account.kind === "carrier") return canReadJob(user, { id: jobId });
  const job = await db().job.findUnique({ where: { id: jobId }, select: { shipperAccountId: true } });
  return job !== null && isShipperOf(job, user);
}

/** The shipper office's own job; anyone else's (or anyone not in a shipper's office) is a 404. */
export async function requireShipperJob(user: CurrentUser, id: unknown): Promise<BiddingJob> {
  found(isOfficeOf("shipper", user));
  const where = { id: recordId(id), shipperAccountId: user.accountId };
  return found(await db().job.findFirst({ where, select: biddingJobSelect }));
}

/** This carrier's quote on the job (any status); another account's quote id answers 404. */
export async function requireQuoteForCarrier(user: CurrentUser, job: { id: number }, quoteId: unknown) {
  const where = { id: recordId(quoteId), jobId: job.id, carrierAccountId: user.accountId };
  return found(await db().quote.findFirst({ where }));
}
