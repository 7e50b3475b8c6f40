import { Router, type Request, type Response } from "express";
import { z } from "zod";
import { PasswordSchema } from "#domain/auth/account-forms.ts";
import { emailPreferencesOf, saveEmailPreferences } from "#models/email-preferences.server.ts";
import { endSessions } from "#models/sessions.server.ts";
import { changeCredentials } from "#models/users/credentials.server.ts";
import { impersonationRefusal, refuseWhileImpersonating, requireUser } from "#server/auth.server.ts";
import { parseInput } from "#lib/input.server.ts";
import { flash, renderPage, type PageLocals } from "#server/render.server.ts";

const AccountSchema = z.object({
  email: z.string().trim().toLowerCase().pipe(z.email("Enter an email address like name@company.co.uk")),
  password: z.union([z.literal(""), PasswordSchema]).default(""),
  current_password: z.string({ error: "Enter your current password" }).min(1, "Enter your current password").max(256, "Enter your current password"),
});
/** The email as typed, to show again beside its message. */
const PostedEmailSchema = z.object({ email: z.string().max(300).catch("") }).catch({ email: "" });

export function accountRouter(): Router {
  return Router()
    .get("/account", (req, res) => accountPage(req, res))
    .patch("/account", saveSignInDetails)
    // The "E-mail me about" boxes (`email_kinds[]`): 422 for a kind this person is not offered.
    .patch("/account/email_preferences", saveEmailChoices);
}

async function saveSignInDetails(req: Request, res: Response) {
  const user = requireUser(req);
  refuseWhileImpersonating(req, "sign-in details");
  const input = parseInput(AccountSchema, req.body);
  const changes = input.ok ? { currentPassword: input.data.current_password, email: input.data.email, password: input.data.password || undefined } : null;
  const changed = changes ? await changeCredentials(user, changes) : input;
  if (!changed.ok) {
    const values = { email: PostedEmailSchema.parse(req.body).email };
    return accountPage(req, res, { values, errors: changed.errors }, 422);
  }
  // A new password signs out every other browser, in case the old one was known to someone else.
  if (changes?.password) await endSessions(user.id, { except: req.sessionID });
  flash(req, "notice", changes?.password ? "Your account has been updated. You have been signed out everywhere else." : "Your account has been updated.");
  res.redirect(303, "/account");
}

async function saveEmailChoices(req: Request, res: Response) {
  const saved = await saveEmailPreferences(requireUser(req), (req.body as { email_kinds?: unknown }).email_kinds);
  if (!saved.ok) return accountPage(req, res, { emailErrors: saved.errors }, 422);
  flash(req, "notice", "Your e-mail choices have been saved.");
  res.redirect(303, "/account");
}

/**
 * The account page: the sign-in details (their refusal in `errors`; read-only, with the reason, for
 * support impersonating someone rather than a form that can only be refused) and the e-mail boxes as
 * saved (their refusal in `emailErrors`).
 */
async function accountPage(req: Request, res: Response, locals: PageLocals = {}, status = 200) {
  const user = requireUser(req);
  const page = { title: "Your account", values: { email: user.email }, signInDetailsLocked: impersonationRefusal(req, "sign-in details"), emailPreferences: await emailPreferencesOf(user), emailErrors: {} };
  await renderPage(req, res, "account/edit", { ...page, ...locals }, status);
}
