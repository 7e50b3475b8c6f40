import { db } from "#db/client.server.ts";
import { keptUntilWritten } from "#db/kept-until-written.server.ts";
import { newEventId, newMessageId, webhookEnvelope } from "#domain/webhooks/envelope.ts";
import { storedEvents, type WebhookEventName } from "#domain/webhooks/events.ts";
import type { Prisma } from "#generated/prisma/client.ts";
import { wakeWebhookDeliveries } from "#models/webhooks/wake.server.ts";

// The durable outbox: an event becomes one WebhookDelivery row per enabled endpoint subscribed to
// it, written with (or right after) the change that caused it. The rows are the queue: whichever
// process claims a row sends it, and a restart loses nothing.

type Client = Prisma.TransactionClient | ReturnType<typeof db>;
type Subscription = { id: number; accountId: number; events: WebhookEventName[] };

// Most actions happen in accounts with no endpoint: the enabled endpoints are kept until the table
// is written (in any process), so such an action costs no statement at all here.
const keep = keptUntilWritten<Subscription[]>(["WebhookEndpoint"]);

/** Every enabled endpoint with its events, kept until an endpoint is written. */
export function enabledEndpoints(): Promise<Subscription[]> {
  return keep("enabled", async () => {
    const rows = await db().webhookEndpoint.findMany({ where: { disabledAt: null }, select: { id: true, accountId: true, events: true } });
    return rows.map((row) => ({ ...row, events: storedEvents(row.events) }));
  });
}

/** Whether any of these accounts has an enabled endpoint for this event (no statement when kept). */
export async function anySubscribed(accountIds: readonly number[], event: WebhookEventName): Promise<boolean> {
  const endpoints = await enabledEndpoints();
  return endpoints.some((endpoint) => accountIds.includes(endpoint.accountId) && endpoint.events.includes(event));
}

/**
 * Writes the event's deliveries: one per enabled endpoint of these accounts subscribed to it, all
 * carrying the same envelope (one event id), each with its own message id. Inside the caller's
 * transaction when `client` is one. Answers how many were written.
 */
export async function enqueueWebhookEvent(
  accountIds: readonly number[], event: WebhookEventName, data: Record<string, unknown>, client: Client = db(), now = new Date(),
): Promise<number> {
  const endpoints = (await enabledEndpoints()).filter((endpoint) => accountIds.includes(endpoint.accountId) && endpoint.events.includes(event));
  if (!endpoints.length) return 0;
  const payload = JSON.stringify(webhookEnvelope(newEventId(), event, now, data));
  const rows = endpoints.map((endpoint) => ({ endpointId: endpoint.id, messageId: newMessageId(), event, payload, nextAttemptAt: now, createdAt: now }));
  const { count } = await client.webhookDelivery.createMany({ data: rows });
  wakeWebhookDeliveries();
  return count;
}
