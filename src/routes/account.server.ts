import { Router } from "express";
import { z } from "zod";
import { PasswordSchema } from "#domain/auth/account-forms.ts";
import { changeCredentials } from "#models/users.server.ts";
import { requireUser } from "#server/auth.server.ts";
import { HttpError } from "#lib/errors.server.ts";
import { parseInput } from "#lib/input.server.ts";
import { flash, renderPage } from "#server/render.server.ts";

const AccountSchema = z.object({
  email: z.string().trim().toLowerCase().pipe(z.email("Enter an email address like name@company.co.uk")),
  password: z.union([z.literal(""), PasswordSchema]).default(""),
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
    // Support staff acting as someone must not take over their sign-in details.
    if (req.impersonatorId) throw new HttpError(403, "You cannot change the email or password of a user you are impersonating.");
    const input = parseInput(AccountSchema, req.body);
    const changed = input.ok ? await changeCredentials(user, { email: input.data.email, password: input.data.password || undefined }) : input;
    if (!changed.ok) {
      const values = { email: PostedEmailSchema.parse(req.body).email };
      return renderPage(req, res, "account/edit", { title: "Your account", values, errors: changed.errors }, 422);
    }
    flash(req, "notice", "Your account has been updated.");
    res.redirect(303, "/account");
  });

  return router;
}
