import { db } from "#db/client.server.ts";
import { keptUntilWritten } from "#db/kept-until-written.server.ts";

// Which pools a carrier company is in: every board, count, job page and stream check of a carrier
// asks, and memberships change seldom, so the list is kept until a PoolMember row is written (here
// or, through Redis, in another process) and never answered stale: a carrier just removed from a
// pool must not see its pool-only jobs on the next page.
const keptPools = keptUntilWritten<readonly number[]>(["PoolMember"], { slowMs: Infinity });

/** The ids of the pools this carrier company is in, ascending. */
export function poolIdsOf(carrierAccountId: number): Promise<readonly number[]> {
  return keptPools(String(carrierAccountId), async () => {
    const rows = await db().poolMember.findMany({ where: { carrierAccountId }, select: { poolId: true }, orderBy: { poolId: "asc" } });
    return Object.freeze(rows.map((row) => row.poolId));
  });
}
