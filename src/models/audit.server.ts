import { db } from "#db/client.server.ts";
import { currentImpersonatorId } from "#lib/logger.server.ts";

export type AuditAction =
  | "impersonation.start"
  | "impersonation.stop"
  | "session.sign_in"
  | "session.sign_out"
  | "session.sign_out_everywhere"
  | "impersonation.write"
  | "attachment.removed"
  | "team.invite"
  | "team.change_role"
  | "team.remove"
  | "team.join"
  | "support.answer"
  | "rating.hidden"
  | "billing.bank_details_changed"
  | "company.block"
  | "company.unblock"
  | "pool.member_add"
  | "pool.member_remove"
  | "pool.member_leave"
  | "pool.invite"
  | "pool.invitation_accepted";

/**
 * Writes one audit row. While support staff impersonate, the row names the support user as the
 * actor, whoever the caller named, and keeps the impersonated user as `onBehalfOf`: the log never
 * credits a customer with what support did.
 */
export function audit(action: AuditAction, actorId: number, targetId: number | null, data: Record<string, unknown> = {}) {
  const supportId = currentImpersonatorId();
  const acting = supportId !== undefined && supportId !== actorId ? { actorId: supportId, data: { ...data, onBehalfOf: actorId } } : { actorId, data };
  return db().auditLog.create({ data: { action, actorId: acting.actorId, targetId, data: JSON.stringify(acting.data) } });
}

export function recentAudit(limit = 50) {
  return db().auditLog.findMany({ orderBy: { id: "desc" }, take: limit });
}
