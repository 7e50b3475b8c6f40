import { Router, type Request, type Response } from "express";
import { z } from "zod";
import { requireRole, requireUser } from "#server/auth.server.ts";
import { HttpError } from "#lib/errors.server.ts";
import { flash, renderPage } from "#server/render.server.ts";
import { searchUsers } from "#models/users.server.ts";
import { recentAudit } from "#models/audit.server.ts";
import { recentClientErrors } from "#models/telemetry.server.ts";
import { supportInbox } from "#models/support-chat/inbox.server.ts";
import { startImpersonation, stopImpersonation } from "#models/impersonation.server.ts";

const ImpersonationSchema = z.object({ user_id: z.coerce.number().int().positive() });

/** Support staff's desk: people to find and act as, the audit log, browser errors and the support inbox. */
export function adminRouter(): Router {
  return Router().get("/admin", showDesk).post("/admin/impersonations", impersonate).delete("/admin/impersonation", stopActingAs);
}

async function showDesk(req: Request, res: Response) {
  requireRole(req, "support");
  const q = typeof req.query.q === "string" ? req.query.q.slice(0, 100) : "";
  const [users, audit, clientErrors, inbox] = await Promise.all([searchUsers(q), recentAudit(20), recentClientErrors(20), supportInbox()]);
  await renderPage(req, res, "admin/index", { title: "Support", q, users, audit, clientErrors, inbox });
}

async function impersonate(req: Request, res: Response) {
  const actor = requireUser(req);
  const parsed = ImpersonationSchema.safeParse(req.body);
  if (!parsed.success) throw new HttpError(422, "Choose a user to impersonate");
  const target = await startImpersonation(req.session, actor, parsed.data.user_id);
  flash(req, "notice", `You are now signed in as ${target.name}.`);
  res.redirect(303, "/dashboard");
}

async function stopActingAs(req: Request, res: Response) {
  requireUser(req);
  await stopImpersonation(req.session);
  flash(req, "notice", "You have stopped impersonating.");
  res.redirect(303, "/admin");
}
