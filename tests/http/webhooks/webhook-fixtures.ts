import { db } from "#db/client.server.ts";
import { deliverWebhooks } from "#server/background/webhook-deliveries.server.ts";
import type { Agent } from "../../support/app.ts";
import { formBody } from "../../support/job-fixtures.ts";
import type { Envelope, Received } from "./receiver.ts";
import { Webhook } from "standardwebhooks";

// Endpoints made through the real form, and the outbox sent until nothing is left to send.

type Signed = { browser: Agent; csrf: string };

/** Adds an endpoint through the form; answers its id and the secret the page showed once. */
export async function addEndpoint(office: Signed, url: string, events: string[]): Promise<{ id: number; secret: string }> {
  const answer = await office.browser.post("/account/webhooks").type("form").send(formBody({ _csrf: office.csrf, url, events }));
  if (answer.status !== 200) throw new Error(`Adding the endpoint answered ${answer.status}`);
  const secret = /<code id="webhook-secret">(whsec_[^<]+)<\/code>/.exec(answer.text)?.[1];
  const endpoint = await db().webhookEndpoint.findFirstOrThrow({ where: { url }, orderBy: { id: "desc" } });
  if (!secret) throw new Error("No secret on the page");
  return { id: endpoint.id, secret };
}

// Due now: a delivery waiting for a later try (a receiver that failed) is not waited for.
const pending = () => db().webhookDelivery.count({ where: { nextAttemptAt: { lte: new Date() }, endpoint: { disabledAt: null } } });

/** Sends the outbox (by the real clock) until nothing is waiting, or fails after the deadline. */
export async function sendAll(deadlineMs = 10_000): Promise<void> {
  const until = Date.now() + deadlineMs;
  while ((await pending()) > 0) {
    if (Date.now() > until) throw new Error(`${await pending()} deliveries still waiting`);
    await deliverWebhooks(new Date(), "http://loadline.test");
  }
}

/**
 * Every delivery a receiver got, verified with standardwebhooks, in the order the events were
 * enqueued: deliveries due together are sent at once, so they may arrive in any order (as a real
 * receiver must expect).
 */
export async function verifiedInOrder(received: readonly Received[], secret: string): Promise<Envelope[]> {
  const rows = await db().webhookDelivery.findMany({ where: { messageId: { in: received.map((d) => d.headers["webhook-id"]!) } }, select: { id: true, messageId: true } });
  const order = new Map(rows.map((row) => [row.messageId, row.id]));
  const position = (delivery: Received) => order.get(delivery.headers["webhook-id"]!) ?? Number.MAX_SAFE_INTEGER;
  return [...received].sort((a, b) => position(a) - position(b)).map((delivery) => new Webhook(secret).verify(delivery.body, delivery.headers) as Envelope);
}
