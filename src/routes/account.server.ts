import { Router } from "express";
import { z } from "zod";
import { PasswordSchema, fieldErrors } from "#domain/auth/account-forms.ts";
import { changeCredentials } from "#models/users.server.ts";
import { requireUser } from "#server/auth.server.ts";
import { HttpError } from "#lib/errors.server.ts";
import { flash, renderPage } from "#server/render.server.ts";
import { db } from "#db/client.server.ts";

const AccountSchema = z.object({
  email: z.string().trim().toLowerCase().pipe(z.email("Enter an email address like name@company.co.uk")),
  password: z.union([z.literal(""), PasswordSchema]).default(""),
});

export function accountRouter(): Router {
  const router = Router();

  router.get("/account", async (req, res) => {
    const user = requireUser(req);
    await renderPage(req, res, "account/edit", { title: "Your account", values: { email: user.email } });
  });

  router.patch("/account", async (req, res) => {
    const user = requireUser(req);
    // SPEC §6: support staff acting as someone must not take over their sign-in details.
    if (req.impersonatorId) throw new HttpError(403, "You cannot change the email or password of a user you are impersonating.");
    const parsed = AccountSchema.safeParse(req.body);
    let errors = parsed.success ? {} : fieldErrors(parsed.error);
    if (parsed.success && parsed.data.email !== user.email && (await db().user.findUnique({ where: { email: parsed.data.email } }))) {
      errors = { email: "That email is already in use" };
    }
    if (!parsed.success || Object.keys(errors).length) {
      return renderPage(req, res, "account/edit", { title: "Your account", values: { email: req.body?.email }, errors }, 422);
    }
    await changeCredentials(user, { email: parsed.data.email, password: parsed.data.password || undefined });
    flash(req, "notice", "Your account has been updated.");
    res.redirect(303, "/account");
  });

  return router;
}
