import { db } from "#db/client.server.ts";
import { lockRow } from "#db/row-lock.server.ts";
import { INVITATION_TTL_MS, LAST_ADMIN, invitationLetter, leavesNoAdmin, mayManageTeam, type InvitationInput, type TeamRole } from "#domain/accounts/team.ts";
import { HttpError, found, recordId } from "#lib/errors.server.ts";
import { sendMail } from "#lib/mailer.server.ts";
import { ok, refused, refusedBase, type Result } from "#lib/result.server.ts";
import { openToken, sealToken } from "#lib/sealed-token.server.ts";
import { audit } from "#models/audit.server.ts";
import { endSessions } from "#models/sessions.server.ts";
import { hashPassword, userWithAccount, type CurrentUser } from "#models/users.server.ts";

// An account's people: admins invite colleagues by e-mail (a sealed, expiring link), change their
// roles and remove them. A removed person cannot sign in, their sessions end at once, and their
// loads not yet collected go back to the office to give to another driver; their name stays on what
// they did.

const ONLY_ADMINS = "Only an admin of your account can do that";

/** The team page: people on the account and invitations still open. */
export async function teamFor(user: CurrentUser, now = new Date()) {
  if (user.role === "driver" || user.role === "support") throw new HttpError(404, "Not found");
  const [members, invitations] = await Promise.all([
    db().user.findMany({ where: { accountId: user.accountId, removedAt: null }, select: { id: true, name: true, email: true, role: true, createdAt: true }, orderBy: [{ role: "asc" }, { name: "asc" }] }),
    db().invitation.findMany({
      where: { accountId: user.accountId, acceptedAt: null, revokedAt: null, expiresAt: { gt: now } },
      select: { id: true, name: true, email: true, role: true, expiresAt: true, invitedBy: { select: { name: true } } },
      orderBy: { createdAt: "desc" },
    }),
  ]);
  return { members, invitations, canManage: mayManageTeam(user.role), admins: members.filter((m) => m.role === "admin").length };
}

function requireAdmin(user: CurrentUser) {
  if (!mayManageTeam(user.role)) throw new HttpError(403, ONLY_ADMINS);
}

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
    await tx.invitation.updateMany({ where: { accountId: user.accountId, email: input.email, acceptedAt: null, revokedAt: null }, data: { revokedAt: now } });
    return tx.invitation.create({ data: { ...input, accountId: user.accountId, invitedById: user.id, expiresAt: new Date(now.getTime() + INVITATION_TTL_MS) } });
  });
  const token = sealToken("invitation", { id: invitation.id }, INVITATION_TTL_MS, now.getTime());
  const letter = invitationLetter({ name: input.name, inviter: user.name, company: user.account.name, role: input.role as TeamRole, link: `${origin}/invitations/${token}` });
  await sendMail({ to: input.email, ...letter });
  await audit("team.invite", user.id, user.id, { email: input.email, role: input.role });
  return ok({ invitationId: invitation.id });
}

export async function revokeInvitation(user: CurrentUser, id: unknown, now = new Date()): Promise<void> {
  requireAdmin(user);
  const { count } = await db().invitation.updateMany({ where: { id: recordId(id), accountId: user.accountId, acceptedAt: null, revokedAt: null }, data: { revokedAt: now } });
  found(count > 0 ? true : null);
}

async function colleague(user: CurrentUser, id: unknown) {
  return found(await db().user.findFirst({ where: { id: recordId(id), accountId: user.accountId, removedAt: null }, select: { id: true, role: true, name: true } }));
}

const adminCount = (accountId: number) => db().user.count({ where: { accountId, role: "admin", removedAt: null } });

export async function changeRole(user: CurrentUser, id: unknown, role: TeamRole): Promise<Result> {
  requireAdmin(user);
  const target = await colleague(user, id);
  if (leavesNoAdmin(target, role, await adminCount(user.accountId))) return refused({ role: LAST_ADMIN });
  await db().user.update({ where: { id: target.id }, data: { role } });
  // A driver's loads before collection go back to the office when they stop being a driver.
  if (target.role === "driver" && role !== "driver") await releaseLoads(target.id);
  await audit("team.change_role", user.id, target.id, { from: target.role, to: role });
  return ok();
}

export async function removeMember(user: CurrentUser, id: unknown, now = new Date()): Promise<Result> {
  requireAdmin(user);
  const target = await colleague(user, id);
  if (leavesNoAdmin(target, null, await adminCount(user.accountId))) return refusedBase(LAST_ADMIN);
  await db().user.update({ where: { id: target.id }, data: { removedAt: now } });
  await endSessions(target.id);
  await releaseLoads(target.id);
  await audit("team.remove", user.id, target.id, {});
  return ok();
}

/** The person's loads not yet collected lose their driver (the office assigns another). */
function releaseLoads(driverId: number) {
  return db().load.updateMany({ where: { driverId, status: "driver_assigned" }, data: { driverId: null, status: "assigned" } });
}

// ── Accepting ─────────────────────────────────────────────────────────────────────────────────

export const INVITATION_EXPIRED = "This invitation has expired or is not valid. Ask whoever invited you for a new one.";
export const INVITATION_USED = "This invitation has already been used. Sign in instead.";
export const INVITATION_WITHDRAWN = "This invitation was withdrawn. Ask whoever invited you for a new one.";

/** The invitation a link names, if it still can be accepted; otherwise why not. */
export async function openInvitation(token: unknown, now = new Date()) {
  const sealed = openToken("invitation", token, now.getTime()) as { id?: unknown } | null;
  const id = typeof sealed?.id === "number" ? sealed.id : null;
  const invitation = id === null ? null : await db().invitation.findUnique({ where: { id }, include: { account: { select: { name: true, kind: true } } } });
  if (!invitation || invitation.expiresAt <= now) return { problem: INVITATION_EXPIRED, status: 410 as const };
  if (invitation.acceptedAt) return { problem: INVITATION_USED, status: 410 as const };
  if (invitation.revokedAt) return { problem: INVITATION_WITHDRAWN, status: 410 as const };
  return { invitation };
}

/**
 * Makes the invited person a user of the account with their own password (or brings back someone
 * removed from it). The invitation is taken once: of two tabs accepting at once, one wins.
 */
export async function acceptInvitation(invitationId: number, input: { name: string; password: string }, now = new Date()): Promise<Result<{ user: CurrentUser }>> {
  const passwordHash = await hashPassword(input.password);
  return db().$transaction(async (tx) => {
    const invitation = await tx.invitation.findUniqueOrThrow({ where: { id: invitationId } });
    const { count } = await tx.invitation.updateMany({ where: { id: invitationId, acceptedAt: null, revokedAt: null, expiresAt: { gt: now } }, data: { acceptedAt: now } });
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
