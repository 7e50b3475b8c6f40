import { db } from "#db/client.server.ts";
import { keptUntilWritten } from "#db/kept-until-written.server.ts";
import type { Prisma } from "#generated/prisma/client.ts";
import { isOfficeOf } from "#domain/accounts/team.ts";
import { HttpError, found, recordId } from "#lib/errors.server.ts";
import { audit } from "#models/audit.server.ts";
import type { CurrentUser } from "#models/users.server.ts";

// Blocks between companies (CompanyBlock). A block works both ways once made: the blocked carrier no
// longer sees the blocker's jobs, and the blocking carrier no longer sees the blocked shipper's; a
// shipper no longer sees quotes from a carrier either of them blocked. Loads already between them go on.

type Client = Prisma.TransactionClient | ReturnType<typeof db>;

// Blocks change seldom, and every board, job page and quotes page asks for them: an account's blocks
// are kept until a block is written here or, through Redis, in another process, and never answered
// stale (whoever just blocked a company must not see it again). A transaction reads its own.
const keptBlocks = keptUntilWritten<readonly number[]>(["CompanyBlock"], { slowMs: Infinity });

/** The companies this account has blocked or been blocked by: whom it no longer deals with. */
export function blockedWith(accountId: number, client?: Client): Promise<readonly number[]> {
  if (client) return readBlockedWith(accountId, client);
  return keptBlocks(String(accountId), async () => Object.freeze(await readBlockedWith(accountId, db())));
}

async function readBlockedWith(accountId: number, client: Client): Promise<number[]> {
  const rows = await client.companyBlock.findMany({
    where: { OR: [{ blockerAccountId: accountId }, { blockedAccountId: accountId }] },
    select: { blockerAccountId: true, blockedAccountId: true },
  });
  return [...new Set(rows.map((row) => (row.blockerAccountId === accountId ? row.blockedAccountId : row.blockerAccountId)))];
}

/**
 * The companies the job's shipper has blocked or been blocked by, in one statement (the job's
 * shipper read by a join), for a transaction that knows only the job: its award.
 */
export async function blockedWithShipperOf(jobId: number, client: Client = db()): Promise<number[]> {
  const rows = await client.$queryRaw<{ other: number }[]>`
    SELECT CASE WHEN b."blockerAccountId" = j."shipperAccountId" THEN b."blockedAccountId" ELSE b."blockerAccountId" END AS other
    FROM "CompanyBlock" b JOIN "Job" j ON j."shipperAccountId" IN (b."blockerAccountId", b."blockedAccountId")
    WHERE j."id" = ${jobId}`;
  return [...new Set(rows.map((row) => Number(row.other)))];
}

/** The pairs among these accounts a block stands between, each pair both ways round ("a:b" and "b:a"), in one query. */
export async function blockedPairsAmong(accountIds: readonly number[]): Promise<Set<string>> {
  const ids = [...new Set(accountIds)];
  const rows = ids.length ? await db().companyBlock.findMany({ where: { blockerAccountId: { in: ids }, blockedAccountId: { in: ids } } }) : [];
  return new Set(rows.flatMap((row) => [`${row.blockerAccountId}:${row.blockedAccountId}`, `${row.blockedAccountId}:${row.blockerAccountId}`]));
}

/** Whether this account has blocked that one (its own block, which it may lift). */
export async function hasBlocked(blockerAccountId: number, blockedAccountId: number): Promise<boolean> {
  return (await db().companyBlock.count({ where: { blockerAccountId, blockedAccountId } })) > 0;
}

/** Whether either of the two has blocked the other (from the kept list: no statement once kept). */
export async function blockedBetween(a: number, b: number): Promise<boolean> {
  return (await blockedWith(a)).includes(b);
}

export type BlockTarget = { id: number; name: string };

/**
 * The company this office may block or unblock: a shipper's office blocks carriers, a carrier's
 * office shippers. Drivers are refused (403: a driver never blocks); anyone else, a company of one's
 * own kind (one's own account included) or no company at all is a 404, as a record one cannot act on.
 */
export async function requireBlockable(user: CurrentUser, id: unknown): Promise<BlockTarget> {
  const kind = user.account.kind;
  if (user.role === "driver" && (kind === "shipper" || kind === "carrier")) throw new HttpError(403, "Drivers cannot block companies");
  found(isOfficeOf("shipper", user) || isOfficeOf("carrier", user));
  const other = kind === "shipper" ? "carrier" : "shipper";
  return found(await db().account.findFirst({ where: { id: recordId(id), kind: other }, select: { id: true, name: true } }));
}

/** Blocks the company (again is no change) and records who did it in the audit log. */
export async function blockCompany(user: CurrentUser, target: BlockTarget): Promise<void> {
  const key = { blockerAccountId: user.accountId, blockedAccountId: target.id };
  await db().companyBlock.upsert({ where: { blockerAccountId_blockedAccountId: key }, create: { ...key, blockedById: user.id }, update: {} });
  await audit("company.block", user.id, null, { accountId: user.accountId, blockedAccountId: target.id });
}

/** Lifts this account's own block on the company (a block the other made stays theirs to lift). */
export async function unblockCompany(user: CurrentUser, target: BlockTarget): Promise<void> {
  await db().companyBlock.deleteMany({ where: { blockerAccountId: user.accountId, blockedAccountId: target.id } });
  await audit("company.unblock", user.id, null, { accountId: user.accountId, unblockedAccountId: target.id });
}
