import type { WebhookEventName } from "#domain/webhooks/events.ts";

// What every delivery's body is: one envelope, versioned so a receiver knows the shape it reads,
// with snake_case data, ISO 8601 times and money as integer pence with its currency.

export const WEBHOOK_API_VERSION = "2026-11-26";

export type Money = { amount_pence: number; currency: "GBP" };

export const money = (pence: number): Money => ({ amount_pence: pence, currency: "GBP" });
export const moneyOrNull = (pence: number | null | undefined): Money | null => (pence == null ? null : money(pence));

export const isoOrNull = (date: Date | null | undefined): string | null => (date ? date.toISOString() : null);

export type WebhookEnvelope = { id: string; api_version: string; event: WebhookEventName; created_at: string; data: Record<string, unknown> };

/** The body of every delivery of one event (all its endpoints share the event's id). */
export function webhookEnvelope(id: string, event: WebhookEventName, createdAt: Date, data: Record<string, unknown>): WebhookEnvelope {
  return { id, api_version: WEBHOOK_API_VERSION, event, created_at: createdAt.toISOString(), data };
}

const randomToken = () => {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
};

/** An event's id ("evt_…"), the same in every endpoint's copy, so a receiver can tell duplicates. */
export const newEventId = () => `evt_${randomToken()}`;

/** A delivery's `webhook-id` ("msg_…"): the same on every try of that delivery. */
export const newMessageId = () => `msg_${randomToken()}`;
