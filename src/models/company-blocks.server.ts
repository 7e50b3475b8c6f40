import { db } from "#db/client.server.ts";

// Blocks between companies (CompanyBlock). A block works both ways once made: the blocked carrier no
// longer sees the blocker's jobs, and the blocking carrier no longer sees the blocked shipper's; a
// shipper no longer sees quotes from a carrier either of them blocked. Loads already between them go on.

/** The companies this account has blocked or been blocked by: whom it no longer deals with. */
export async function blockedWith(accountId: number): Promise<number[]> {
  const rows = await db().companyBlock.findMany({
    where: { OR: [{ blockerAccountId: accountId }, { blockedAccountId: accountId }] },
    select: { blockerAccountId: true, blockedAccountId: true },
  });
  return [...new Set(rows.map((row) => (row.blockerAccountId === accountId ? row.blockedAccountId : row.blockerAccountId)))];
}

/** Whether this account has blocked that one (its own block, which it may lift). */
export async function hasBlocked(blockerAccountId: number, blockedAccountId: number): Promise<boolean> {
  return (await db().companyBlock.count({ where: { blockerAccountId, blockedAccountId } })) > 0;
}

/** Whether either of the two has blocked the other. */
export async function blockedBetween(a: number, b: number): Promise<boolean> {
  return (await db().companyBlock.count({ where: { OR: [{ blockerAccountId: a, blockedAccountId: b }, { blockerAccountId: b, blockedAccountId: a }] } })) > 0;
}
