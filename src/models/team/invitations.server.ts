import { db } from "#db/client.server.ts";
import { lockRow } from "#db/row-lock.server.ts";
import { INVITATION_TTL_MS, invitationLetter, type InvitationInput, type TeamRole } from "#domain/accounts/team.ts";
import { invitationPath } from "#domain/auth/paths.ts";
import { found, recordId } from "#lib/errors.server.ts";
import { sendMail } from "#lib/mailer.server.ts";
import { ok, refused, refusedBase, type Result } from "#lib/result.server.ts";
import { openToken, sealToken } from "#lib/sealed-token.server.ts";
import { audit } from "#models/audit.server.ts";
import { requireAdmin } from "#models/team.server.ts";
import { hashPassword, userWithAccount, type CurrentUser } from "#models/users.server.ts";

// Invitations to join an account: an admin invites a colleague by e-mail (a sealed link that works
// for 7 days); the invited person accepts it with a password of their own, once.

const ALREADY_ON_LOADLINE = "This person already has a Loadline account";

/**
 * Invites someone by e-mail. An address already on Loadline is refused (one account per person),
 * except someone removed from this account, who is invited back. Inviting the same address again
 * replaces the open invitation (the old link stops working) and sends a new one.
 */
export async function invite(user: CurrentUser, input: InvitationInput, origin: string, now = new Date()): Promise<Result<{ invitationId: number }>> {
  requireAdmin(user);
  const existing = await db().user.findUnique({ where: { email: input.email }, select: { accountId: true, removedAt: true } });
  if (existing && !(existing.accountId === user.accountId && existing.removedAt)) return refused({ email: ALREADY_ON_LOADLINE });
  const invitation = await db().$transaction(async (tx) => {
    // One invitation open per address: the same address invited twice at once waits its turn here.
    await lockRow(tx, "Account", user.accountId);
    const open = { accountId: user.accountId, email: input.email, acceptedAt: null, revokedAt: null };
    await tx.invitation.updateMany({ where: open, data: { revokedAt: now } });
    const expiresAt = new Date(now.getTime() + INVITATION_TTL_MS);
    return tx.invitation.create({ data: { ...input, accountId: user.accountId, invitedById: user.id, expiresAt } });
  });
  const token = sealToken("invitation", { id: invitation.id }, INVITATION_TTL_MS, now.getTime());
  const link = `${origin}${invitationPath(token)}`;
  const letter = invitationLetter({ name: input.name, inviter: user.name, company: user.account.name, role: input.role as TeamRole, link });
  await sendMail({ to: input.email, ...letter });
  await audit("team.invite", user.id, user.id, { email: input.email, role: input.role });
  return ok({ invitationId: invitation.id });
}

export async function revokeInvitation(user: CurrentUser, id: unknown, now = new Date()): Promise<void> {
  requireAdmin(user);
  const open = { id: recordId(id), accountId: user.accountId, acceptedAt: null, revokedAt: null };
  const { count } = await db().invitation.updateMany({ where: open, data: { revokedAt: now } });
  found(count > 0 ? true : null);
}

export const INVITATION_EXPIRED = "This invitation has expired or is not valid. Ask whoever invited you for a new one.";
export const INVITATION_USED = "This invitation has already been used. Sign in instead.";
export const INVITATION_WITHDRAWN = "This invitation was withdrawn. Ask whoever invited you for a new one.";

/** The invitation a link names, if it still can be accepted; otherwise why not. */
export async function openInvitation(token: unknown, now = new Date()) {
  const sealed = openToken("invitation", token, now.getTime()) as { id?: unknown } | null;
  const id = typeof sealed?.id === "number" ? sealed.id : null;
  const account = { select: { name: true, kind: true } } as const;
  const invitation = id === null ? null : await db().invitation.findUnique({ where: { id }, include: { account } });
  if (!invitation || invitation.expiresAt <= now) return { problem: INVITATION_EXPIRED, status: 410 as const };
  if (invitation.acceptedAt) return { problem: INVITATION_USED, status: 410 as const };
  if (invitation.revokedAt) return { problem: INVITATION_WITHDRAWN, status: 410 as const };
  return { invitation };
}

/**
 * Makes the invited person a user of the account with their own password (or brings back someone
 * removed from it). The invitation is taken once: of two tabs accepting at once, one wins.
 */
export async function acceptInvitation(
  invitationId: number,
  input: { name: string; password: string },
  now = new Date(),
): Promise<Result<{ user: CurrentUser }>> {
  const passwordHash = await hashPassword(input.password);
  return db().$transaction(async (tx) => {
    const invitation = await tx.invitation.findUniqueOrThrow({ where: { id: invitationId } });
    const still = { id: invitationId, acceptedAt: null, revokedAt: null, expiresAt: { gt: now } };
    const { count } = await tx.invitation.updateMany({ where: still, data: { acceptedAt: now } });
    if (!count) return refusedBase(INVITATION_USED, 409);
    const existing = await tx.user.findUnique({ where: { email: invitation.email }, select: { id: true, accountId: true, removedAt: true } });
    if (existing && !(existing.accountId === invitation.accountId && existing.removedAt)) return refusedBase(ALREADY_ON_LOADLINE, 409);
    const person = { name: input.name, role: invitation.role, passwordHash, removedAt: null };
    const user = existing
      ? await tx.user.update({ where: { id: existing.id }, data: person, ...userWithAccount })
      : await tx.user.create({ data: { ...person, email: invitation.email, accountId: invitation.accountId }, ...userWithAccount });
    return ok({ user });
  });
}
