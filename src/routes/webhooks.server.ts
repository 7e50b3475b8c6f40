import { type Request, type Response, Router } from "express";
import { z } from "zod";
import { webhookEndpointSchema, webhookEventsSchema } from "#domain/webhooks/endpoint-form.ts";
import type { Env } from "#lib/env.server.ts";
import { HttpError } from "#lib/errors.server.ts";
import { parseInput } from "#lib/input.server.ts";
import type { FieldErrors } from "#lib/result.server.ts";
import { keepsWebhooks, requireEndpointFor } from "#models/webhooks.server.ts";
import { changeEvents, createEndpoint, deleteEndpoint, reenableEndpoint, rotateSecret } from "#models/webhooks/endpoints.server.ts";
import { sendAgain } from "#models/webhooks/log.server.ts";
import {
  NEW_WEBHOOK_PATH, WEBHOOKS_PATH, newWebhookPage, secretPage, webhookPage, webhookPath, webhooksPage,
} from "#pages/webhooks.server.ts";
import { requireUser } from "#server/auth.server.ts";
import { flash, renderPage } from "#server/render.server.ts";

// An account's webhook endpoints (`/account/webhooks`), for its admin: anyone else on the account
// gets 403, and another account's endpoint is a 404. A new or rotated secret is the answer to its
// POST (200, never stored for a later page), shown that once. Support impersonating the admin may
// read but not change them: a secret would outlast the impersonation.

/** The form as posted, kept as typed when it is refused. */
const PostedSchema = z
  .object({ url: z.string().max(2_000).catch(""), events: z.union([z.string(), z.array(z.string())]).transform((v) => [v].flat()).catch([]) })
  .partial()
  .catch({});

/** `env.webhooksAllowPrivateAddresses`: whether http and private addresses may be saved (not in production). */
export function webhooksRouter({ env }: { env: Env }): Router {
  return Router()
    .use(WEBHOOKS_PATH, webhooksKeeper)
    .get(WEBHOOKS_PATH, listEndpoints)
    .get(NEW_WEBHOOK_PATH, newEndpoint)
    .post(WEBHOOKS_PATH, (req, res) => addEndpoint(req, res, env.webhooksAllowPrivateAddresses))
    .get(`${WEBHOOKS_PATH}/:id`, showEndpoint)
    .patch(`${WEBHOOKS_PATH}/:id`, saveEvents)
    .delete(`${WEBHOOKS_PATH}/:id`, removeEndpoint)
    .post(`${WEBHOOKS_PATH}/:id/rotate`, rotate)
    .post(`${WEBHOOKS_PATH}/:id/enable`, enable)
    .post(`${WEBHOOKS_PATH}/:id/deliveries/:deliveryId/retry`, retry);
}

/** The account's admin only (403 for the rest of the account); no changes while impersonating. */
function webhooksKeeper(req: Request, _res: Response, next: () => void) {
  const user = requireUser(req);
  if (!keepsWebhooks(user)) throw new HttpError(403, "Only an admin of your account can manage its webhooks");
  if (req.method !== "GET" && req.method !== "HEAD" && req.impersonatorId) throw new HttpError(403, "You cannot change webhooks while impersonating a user.");
  next();
}

async function listEndpoints(req: Request, res: Response) {
  await renderPage(req, res, "webhooks/index", await webhooksPage(requireUser(req)));
}

async function newEndpoint(req: Request, res: Response) {
  await renderPage(req, res, "webhooks/new", newWebhookPage(requireUser(req)));
}

async function addEndpoint(req: Request, res: Response, allowPrivate: boolean) {
  const user = requireUser(req);
  const input = parseInput(webhookEndpointSchema(user.account.kind, allowPrivate), req.body);
  const created = input.ok ? await createEndpoint(user, input.data, allowPrivate) : input;
  if (!created.ok) return renderPage(req, res, "webhooks/new", newWebhookPage(user, formOf(created.errors, req.body)), 422);
  await showSecret(req, res, { id: created.id, url: input.ok ? input.data.url : "" }, created.secret, false);
}

async function showEndpoint(req: Request, res: Response) {
  const user = requireUser(req);
  await renderPage(req, res, "webhooks/show", await webhookPage(user, await requireEndpointFor(user, req.params.id), req.query));
}

async function saveEvents(req: Request, res: Response) {
  const user = requireUser(req);
  const endpoint = await requireEndpointFor(user, req.params.id);
  const input = parseInput(webhookEventsSchema(user.account.kind), req.body);
  if (!input.ok) return renderPage(req, res, "webhooks/show", await webhookPage(user, endpoint, {}, formOf(input.errors, req.body)), 422);
  await changeEvents(endpoint, input.data.events);
  flash(req, "notice", "Events saved");
  res.redirect(303, webhookPath(endpoint.id));
}

async function rotate(req: Request, res: Response) {
  const endpoint = await requireEndpointFor(requireUser(req), req.params.id);
  await showSecret(req, res, endpoint, await rotateSecret(endpoint), true);
}

async function enable(req: Request, res: Response) {
  const endpoint = await requireEndpointFor(requireUser(req), req.params.id);
  await reenableEndpoint(endpoint);
  flash(req, "notice", "Endpoint turned back on");
  res.redirect(303, webhookPath(endpoint.id));
}

async function removeEndpoint(req: Request, res: Response) {
  await deleteEndpoint(await requireEndpointFor(requireUser(req), req.params.id));
  flash(req, "notice", "Endpoint deleted");
  res.redirect(303, WEBHOOKS_PATH);
}

async function retry(req: Request, res: Response) {
  const endpoint = await requireEndpointFor(requireUser(req), req.params.id);
  await sendAgain(endpoint.id, req.params.deliveryId);
  flash(req, "notice", "The delivery will be sent again now");
  res.redirect(303, webhookPath(endpoint.id));
}

const formOf = (errors: FieldErrors, body: unknown) => ({ errors, values: PostedSchema.parse(body) });

/** The secret's one showing: never cached, never kept in the session for a later page. */
async function showSecret(req: Request, res: Response, endpoint: { id: number; url: string }, secret: string, rotated: boolean) {
  res.set("Cache-Control", "no-store");
  await renderPage(req, res, "webhooks/secret", secretPage(endpoint, secret, rotated));
}

