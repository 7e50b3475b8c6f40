import { type Request, type Response, Router } from "express";
import { z } from "zod";
import { billingDetailsSchema } from "#domain/billing/details.ts";
import { env } from "#lib/env.server.ts";
import { HttpError } from "#lib/errors.server.ts";
import { parseInput } from "#lib/input.server.ts";
import { billingKindOf, keepsBilling, saveBillingDetails } from "#models/billing-details.server.ts";
import type { CurrentUser } from "#models/users.server.ts";
import { BILLING_PATH, type BillingFormState, billingLink, billingPage } from "#pages/billing-details.server.ts";
import { impersonationRefusal, originOf, refuseWhileImpersonating, requireUser } from "#server/auth.server.ts";
import { flash, renderPage } from "#server/render.server.ts";

/** A form as posted, kept as typed when it is refused; the password is never shown again. */
const PostedSchema = z
  .record(z.string(), z.unknown())
  .catch({})
  .transform(({ current_password: _password, ...values }) => values);

/**
 * An account's billing details (`/account/billing`), for its admin only (404 for anyone else). GET
 * shows the form; POST or PATCH saves it (303 back here), or answers 422 with the messages beside
 * the fields. Support impersonating the admin reads the details but may not change them (403).
 */
export function billingDetailsRouter(): Router {
  return Router().get(BILLING_PATH, showBilling).post(BILLING_PATH, saveBilling).patch(BILLING_PATH, saveBilling);
}

async function showBilling(req: Request, res: Response) {
  await render(req, res, billingKeeper(req));
}

async function saveBilling(req: Request, res: Response) {
  const user = billingKeeper(req);
  refuseWhileImpersonating(req, "billing");
  const input = parseInput(billingDetailsSchema(billingKindOf(user)!), req.body);
  const saved = input.ok ? await saveBillingDetails(user, input.data, billingLink(originOf(req, env()))) : input;
  if (!saved.ok) {
    return render(req, res, user, { errors: saved.errors, values: PostedSchema.parse(req.body) }, saved.status);
  }
  flash(req, "notice", "Billing details saved");
  res.redirect(303, BILLING_PATH);
}

/** The account's admin; anyone else is told the page does not exist. */
function billingKeeper(req: Request): CurrentUser {
  const user = requireUser(req);
  if (!keepsBilling(user)) throw new HttpError(404, "The page you were looking for doesn't exist.");
  return user;
}

type Form = BillingFormState | null;

async function render(req: Request, res: Response, user: CurrentUser, form: Form = null, status = 200) {
  const page = await billingPage(user, form, impersonationRefusal(req, "billing"));
  await renderPage(req, res, "billing/edit", page, status);
}
