import { db } from "#db/client.server.ts";
import { found, recordId } from "#lib/errors.server.ts";
import { ok, refused, type Result } from "#lib/result.server.ts";
import { audit } from "#models/audit.server.ts";
import { blockedWith } from "#models/company-blocks.server.ts";
import { type Pool, requirePoolKeeper } from "#models/pools.server.ts";
import type { CurrentUser } from "#models/users.server.ts";

// The carriers in a shipper's pool. Only carrier companies are added, never one a block stands
// between (either side's block: the pool is for work the two would do together), and adding one
// already in the pool changes nothing. Every change is in the audit log. Rows are written one by
// one through PoolMember, so every process's kept list of a carrier's pools (membership) is told.

export const NOT_A_CARRIER = "Choose a carrier company to add";
export const blockedMessage = (name: string) => `You cannot add ${name}: one of your companies has blocked the other`;

export type PoolMemberRow = { carrierAccountId: number; createdAt: Date };
export type Added = { added: boolean; name: string };

/** The pool's carriers, the longest-standing first: one statement. */
export function membersOf(pool: Pick<Pool, "id">): Promise<PoolMemberRow[]> {
  return db().poolMember.findMany({ where: { poolId: pool.id }, select: { carrierAccountId: true, createdAt: true }, orderBy: [{ createdAt: "asc" }, { carrierAccountId: "asc" }] });
}

/** Prisma's unique-constraint failure: the same carrier added twice at once. */
const isUniqueViolation = (error: unknown) => (error as { code?: unknown })?.code === "P2002";

/**
 * Adds the carrier company to the pool. Refused (422, beside the choice) when the id is no carrier
 * or a block stands between the two companies; "no change" when it is already in.
 */
export async function addMember(user: CurrentUser, pool: Pool, accountId: number): Promise<Result<Added>> {
  requirePoolKeeper(user);
  const carrier = await db().account.findFirst({ where: { id: accountId, kind: "carrier" }, select: { id: true, name: true } });
  if (!carrier) return refused({ carrier_account_id: NOT_A_CARRIER });
  if ((await blockedWith(pool.shipperAccountId)).includes(carrier.id)) return refused({ carrier_account_id: blockedMessage(carrier.name) });
  const key = { poolId: pool.id, carrierAccountId: carrier.id };
  if (await db().poolMember.findUnique({ where: { poolId_carrierAccountId: key }, select: { poolId: true } })) return ok({ added: false, name: carrier.name });
  try {
    await db().poolMember.create({ data: { ...key, addedById: user.id } });
  } catch (error) {
    if (isUniqueViolation(error)) return ok({ added: false, name: carrier.name });
    throw error;
  }
  await audit("pool.member_add", user.id, null, { accountId: user.accountId, poolId: pool.id, carrierAccountId: carrier.id });
  return ok({ added: true, name: carrier.name });
}

/** Takes the carrier out of the shipper's pool (404 when it is not in it); the name, for the notice. */
export async function removeMember(user: CurrentUser, pool: Pool, accountId: unknown): Promise<string> {
  requirePoolKeeper(user);
  const carrierAccountId = recordId(accountId);
  const { count } = await db().poolMember.deleteMany({ where: { poolId: pool.id, carrierAccountId } });
  found(count > 0);
  await audit("pool.member_remove", user.id, null, { accountId: user.accountId, poolId: pool.id, carrierAccountId });
  const carrier = await db().account.findUnique({ where: { id: carrierAccountId }, select: { name: true } });
  return carrier?.name ?? "The carrier";
}
