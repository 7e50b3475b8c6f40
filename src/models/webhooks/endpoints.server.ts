import { db } from "#db/client.server.ts";
import type { WebhookEndpointInput } from "#domain/webhooks/endpoint-form.ts";
import type { WebhookEventName } from "#domain/webhooks/events.ts";
import { ROTATION_OVERLAP_MS } from "#domain/webhooks/schedule.ts";
import { newWebhookSecret } from "#domain/webhooks/signature.ts";
import { ok, refused, type Result } from "#lib/result.server.ts";
import type { CurrentUser } from "#models/users.server.ts";
import { resolvedProblem } from "#models/webhooks/addresses.server.ts";

// An admin's changes to the account's endpoints. The secret is answered once, when it is made (and
// when it is rotated); the pages show it then and never again. Every write is limited to the
// account's own endpoint, so a stale form can never touch another account's.

type Endpoint = { id: number; accountId: number };

/** Enough for a production, a staging and a few partners' systems; each endpoint costs a send per event. */
export const MAX_ENDPOINTS = 20;
export const TOO_MANY_ENDPOINTS = `An account can have up to ${MAX_ENDPOINTS} endpoints: delete one you no longer use first`;

/** A new endpoint with a new secret, or 422 when its address resolves to a private network (unless allowed). */
export async function createEndpoint(user: CurrentUser, input: WebhookEndpointInput, allowPrivate: boolean): Promise<Result<{ id: number; secret: string }>> {
  const problem = allowPrivate ? null : await resolvedProblem(input.url);
  if (problem) return refused({ url: problem });
  if ((await db().webhookEndpoint.count({ where: { accountId: user.accountId } })) >= MAX_ENDPOINTS) return refused({ base: TOO_MANY_ENDPOINTS });
  const secret = newWebhookSecret();
  const endpoint = await db().webhookEndpoint.create({
    data: { accountId: user.accountId, createdById: user.id, url: input.url, events: JSON.stringify(input.events), secret },
  });
  return ok({ id: endpoint.id, secret });
}

export async function changeEvents(endpoint: Endpoint, events: readonly WebhookEventName[]): Promise<void> {
  await db().webhookEndpoint.updateMany({ where: { id: endpoint.id, accountId: endpoint.accountId }, data: { events: JSON.stringify(events) } });
}

/**
 * A new secret; the one it replaces still signs beside it for 24 hours, so the receiver can move to
 * the new one without refusing a delivery meanwhile. A second rotation inside that day retires the
 * first secret at once: only the one just replaced is kept.
 */
export async function rotateSecret(endpoint: Endpoint & { secret: string }, now = new Date()): Promise<string> {
  const secret = newWebhookSecret();
  const previousSecretUntil = new Date(now.getTime() + ROTATION_OVERLAP_MS);
  await db().webhookEndpoint.updateMany({
    where: { id: endpoint.id, accountId: endpoint.accountId, secret: endpoint.secret },
    data: { secret, previousSecret: endpoint.secret, previousSecretUntil },
  });
  return secret;
}

/** Turns a disabled endpoint back on: its deliveries still waiting are sent again from now. */
export async function reenableEndpoint(endpoint: Endpoint, now = new Date()): Promise<void> {
  await db().$transaction([
    db().webhookEndpoint.updateMany({ where: { id: endpoint.id, accountId: endpoint.accountId }, data: { disabledAt: null } }),
    db().webhookDelivery.updateMany({ where: { endpointId: endpoint.id, nextAttemptAt: { not: null } }, data: { nextAttemptAt: now, claimedUntil: null } }),
  ]);
}

/** Deletes the endpoint and its delivery log (nothing more is sent to it). */
export async function deleteEndpoint(endpoint: Endpoint): Promise<void> {
  await db().webhookEndpoint.deleteMany({ where: { id: endpoint.id, accountId: endpoint.accountId } });
}
