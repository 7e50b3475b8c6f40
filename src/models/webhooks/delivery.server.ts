import { db } from "#db/client.server.ts";
import { CLAIM_MS, isDelivered, nextAttemptAt } from "#domain/webhooks/schedule.ts";
import { signedHeaders, signingSecrets } from "#domain/webhooks/signature.ts";
import type { Prisma } from "#generated/prisma/client.ts";
import { allowsPrivateAddresses } from "#models/webhooks/addresses.server.ts";
import { disableEndpoint } from "#models/webhooks/given-up.server.ts";
import { type Answer, postWebhook } from "#models/webhooks/sending.server.ts";

// Sending the outbox. Every process runs this every few seconds; each due delivery is claimed by a
// conditional update (still due, unclaimed or its claim expired), so exactly one process sends each
// try. A process that dies holding a claim loses nothing: the claim expires and another takes it.
// Each try is recorded (status, the answer's start); the next is scheduled by the backoff, and
// after the last one the delivery is given up and its endpoint disabled (webhooks/given-up).

const due = (now: Date): Prisma.WebhookDeliveryWhereInput => ({
  nextAttemptAt: { lte: now },
  OR: [{ claimedUntil: null }, { claimedUntil: { lte: now } }],
  endpoint: { disabledAt: null },
});

const claimedSelect = {
  id: true, messageId: true, payload: true, attempts: true,
  endpoint: { select: { id: true, url: true, secret: true, previousSecret: true, previousSecretUntil: true } },
} as const;
type Claimed = Prisma.WebhookDeliveryGetPayload<{ select: typeof claimedSelect }> & { claimedUntil: Date };

/** Claims up to `limit` due deliveries for this process: only those whose conditional update changed a row. */
export async function claimDueDeliveries(now: Date, limit = 25): Promise<Claimed[]> {
  const candidates = await db().webhookDelivery.findMany({ where: due(now), select: { id: true }, orderBy: [{ nextAttemptAt: "asc" }, { id: "asc" }], take: limit });
  const claimedUntil = new Date(now.getTime() + CLAIM_MS);
  const won = await Promise.all(
    candidates.map(async ({ id }) => ((await db().webhookDelivery.updateMany({ where: { id, ...due(now) }, data: { claimedUntil } })).count ? id : null)),
  );
  const ids = won.filter((id): id is number => id !== null);
  if (!ids.length) return [];
  const rows = await db().webhookDelivery.findMany({ where: { id: { in: ids } }, select: claimedSelect, orderBy: { id: "asc" } });
  return rows.map((row) => ({ ...row, claimedUntil }));
}

/** `disabled`: this try gave up and disabled its endpoint (its admins are to be told, once). */
export type TryOutcome = { deliveryId: number; endpointId: number; delivered: boolean; gaveUp: boolean; disabled: boolean };

/** Sends one claimed delivery and records the try; answers whether it was delivered or given up. */
export async function tryDelivery(delivery: Claimed, now: Date): Promise<TryOutcome> {
  const headers = await signedHeaders(signingSecrets(delivery.endpoint, now), delivery.messageId, now, delivery.payload);
  const answer = await postWebhook(delivery.endpoint.url, headers, delivery.payload, allowsPrivateAddresses());
  const attempts = delivery.attempts + 1;
  const delivered = isDelivered(answer.status);
  const next = delivered ? null : nextAttemptAt(attempts, now);
  const gaveUp = !delivered && next === null;
  const outcome = delivered ? { deliveredAt: now } : gaveUp ? { failedAt: now } : {};
  await db().webhookDelivery.updateMany({
    where: { id: delivery.id, claimedUntil: delivery.claimedUntil },
    data: { ...recordOf(answer, now), ...outcome, attempts, nextAttemptAt: next, claimedUntil: null },
  });
  const disabled = gaveUp && (await disableEndpoint(delivery.endpoint.id, now));
  return { deliveryId: delivery.id, endpointId: delivery.endpoint.id, delivered, gaveUp, disabled };
}

const recordOf = (answer: Answer, now: Date) => ({ lastStatus: answer.status, lastResponse: answer.text, lastAttemptAt: now });

/** One pass: claims what is due at `now` and sends it, all at once; answers each try's outcome. */
export async function deliverDue(now = new Date(), limit = 25): Promise<TryOutcome[]> {
  const claimed = await claimDueDeliveries(now, limit);
  return Promise.all(claimed.map((delivery) => tryDelivery(delivery, now)));
}
