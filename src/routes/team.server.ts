import { Router, type Request, type Response } from "express";
import { AcceptInvitationSchema, ROLE_HINTS, ROLE_LABELS, invitationSchema, roleChangeSchema, rolesFor } from "#domain/accounts/team.ts";
import type { Env } from "#lib/env.server.ts";
import { parseInput } from "#lib/input.server.ts";
import type { FieldErrors } from "#lib/result.server.ts";
import { changeRole, removeMember, teamFor } from "#models/team.server.ts";
import { acceptInvitation, invite, openInvitation, revokeInvitation } from "#models/team/invitations.server.ts";
import { notWhileImpersonating, originOf, requireUser, signIn } from "#server/auth.server.ts";
import { flash, renderPage } from "#server/render.server.ts";

/** The account's people (`/team`) and the invitation links they are sent (`/invitations/:token`). */
export function teamRouter({ env }: { env: Env }): Router {
  return (
    Router()
      .get("/team", (req, res) => showTeam(req, res))
      // Support staff acting as an admin must not leave themselves (or anyone) a lasting way in.
      .use("/team", notWhileImpersonating("team"))
      .post("/team/invitations", (req, res) => sendInvitation(req, res, env))
      .delete("/team/invitations/:id", withdrawInvitation)
      .patch("/team/members/:id", changeMemberRole)
      .delete("/team/members/:id", removeTeamMember)
      .get("/invitations/:token", (req, res) => showInvitation(req, res))
      .post("/invitations/:token", takeInvitation)
  );
}

async function sendInvitation(req: Request, res: Response, env: Env) {
  const user = requireUser(req);
  const input = parseInput(invitationSchema(user.account.kind), req.body);
  const outcome = input.ok ? await invite(user, input.data, originOf(req, env)) : input;
  if (!outcome.ok) return showTeam(req, res, { errors: outcome.errors, values: req.body }, 422);
  flash(req, "notice", `Invitation sent to ${input.ok ? input.data.email : ""}`);
  res.redirect(303, "/team");
}

async function withdrawInvitation(req: Request, res: Response) {
  await revokeInvitation(requireUser(req), req.params.id);
  flash(req, "notice", "Invitation withdrawn");
  res.redirect(303, "/team");
}

async function changeMemberRole(req: Request<{ id: string }>, res: Response) {
  const user = requireUser(req);
  const input = parseInput(roleChangeSchema(user.account.kind), req.body);
  const outcome = input.ok ? await changeRole(user, req.params.id, input.data.role) : input;
  if (!outcome.ok) return showTeam(req, res, { errors: outcome.errors, values: {}, memberId: req.params.id }, 422);
  flash(req, "notice", "Role changed");
  res.redirect(303, "/team");
}

async function removeTeamMember(req: Request<{ id: string }>, res: Response) {
  const user = requireUser(req);
  const outcome = await removeMember(user, req.params.id);
  if (!outcome.ok) return showTeam(req, res, { errors: outcome.errors, values: {}, memberId: req.params.id }, 422);
  flash(req, "notice", "Removed from the account; they have been signed out");
  res.redirect(303, "/team");
}

async function takeInvitation(req: Request, res: Response) {
  const opened = await openInvitation(req.params.token);
  if (!opened.invitation || req.user) return showInvitation(req, res);
  const input = parseInput(AcceptInvitationSchema, req.body);
  const outcome = input.ok ? await acceptInvitation(opened.invitation.id, input.data) : input;
  if (!outcome.ok) return showInvitation(req, res, { errors: outcome.errors, values: { name: req.body?.name } }, 422);
  await signIn(req, outcome.user);
  flash(req, "notice", `Welcome to ${outcome.user.account.name} on Loadline`);
  res.redirect(303, outcome.user.role === "driver" ? "/loads" : "/dashboard");
}

const teamView = { rolesFor, ROLE_LABELS, ROLE_HINTS };

type FormState = { errors?: FieldErrors; values?: Record<string, unknown>; memberId?: string };

async function showTeam(req: Request, res: Response, form: FormState = {}, status = 200) {
  const user = requireUser(req);
  const team = await teamFor(user);
  const page = { title: "Team", team, teamView, errors: form.errors ?? {}, values: form.values ?? {}, memberId: form.memberId ?? null };
  await renderPage(req, res, "team/index", page, status);
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
