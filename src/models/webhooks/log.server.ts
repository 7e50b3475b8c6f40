import { db } from "#db/client.server.ts";
import { found, recordId } from "#lib/errors.server.ts";
import { wakeWebhookDeliveries } from "#models/webhooks/wake.server.ts";

// An endpoint's delivery log, newest first, and "Send again": a delivery (delivered, given up or
// still waiting) is put back in the outbox to be tried at once, keeping its message id so the
// receiver can tell it is the same event.

export const LOG_PAGE_SIZE = 50;

/** How long a finished delivery stays in the log (load.position alone can write thousands a day). */
export const LOG_KEPT_DAYS = 30;

export async function deliveriesOf(endpointId: number, page = 1) {
  const where = { endpointId };
  const [total, rows] = await Promise.all([
    db().webhookDelivery.count({ where }),
    db().webhookDelivery.findMany({
      where,
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      skip: (page - 1) * LOG_PAGE_SIZE,
      take: LOG_PAGE_SIZE,
      select: { id: true, event: true, createdAt: true, attempts: true, lastStatus: true, lastResponse: true, lastAttemptAt: true, deliveredAt: true, failedAt: true, nextAttemptAt: true },
    }),
  ]);
  return { total, rows };
}

/** Schedules the endpoint's delivery to be sent now; 404 for a delivery of another endpoint. */
export async function sendAgain(endpointId: number, deliveryId: unknown, now = new Date()): Promise<void> {
  const id = recordId(deliveryId);
  const { count } = await db().webhookDelivery.updateMany({
    where: { id, endpointId },
    data: { nextAttemptAt: now, claimedUntil: null, failedAt: null, deliveredAt: null, attempts: 0 },
  });
  found(count > 0);
  wakeWebhookDeliveries();
}

/** Deletes deliveries delivered or given up more than 30 days before `now`; answers how many. */
export async function pruneDeliveryLog(now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - LOG_KEPT_DAYS * 86_400_000);
  const { count } = await db().webhookDelivery.deleteMany({
    where: { nextAttemptAt: null, OR: [{ deliveredAt: { lt: before } }, { failedAt: { lt: before } }] },
  });
  return count;
}
