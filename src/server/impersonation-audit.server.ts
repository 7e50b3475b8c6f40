import type { RequestHandler } from "express";
import { audit } from "#models/audit.server.ts";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
// Starting and stopping impersonation and signing out are audited by their own actions.
const AUDITED_ELSEWHERE = /^\/(admin\/impersonation|session)/;

/**
 * Support staff acting as a user leave a trail: every change they make while impersonating is
 * written to the audit log with the support user as the actor, the user as the target, and what
 * was changed (method, path, outcome), so it can be told apart from the user's own work.
 */
export const auditImpersonatedWrites: RequestHandler = (req, res, next) => {
  const actorId = req.impersonatorId;
  const targetId = req.user?.id;
  if (!actorId || !targetId || SAFE_METHODS.has(req.method) || AUDITED_ELSEWHERE.test(req.path)) return next();
  res.once("finish", () => {
    audit("impersonation.write", actorId, targetId, { method: req.method, path: req.originalUrl.slice(0, 300), status: res.statusCode }).catch((err: unknown) =>
      req.log?.error({ err }, "audit of an impersonated write failed"),
    );
  });
  next();
};
