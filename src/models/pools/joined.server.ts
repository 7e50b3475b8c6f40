import { db } from "#db/client.server.ts";
import { isOfficeOf } from "#domain/accounts/team.ts";
import { found, recordId } from "#lib/errors.server.ts";
import { audit } from "#models/audit.server.ts";
import { refuseDrivers } from "#models/pools.server.ts";
import type { CurrentUser } from "#models/users.server.ts";
import { compareText } from "#domain/format/compare-text.ts";

// A pool from the carrier's side: which shippers' pools its company is in, and leaving one. Only
// the carrier's office does either (its drivers are refused with 403; anyone else gets 404).

export type JoinedPool = { id: number; name: string; shipperAccountId: number; shipperName: string; since: Date };

/** The carrier office's own company, else 403 (a driver) or 404. */
export function requireCarrierOffice(user: CurrentUser): void {
  refuseDrivers(user);
  found(isOfficeOf("carrier", user));
}

/** The pools the carrier's company is in, by shipper and pool name: two statements. */
export async function poolsJoinedBy(user: CurrentUser): Promise<JoinedPool[]> {
  requireCarrierOffice(user);
  const rows = await db().poolMember.findMany({
    where: { carrierAccountId: user.accountId },
    select: { createdAt: true, pool: { select: { id: true, name: true, shipperAccountId: true } } },
  });
  const shippers = await db().account.findMany({ where: { id: { in: [...new Set(rows.map((row) => row.pool.shipperAccountId))] } }, select: { id: true, name: true } });
  const names = new Map(shippers.map((shipper) => [shipper.id, shipper.name]));
  const joined = rows.map((row) => ({ ...row.pool, shipperName: names.get(row.pool.shipperAccountId) ?? "", since: row.createdAt }));
  return joined.sort((a, b) => compareText(a.shipperName, b.shipperName) || compareText(a.name, b.name));
}

/**
 * The carrier's company leaves the pool (404 when it is not in it, or the pool is none), told to
 * the audit log; the pool's and its shipper's names, for the notice.
 */
export async function leavePool(user: CurrentUser, poolId: unknown): Promise<{ name: string; shipperName: string }> {
  requireCarrierOffice(user);
  const key = { poolId: recordId(poolId), carrierAccountId: user.accountId };
  const member = found(await db().poolMember.findUnique({ where: { poolId_carrierAccountId: key }, select: { pool: { select: { name: true, shipperAccountId: true } } } }));
  const { count } = await db().poolMember.deleteMany({ where: key });
  found(count > 0);
  await audit("pool.member_leave", user.id, null, { accountId: user.accountId, poolId: key.poolId, shipperAccountId: member.pool.shipperAccountId });
  const shipper = await db().account.findUnique({ where: { id: member.pool.shipperAccountId }, select: { name: true } });
  return { name: member.pool.name, shipperName: shipper?.name ?? "" };
}
