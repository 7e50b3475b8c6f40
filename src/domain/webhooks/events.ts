// The closed list of webhook events and which side of the market may subscribe to each. An event
// reaches an endpoint only when its account is a party to the record (its own job, quote, load or
// invoice), so a side that is never a party to an event is not offered it.

export type WebhookSide = "shipper" | "carrier";

export const WEBHOOK_EVENTS = {
  "job.published": { sides: ["shipper"], hint: "One of your jobs was published" },
  "job.awarded": { sides: ["shipper", "carrier"], hint: "A job was awarded (carriers: to you)" },
  "job.cancelled": { sides: ["shipper", "carrier"], hint: "A job was cancelled (carriers: one you quoted on)" },
  "quote.created": { sides: ["shipper", "carrier"], hint: "A quote was placed or changed" },
  "quote.withdrawn": { sides: ["shipper", "carrier"], hint: "A quote was withdrawn" },
  "load.assigned": { sides: ["shipper", "carrier"], hint: "A load was given to a carrier or a driver" },
  "load.collected": { sides: ["shipper", "carrier"], hint: "A load was collected" },
  "load.position": { sides: ["shipper", "carrier"], hint: "A driver shared a load's position" },
  "load.delivered": { sides: ["shipper", "carrier"], hint: "A load was delivered" },
  "proof.accepted": { sides: ["shipper", "carrier"], hint: "A proof of delivery was accepted" },
  "invoice.issued": { sides: ["shipper", "carrier"], hint: "An invoice was issued" },
  "invoice.paid": { sides: ["shipper", "carrier"], hint: "An invoice was marked paid" },
} as const satisfies Record<string, { sides: readonly WebhookSide[]; hint: string }>;

export type WebhookEventName = keyof typeof WEBHOOK_EVENTS;

export const WEBHOOK_EVENT_NAMES = Object.keys(WEBHOOK_EVENTS) as WebhookEventName[];

export const isWebhookEvent = (name: unknown): name is WebhookEventName =>
  typeof name === "string" && Object.hasOwn(WEBHOOK_EVENTS, name);

/** The side an account of this kind is on, or null (the platform's own accounts have no webhooks). */
export function sideOf(accountKind: string): WebhookSide | null {
  return accountKind === "shipper" || accountKind === "carrier" ? accountKind : null;
}

/** The events an account of this kind may subscribe to, in the list's order. */
export function eventsFor(accountKind: string): WebhookEventName[] {
  const side = sideOf(accountKind);
  return side ? WEBHOOK_EVENT_NAMES.filter((name) => (WEBHOOK_EVENTS[name].sides as readonly string[]).includes(side)) : [];
}

/** The stored JSON list of an endpoint's events, keeping only names still on the list. */
export function storedEvents(json: string): WebhookEventName[] {
  try {
    const parsed: unknown = JSON.parse(json);
    return Array.isArray(parsed) ? parsed.filter(isWebhookEvent) : [];
  } catch {
    return [];
  }
}
