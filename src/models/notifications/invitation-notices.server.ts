import type { NotificationDraft } from "#models/notifications.server.ts";
import type { NotifyEvent } from "#models/notifications/notify.server.ts";

// Placeholder: who hears that a job was offered to their pool (its owner writes it).
export async function invitationDrafts(_event: Extract<NotifyEvent, { kind: "job_invited" }>): Promise<NotificationDraft[]> {
  return [];
}
