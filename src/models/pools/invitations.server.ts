import { createHash, randomBytes } from "node:crypto";
import { db } from "#db/client.server.ts";
import { POOL_INVITATION_TTL_MS, poolInvitationLetter, poolInvitationSignUpPath, poolInvitationToken } from "#domain/pools/invitations.ts";
import { found, recordId } from "#lib/errors.server.ts";
import { sendMail } from "#lib/mailer.server.ts";
import { ok, refused, type Result } from "#lib/result.server.ts";
import { audit } from "#models/audit.server.ts";
import { addMember } from "#models/pools/members.server.ts";
import { type Pool, requirePoolKeeper } from "#models/pools.server.ts";
import type { CurrentUser } from "#models/users.server.ts";

// Inviting a carrier to a pool by e-mail. An address already on Loadline needs no invitation: a
// carrier's company is added at once, anyone else's is refused. A new address gets a link to the
// carrier sign-up (a random token; only its SHA-256 is kept, so the table cannot be read for
// links) that works for 14 days, once; the company made through it joins the pool.

export const NOT_A_CARRIER_ADDRESS = "That address belongs to a company that is not a carrier";

export type Invited = { kind: "added"; added: boolean; name: string; email: string } | { kind: "invited"; email: string };
export type PendingInvitation = { id: number; email: string; createdAt: Date; expiresAt: Date };

const digestOf = (token: string) => createHash("sha256").update(token).digest("hex");

/** Adds the address's carrier company, or e-mails an invitation (replacing one sent before to the same address for this pool). */
export async function inviteByEmail(user: CurrentUser, pool: Pool, email: string, origin: string, now = new Date()): Promise<Result<Invited>> {
  requirePoolKeeper(user);
  const existing = await db().user.findUnique({ where: { email }, select: { accountId: true, account: { select: { kind: true } } } });
  if (existing && existing.account.kind !== "carrier") return refused({ email: NOT_A_CARRIER_ADDRESS });
  if (existing) {
    const added = await addMember(user, pool, existing.accountId);
    return added.ok ? ok({ kind: "added" as const, added: added.added, name: added.name, email }) : refused({ email: Object.values(added.errors)[0]! });
  }
  const token = randomBytes(32).toString("base64url");
  await db().$transaction([
    db().poolInvitation.deleteMany({ where: { poolId: pool.id, email, acceptedAt: null } }),
    db().poolInvitation.create({ data: { poolId: pool.id, email, tokenDigest: digestOf(token), invitedById: user.id, expiresAt: new Date(now.getTime() + POOL_INVITATION_TTL_MS) } }),
  ]);
  const link = `${origin}${poolInvitationSignUpPath(token)}`;
  await sendMail({ to: email, ...poolInvitationLetter({ inviter: user.name, shipper: user.account.name, pool: pool.name, link }) });
  await audit("pool.invite", user.id, null, { accountId: user.accountId, poolId: pool.id, email });
  return ok({ kind: "invited" as const, email });
}

/** The pool's invitations still waiting (not used, not expired), the newest first: one statement. */
export function pendingInvitations(pool: Pick<Pool, "id">, now = new Date()): Promise<PendingInvitation[]> {
  return db().poolInvitation.findMany({
    where: { poolId: pool.id, acceptedAt: null, expiresAt: { gt: now } },
    select: { id: true, email: true, createdAt: true, expiresAt: true },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
  });
}

/** Withdraws a waiting invitation of the pool (its link stops working); 404 when there is none; the address, for the notice. */
export async function withdrawInvitation(user: CurrentUser, pool: Pool, id: unknown): Promise<string> {
  requirePoolKeeper(user);
  const where = { id: recordId(id), poolId: pool.id, acceptedAt: null };
  const invitation = found(await db().poolInvitation.findFirst({ where, select: { email: true } }));
  const { count } = await db().poolInvitation.deleteMany({ where });
  found(count > 0);
  return invitation.email;
}

/**
 * Puts the carrier company a sign-up has just made into the pools that invited it: the one its
 * invitation link named (a forwarded link may have been sent to another address), and every pool
 * whose invitation waits for the address the sign-up has just confirmed (confirming proved the
 * address is theirs; a letter sent again carries no link token). Used, expired or withdrawn
 * invitations, or a company that is no carrier, are ignored: the account is made either way. Of two
 * sign-ups with one link, one joins. Answers the pools joined.
 */
export async function joinInvitedPools(token: unknown, user: Joiner, now = new Date()): Promise<number[]> {
  if (user.account.kind !== "carrier") return [];
  const valid = poolInvitationToken(token);
  const invitations = await db().poolInvitation.findMany({
    where: { acceptedAt: null, expiresAt: { gt: now }, OR: [{ email: user.email }, ...(valid ? [{ tokenDigest: digestOf(valid) }] : [])] },
    select: { id: true, poolId: true },
  });
  const joined: number[] = [];
  for (const invitation of invitations) if (await accept(invitation, user, now)) joined.push(invitation.poolId);
  return joined;
}

type Joiner = { id: number; email: string; accountId: number; account: { kind: string } };

async function accept(invitation: { id: number; poolId: number }, user: Joiner, now: Date): Promise<boolean> {
  const taken = await db().poolInvitation.updateMany({ where: { id: invitation.id, acceptedAt: null, expiresAt: { gt: now } }, data: { acceptedAt: now } });
  if (!taken.count) return false;
  const key = { poolId: invitation.poolId, carrierAccountId: user.accountId };
  await db().poolMember.upsert({ where: { poolId_carrierAccountId: key }, create: { ...key, addedById: null }, update: {} });
  await audit("pool.invitation_accepted", user.id, null, { accountId: user.accountId, poolId: invitation.poolId, invitationId: invitation.id });
  return true;
}
