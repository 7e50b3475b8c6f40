import { Router, type Request, type Response } from "express";
import { apiKeyFormSchema } from "#domain/api/api-key-form.ts";
import { parseInput } from "#lib/input.server.ts";
import { createApiKey, revokeApiKey } from "#models/api-keys.server.ts";
import { requireAdmin } from "#models/team.server.ts";
import { apiKeysPage, type ApiKeyForm, type NewKey } from "#pages/api-keys.server.ts";
import { developersPage } from "#pages/developers.server.ts";
import { HttpError } from "#lib/errors.server.ts";
import { requireUser } from "#server/auth.server.ts";
import { flash, renderPage } from "#server/render.server.ts";

/**
 * The API's pages: an account admin's keys (`/account/api_keys`) and the public reference
 * (`/developers`). A new key is shown once, in the answer to the form (which is posted outside Turbo
 * for that reason), and never kept anywhere it could be read back.
 */
export function apiKeysRouter(): Router {
  return Router()
    .get("/developers", showDevelopers)
    .get("/account/api_keys", (req, res) => showKeys(req, res))
    // A key outlasts the session: support staff acting as an admin must not leave one behind.
    .use("/account/api_keys", notWhileImpersonating)
    .post("/account/api_keys", makeKey)
    .delete("/account/api_keys/:id", revokeKey);
}

async function showKeys(req: Request, res: Response, form: ApiKeyForm = {}, created: NewKey | null = null, status = 200) {
  const user = requireUser(req);
  requireAdmin(user);
  await renderPage(req, res, "api-keys/index", await apiKeysPage(user, form, created), status);
}

async function makeKey(req: Request, res: Response) {
  const user = requireUser(req);
  requireAdmin(user);
  const input = parseInput(apiKeyFormSchema(Date.now()), req.body);
  if (!input.ok) return showKeys(req, res, { errors: input.errors, values: req.body }, null, 422);
  const key = await createApiKey(user, input.data);
  res.set("Cache-Control", "no-store");
  await showKeys(req, res, {}, { name: key.name, secret: key.secret }, 201);
}

async function revokeKey(req: Request, res: Response) {
  const key = await revokeApiKey(requireUser(req), req.params.id);
  flash(req, "notice", `The key “${key.name}” is revoked: calls with it are refused from now on`);
  res.redirect(303, "/account/api_keys");
}

function notWhileImpersonating(req: Request, _res: Response, next: () => void) {
  if (req.method !== "GET" && req.impersonatorId) throw new HttpError(403, "You cannot make or revoke API keys while impersonating a user.");
  next();
}

async function showDevelopers(req: Request, res: Response) {
  await renderPage(req, res, "developers/index", developersPage());
}
