import { db } from "#db/client.server.ts";
import { sideOf, storedEvents, type WebhookEventName } from "#domain/webhooks/events.ts";
import { found, recordId } from "#lib/errors.server.ts";
import { logger } from "#lib/logger.server.ts";
import type { CurrentUser } from "#models/users.server.ts";
import { anySubscribed, enabledEndpoints, enqueueWebhookEvent } from "#models/webhooks/outbox.server.ts";
import { eventParts } from "#models/webhooks/payloads.server.ts";

// An account's webhook endpoints (docs/webhooks.md): who keeps them, the finders, and the one call
// the models that cause events make, right after their change commits. The endpoints' writes are in
// webhooks/endpoints, the outbox in webhooks/outbox, sending in webhooks/delivery.

/** An account's admin keeps its webhooks (a shipper's or a carrier's; the platform has none). */
export const keepsWebhooks = (user: CurrentUser) => user.role === "admin" && sideOf(user.account.kind) !== null;

/**
 * Tells the subscribed endpoints of the record's parties that this happened to it. Never throws:
 * the action that caused the event has already happened, so a failure here is logged, not shown.
 */
export async function webhookEvent(event: WebhookEventName, subjectId: number, now = new Date()): Promise<void> {
  try {
    // No endpoint at all (kept, so no statement): nothing to read or write.
    if (!(await enabledEndpoints()).some((endpoint) => endpoint.events.includes(event))) return;
    for (const part of await eventParts(event, subjectId)) {
      if (await anySubscribed(part.accountIds, event)) await enqueueWebhookEvent(part.accountIds, event, part.data, db(), now);
    }
  } catch (error) {
    logger().error({ err: error, event, subjectId }, "webhook event not enqueued");
  }
}

export type WebhookEndpointRow = Awaited<ReturnType<typeof requireEndpointFor>>;

/** One of the account's endpoints with its events read; any other id is a 404. */
export async function requireEndpointFor(user: CurrentUser, id: unknown) {
  const endpoint = found(await db().webhookEndpoint.findFirst({ where: { id: recordId(id), accountId: user.accountId } }));
  return { ...endpoint, eventNames: storedEvents(endpoint.events) };
}

/** The account's endpoints, newest first, each with its latest try (three statements however many there are). */
export async function endpointsOf(accountId: number) {
  const endpoints = await db().webhookEndpoint.findMany({ where: { accountId }, orderBy: { id: "desc" } });
  const ids = endpoints.map((endpoint) => endpoint.id);
  const latestAt = ids.length
    ? await db().webhookDelivery.groupBy({ by: ["endpointId"], where: { endpointId: { in: ids }, lastAttemptAt: { not: null } }, _max: { lastAttemptAt: true } })
    : [];
  const latest = latestAt.length
    ? await db().webhookDelivery.findMany({
        where: { OR: latestAt.map((row) => ({ endpointId: row.endpointId, lastAttemptAt: row._max.lastAttemptAt })) },
        orderBy: { id: "asc" },
        select: { endpointId: true, event: true, lastAttemptAt: true, lastStatus: true, deliveredAt: true },
      })
    : [];
  const byEndpoint = new Map(latest.map((delivery) => [delivery.endpointId, delivery]));
  return endpoints.map((endpoint) => ({ ...endpoint, eventNames: storedEvents(endpoint.events), lastDelivery: byEndpoint.get(endpoint.id) ?? null }));
}
