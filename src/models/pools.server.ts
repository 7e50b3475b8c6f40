import { db } from "#db/client.server.ts";
import { isOfficeOf } from "#domain/accounts/team.ts";
import { type PoolNameInput, nameTaken, nameTakenMessage } from "#domain/pools/pool-input.ts";
import { HttpError, found, recordId } from "#lib/errors.server.ts";
import { ok, refused, type Result } from "#lib/result.server.ts";
import type { CurrentUser } from "#models/users.server.ts";

// A shipper's carrier pools: named groups of carrier companies it offers work to first. Only the
// shipper's office keeps them (drivers are refused with 403, as they are for blocking; anyone else
// gets 404), and another shipper's pool looks exactly like one that does not exist. Members are in
// pools/members, invitations by e-mail in pools/invitations.

export type Pool = { id: number; shipperAccountId: number; name: string };
export type PoolSummary = Pool & { memberCount: number };

const poolSelect = { id: true, shipperAccountId: true, name: true } as const;

/** Drivers of a shipper or a carrier never keep or join pools: told so, as for blocking. */
export function refuseDrivers(user: CurrentUser): void {
  const kind = user.account.kind;
  if (user.role === "driver" && (kind === "shipper" || kind === "carrier")) throw new HttpError(403, "Drivers cannot manage pools");
}

/** The shipper's office keeps its pools; 403 for its drivers, 404 for anyone else. */
export function requirePoolKeeper(user: CurrentUser): void {
  refuseDrivers(user);
  found(isOfficeOf("shipper", user));
}

/** The shipper office's own pool, else 404. */
export async function requirePoolFor(user: CurrentUser, id: unknown): Promise<Pool> {
  requirePoolKeeper(user);
  return found(await db().pool.findFirst({ where: { id: recordId(id), shipperAccountId: user.accountId }, select: poolSelect }));
}

/** The shipper's pools by name, each with how many carriers are in it: one statement. */
export async function poolsOf(user: CurrentUser): Promise<PoolSummary[]> {
  requirePoolKeeper(user);
  const rows = await db().pool.findMany({
    where: { shipperAccountId: user.accountId },
    select: { ...poolSelect, _count: { select: { members: true } } },
    orderBy: { name: "asc" },
  });
  return rows.map(({ _count, ...pool }) => ({ ...pool, memberCount: _count.members }));
}

async function nameRefusal(shipperAccountId: number, name: string, exceptId?: number) {
  const others = await db().pool.findMany({ where: { shipperAccountId, ...(exceptId ? { id: { not: exceptId } } : {}) }, select: { name: true } });
  return nameTaken(name, others.map((pool) => pool.name)) ? refused({ name: nameTakenMessage(name) }) : null;
}

/** Prisma's unique-constraint failure: two requests raced to use the same name. */
const isUniqueViolation = (error: unknown) => (error as { code?: unknown })?.code === "P2002";

async function unlessNameTaken<T extends object>(name: string, write: () => Promise<T>): Promise<Result<T>> {
  try {
    return ok(await write());
  } catch (error) {
    if (isUniqueViolation(error)) return refused({ name: nameTakenMessage(name) });
    throw error;
  }
}

/** A new, empty pool; refused when the shipper already has one so called (letter case aside). */
export async function createPool(user: CurrentUser, input: PoolNameInput): Promise<Result<{ pool: Pool }>> {
  requirePoolKeeper(user);
  const taken = await nameRefusal(user.accountId, input.name);
  if (taken) return taken;
  const data = { shipperAccountId: user.accountId, name: input.name, createdById: user.id };
  return unlessNameTaken(input.name, async () => ({ pool: await db().pool.create({ data, select: poolSelect }) }));
}

/** Renames the pool; its members and the jobs offered to it stay as they are. */
export async function renamePool(user: CurrentUser, pool: Pool, input: PoolNameInput): Promise<Result> {
  requirePoolKeeper(user);
  const taken = await nameRefusal(user.accountId, input.name, pool.id);
  if (taken) return taken;
  return unlessNameTaken(input.name, async () => {
    const { count } = await db().pool.updateMany({ where: { id: pool.id, shipperAccountId: user.accountId }, data: { name: input.name } });
    found(count > 0);
    return {};
  });
}

/**
 * Deletes the pool with its members and invitations. The PoolMember rows go through deleteMany
 * first (not the cascade), so every process's kept list of a carrier's pools is told.
 */
export async function deletePool(user: CurrentUser, pool: Pool): Promise<void> {
  requirePoolKeeper(user);
  await db().$transaction(async (tx) => {
    await tx.poolMember.deleteMany({ where: { poolId: pool.id } });
    const { count } = await tx.pool.deleteMany({ where: { id: pool.id, shipperAccountId: user.accountId } });
    found(count > 0);
  });
}
