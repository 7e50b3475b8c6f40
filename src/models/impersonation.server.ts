import type { SessionData } from "express-session";
import { db } from "#db/client.server.ts";
import { HttpError, found } from "#lib/errors.server.ts";
import { audit } from "#models/audit.server.ts";
import type { CurrentUser } from "#models/users.server.ts";

/** Support staff act as another user; never as other support staff, and never one impersonation inside another. */
export async function startImpersonation(session: SessionData, actor: CurrentUser, targetId: number) {
  if (actor.role !== "support" || session.impersonatorId) throw new HttpError(403, "Only support staff can impersonate");
  const target = found(await db().user.findUnique({ where: { id: targetId } }), "No such user");
  found(target.role !== "support", "No such user");
  session.impersonatorId = actor.id;
  session.userId = target.id;
  await audit("impersonation.start", actor.id, target.id, { email: target.email });
  return target;
}

export async function stopImpersonation(session: SessionData) {
  const { impersonatorId, userId } = session;
  if (!impersonatorId || !userId) throw new HttpError(403, "You are not impersonating anyone");
  session.userId = impersonatorId;
  delete session.impersonatorId;
  await audit("impersonation.stop", impersonatorId, userId);
}
