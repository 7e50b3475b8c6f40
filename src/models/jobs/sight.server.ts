import { db } from "#db/client.server.ts";
import type { Prisma } from "#generated/prisma/client.ts";
import { blockedWith } from "#models/company-blocks.server.ts";
import { jobScopes } from "#models/jobs/scopes.server.ts";
import { poolIdsOf } from "#models/pools/membership.server.ts";
import type { CurrentUser } from "#models/users.server.ts";

// What stands between a carrier company and a job: the blocks with shippers and the pools it is in.
// Both lists are kept until written (company-blocks, pools/membership), so asking costs no statement
// on a warm page, and every reader of a job for a carrier applies the one rule in jobScopes.

type Viewer = Pick<CurrentUser, "id" | "accountId" | "role">;

/** The shippers blocked either way and the carrier's pools, ascending (stable for kept keys). */
export async function carrierSight(accountId: number): Promise<{ blocked: number[]; poolIds: readonly number[] }> {
  const [blocked, poolIds] = await Promise.all([blockedWith(accountId), poolIdsOf(accountId)]);
  return { blocked: blocked.toSorted((a, b) => a - b), poolIds };
}

/** The jobs this carrier's user may read (jobScopes.visibleToCarrier with its blocks and pools). */
export async function visibleToCarrierWhere(user: Viewer): Promise<Prisma.JobWhereInput> {
  if (user.role === "driver") return jobScopes.visibleToCarrier(user, { blocked: [], poolIds: [] });
  return jobScopes.visibleToCarrier(user, await carrierSight(user.accountId));
}

/**
 * The published jobs a carrier's office may act on (quote, withdraw, secure now): those offered to
 * it or that it has quoted on, whatever their status, so a late carrier is told why rather than
 * shown a missing page; a job outside its audience it never quoted on is a 404.
 */
export async function actableByCarrierWhere(user: Viewer): Promise<Prisma.JobWhereInput> {
  const { blocked, poolIds } = await carrierSight(user.accountId);
  const reachable = [jobScopes.inAudienceOf(poolIds), { quotes: { some: { carrierAccountId: user.accountId } } }];
  return { ...jobScopes.published, ...jobScopes.notFrom(blocked), AND: [{ OR: reachable }] };
}

/** The job is offered to a pool this carrier company is in (its pools are kept: one statement). */
export async function isInvited(jobId: number, carrierAccountId: number): Promise<boolean> {
  const poolIds = await poolIdsOf(carrierAccountId);
  return poolIds.length > 0 && (await db().jobPool.count({ where: { jobId, poolId: { in: [...poolIds] } } })) > 0;
}
