import { Router, type Request, type Response } from "express";
import { AcceptInvitationSchema, ROLE_HINTS, ROLE_LABELS, invitationSchema, roleChangeSchema, rolesFor } from "#domain/accounts/team.ts";
import type { Env } from "#lib/env.server.ts";
import { parseInput } from "#lib/input.server.ts";
import type { FieldErrors } from "#lib/result.server.ts";
import { acceptInvitation, changeRole, invite, openInvitation, removeMember, revokeInvitation, teamFor } from "#models/team.server.ts";
import { notWhileImpersonating, originOf, requireUser, signIn } from "#server/auth.server.ts";
import { flash, renderPage } from "#server/render.server.ts";

/** The account's people (`/team`) and the invitation links they are sent (`/invitations/:token`). */
export function teamRouter({ env }: { env: Env }): Router {
  const router = Router();

  router.get("/team", async (req, res) => showTeam(req, res));
  // Support staff acting as an admin must not leave themselves (or anyone) a lasting way in.
  router.use("/team", notWhileImpersonating("team"));

  router.post("/team/invitations", async (req, res) => {
    const user = requireUser(req);
    const input = parseInput(invitationSchema(user.account.kind), req.body);
    const outcome = input.ok ? await invite(user, input.data, originOf(req, env)) : input;
    if (!outcome.ok) return showTeam(req, res, { errors: outcome.errors, values: req.body }, 422);
    flash(req, "notice", `Invitation sent to ${input.ok ? input.data.email : ""}`);
    res.redirect(303, "/team");
  });

  router.delete("/team/invitations/:id", async (req, res) => {
    await revokeInvitation(requireUser(req), req.params.id);
    flash(req, "notice", "Invitation withdrawn");
    res.redirect(303, "/team");
  });

  router.patch("/team/members/:id", async (req, res) => {
    const user = requireUser(req);
    const input = parseInput(roleChangeSchema(user.account.kind), req.body);
    const outcome = input.ok ? await changeRole(user, req.params.id, input.data.role) : input;
    if (!outcome.ok) return showTeam(req, res, { errors: outcome.errors, values: {}, memberId: req.params.id }, 422);
    flash(req, "notice", "Role changed");
    res.redirect(303, "/team");
  });

  router.delete("/team/members/:id", async (req, res) => {
    const user = requireUser(req);
    const outcome = await removeMember(user, req.params.id);
    if (!outcome.ok) return showTeam(req, res, { errors: outcome.errors, values: {}, memberId: req.params.id }, 422);
    flash(req, "notice", "Removed from the account; they have been signed out");
    res.redirect(303, "/team");
  });

  router.get("/invitations/:token", async (req, res) => showInvitation(req, res));

  router.post("/invitations/:token", async (req, res) => {
    const opened = await openInvitation(req.params.token);
    if (!opened.invitation || req.user) return showInvitation(req, res);
    const input = parseInput(AcceptInvitationSchema, req.body);
    const outcome = input.ok ? await acceptInvitation(opened.invitation.id, input.data) : input;
    if (!outcome.ok) return showInvitation(req, res, { errors: outcome.errors, values: { name: req.body?.name } }, 422);
    await signIn(req, outcome.user);
    flash(req, "notice", `Welcome to ${outcome.user.account.name} on Loadline`);
    res.redirect(303, outcome.user.role === "driver" ? "/loads" : "/dashboard");
  });

  return router;
}

const teamView = { rolesFor, ROLE_LABELS, ROLE_HINTS };

type FormState = { errors?: FieldErrors; values?: Record<string, unknown>; memberId?: string };

async function showTeam(req: Request, res: Response, form: FormState = {}, status = 200) {
  const user = requireUser(req);
  const team = await teamFor(user);
  await renderPage(req, res, "team/index", { title: "Team", team, teamView, errors: form.errors ?? {}, values: form.values ?? {}, memberId: form.memberId ?? null }, status);
}

/**
 * The invitation page: a form to choose a password, or why the link no longer works (410). Someone
 * signed in (to any account) is asked to sign out first: an invitation makes a new person, never
 * moves an existing one.
 */
async function showInvitation(req: Request, res: Response, form: FormState = {}, status = 200) {
  const opened = await openInvitation(req.params.token);
  const signedInAs = req.user ? { name: req.user.name, email: req.user.email } : null;
  const answer = !opened.invitation ? opened.status : signedInAs ? 403 : status;
  await renderPage(req, res, "team/invitation", {
    title: "Join your team on Loadline",
    teamView,
    invitation: opened.invitation ?? null,
    problem: opened.problem ?? null,
    signedInAs,
    errors: form.errors ?? {},
    values: form.values ?? {},
  }, answer);
}
