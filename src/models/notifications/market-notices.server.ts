import type { NotificationDraft } from "#models/notifications.server.ts";
import type { NotifyEvent } from "#models/notifications/notify.server.ts";

// Placeholder: who hears that an invited job reached the market, or that its quote deadline passed
// (its owner writes it).
export async function marketDrafts(_event: Extract<NotifyEvent, { kind: "market_reached" | "quote_deadline" }>): Promise<NotificationDraft[]> {
  return [];
}
