import { db } from "#db/client.server.ts";
import { blockedPairsAmong } from "#models/company-blocks.server.ts";
import type { PendingItem } from "#models/digests/hourly.server.ts";
import { jobScopes } from "#models/jobs/scopes.server.ts";
import { matchedJobSelect } from "#models/jobs/summary.server.ts";
import { SEARCH_OWNERS } from "#models/saved-searches.server.ts";

// Saved searches' part of the hourly e-mail (models/digests/hourly): the jobs they matched, not yet
// e-mailed, that their owners may still see.

/**
 * Matches not yet e-mailed of jobs still on the board. A job a block stands between with the search
 * owner's company is left out (not stamped either: lifting the block lets it go out), and so is a job
 * still offered only to pools the owner's company is not in today (one removed from the pool since
 * the match was recorded has lost sight of it).
 */
export async function pendingSearchMatches(): Promise<PendingItem[]> {
  const pending = await db().savedSearchMatch.findMany({
    where: { emailedAt: null, job: jobScopes.onBoard, savedSearch: { user: SEARCH_OWNERS } },
    select: {
      id: true,
      job: { select: { ...matchedJobSelect, shipperAccountId: true, onMarket: true, pools: { select: { poolId: true } } } },
      savedSearch: { select: { name: true, user: { select: { id: true, email: true, name: true, accountId: true } } } },
    },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  });
  const blocks = await blockedPairsAmong(pending.flatMap((m) => [m.job.shipperAccountId, m.savedSearch.user.accountId]));
  const pooled = await poolsAmong(pending.filter((m) => !m.job.onMarket).map((m) => m.savedSearch.user.accountId));
  return pending
    .filter(({ job, savedSearch: { user } }) =>
      !blocks.has(`${job.shipperAccountId}:${user.accountId}`) && (job.onMarket || job.pools.some((pool) => pooled.has(`${pool.poolId}:${user.accountId}`))))
    .map(({ id, job, savedSearch }) => ({ source: "search" as const, id, person: savedSearch.user, job, search: savedSearch.name }));
}

/** Which of these carrier companies are in which pools, as "poolId:accountId", in one query (none asked: none run). */
async function poolsAmong(accountIds: readonly number[]): Promise<Set<string>> {
  if (!accountIds.length) return new Set();
  const rows = await db().poolMember.findMany({ where: { carrierAccountId: { in: [...new Set(accountIds)] } }, select: { poolId: true, carrierAccountId: true } });
  return new Set(rows.map((row) => `${row.poolId}:${row.carrierAccountId}`));
}
