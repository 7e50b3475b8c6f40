import { db } from "#db/client.server.ts";
import { LAST_ADMIN, OFFICE_ROLES, leavesNoAdmin, mayManageTeam, type TeamRole } from "#domain/accounts/team.ts";
import { HttpError, found, recordId } from "#lib/errors.server.ts";
import { ok, refused, refusedBase, type Result } from "#lib/result.server.ts";
import { audit } from "#models/audit.server.ts";
import { endSessions } from "#models/sessions.server.ts";
import type { CurrentUser } from "#models/users.server.ts";

// An account's people: who is on it, and admins changing their roles and removing them (inviting
// them: team/invitations). A removed person cannot sign in, their sessions end at once, and their
// loads not yet collected go back to the office to give to another driver; their name stays on what
// they did.

const ONLY_ADMINS = "Only an admin of your account can do that";

/** The team page: people on the account and invitations still open. */
export async function teamFor(user: CurrentUser, now = new Date()) {
  if (user.role === "driver" || user.role === "support") throw new HttpError(404, "Not found");
  const [members, invitations] = await Promise.all([
    db().user.findMany({
      where: { accountId: user.accountId, removedAt: null },
      select: { id: true, name: true, email: true, role: true, createdAt: true },
      orderBy: [{ role: "asc" }, { name: "asc" }],
    }),
    db().invitation.findMany({
      where: { accountId: user.accountId, acceptedAt: null, revokedAt: null, expiresAt: { gt: now } },
      select: { id: true, name: true, email: true, role: true, expiresAt: true, invitedBy: { select: { name: true } } },
      orderBy: { createdAt: "desc" },
    }),
  ]);
  return { members, invitations, canManage: mayManageTeam(user.role), admins: members.filter((m) => m.role === "admin").length };
}

/** Office users (not drivers, not support, not removed) of these accounts: the people who act for the company. */
export async function officeUsers(accountIds: readonly number[]): Promise<number[]> {
  if (!accountIds.length) return [];
  const where = { accountId: { in: [...new Set(accountIds)] }, role: { in: [...OFFICE_ROLES] }, removedAt: null };
  const users = await db().user.findMany({ where, select: { id: true } });
  return users.map((u) => u.id);
}

export function requireAdmin(user: CurrentUser) {
  if (!mayManageTeam(user.role)) throw new HttpError(403, ONLY_ADMINS);
}

async function colleague(user: CurrentUser, id: unknown) {
  const where = { id: recordId(id), accountId: user.accountId, removedAt: null };
  return found(await db().user.findFirst({ where, select: { id: true, role: true, name: true } }));
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
