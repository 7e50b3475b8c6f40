import { Router } from "express";
import { z } from "zod";
import { PasswordSchema } from "#domain/auth/account-forms.ts";
import { endSessions } from "#models/sessions.server.ts";
import { changeCredentials } from "#models/users.server.ts";
import { refuseWhileImpersonating, requireUser } from "#server/auth.server.ts";
import { parseInput } from "#lib/input.server.ts";
import { flash, renderPage } from "#server/render.server.ts";

const AccountSchema = z.object({
  email: z.string().trim().toLowerCase().pipe(z.email("Enter an email address like name@company.co.uk")),
  password: z.union([z.literal(""), PasswordSchema]).default(""),
  current_password: z.string({ error: "Enter your current password" }).min(1, "Enter your current password").max(256, "Enter your current password"),
});
/** The email as typed, to show again beside its message. */
const PostedEmailSchema = z.object({ email: z.string().max(300).catch("") }).catch({ email: "" });

export function accountRouter(): Router {
  const router = Router();

  router.get("/account", async (req, res) => {
    const user = requireUser(req);
    await renderPage(req, res, "account/edit", { title: "Your account", values: { email: user.email } });
  });

  router.patch("/account", async (req, res) => {
    const user = requireUser(req);
    refuseWhileImpersonating(req, "sign-in details");
    const input = parseInput(AccountSchema, req.body);
    const changes = input.ok ? { currentPassword: input.data.current_password, email: input.data.email, password: input.data.password || undefined } : null;
    const changed = changes ? await changeCredentials(user, changes) : input;
    if (!changed.ok) {
      const values = { email: PostedEmailSchema.parse(req.body).email };
      return renderPage(req, res, "account/edit", { title: "Your account", values, errors: changed.errors }, 422);
    }
    // A new password signs out every other browser, in case the old one was known to someone else.
    if (changes?.password) await endSessions(user.id, { except: req.sessionID });
    flash(req, "notice", changes?.password ? "Your account has been updated. You have been signed out everywhere else." : "Your account has been updated.");
    res.redirect(303, "/account");
  });

  return router;
}
