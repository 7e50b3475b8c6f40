import { db } from "#db/client.server.ts";

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
  | "support.answer";

export function audit(action: AuditAction, actorId: number, targetId: number | null, data: Record<string, unknown> = {}) {
  return db().auditLog.create({ data: { action, actorId, targetId, data: JSON.stringify(data) } });
}

export function recentAudit(limit = 50) {
  return db().auditLog.findMany({ orderBy: { id: "desc" }, take: limit });
}
