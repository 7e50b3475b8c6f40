import { db } from "#db/client.server.ts";
import { UNREAD_FOR_MS, type EmailKind } from "#domain/email/kinds.ts";
import { logger } from "#lib/logger.server.ts";
import { optedOut } from "#models/email-preferences.server.ts";
import type { NotifyEvent } from "#models/notifications/notify.server.ts";

// The notifications worth an e-mail to someone away from the page. Each is noted as an EmailItem
// when the notification is delivered, due 15 minutes later; the sweep (src/server/email-sweep) mails
// those still unread by then. `topic` groups what one e-mail may cover: a job's new quotes, one
// conversation's messages.

type Emailed = { kind: EmailKind; topic: string | null; jobId?: number; loadId?: number; quoteId?: number; messageId?: number };

/** Which kind of e-mail an event's notifications may become, if any. */
function emailedAs(event: NotifyEvent): Emailed | null {
  switch (event.kind) {
    case "quote_received":
      return { kind: "quotes", topic: `job:${event.jobId}`, jobId: event.jobId, quoteId: event.quoteId };
    case "awarded":
    case "quote_declined":
      return { kind: "awards", topic: `job:${event.jobId}`, jobId: event.jobId };
    case "job_invited":
      return { kind: "invitations", topic: `job:${event.jobId}`, jobId: event.jobId };
    case "load_status":
      return event.status === "delivered" ? { kind: "deliveries", topic: `load:${event.loadId}`, loadId: event.loadId } : null;
    case "message_received":
      // A message notification's path is its conversation's address: one topic per conversation.
      return { kind: "messages", topic: null, messageId: event.messageId };
    default:
      return null;
  }
}

/**
 * Notes the event's just-delivered notifications that may be e-mailed, for everyone who has not
 * turned that kind off. Never throws: the notifications are delivered, and losing their e-mail is
 * logged rather than failing what caused them.
 */
export async function noteEmails(event: NotifyEvent, delivered: readonly { id: number; userId: number; path: string | null }[]): Promise<void> {
  const emailed = emailedAs(event);
  if (!emailed || !delivered.length) return;
  try {
    const { topic, ...fields } = emailed;
    const off = await optedOut(emailed.kind, delivered.map((n) => n.userId));
    const dueAt = new Date(Date.now() + UNREAD_FOR_MS);
    const data = delivered
      .filter((n) => !off.has(n.userId))
      .map((n) => ({ ...fields, userId: n.userId, notificationId: n.id, topic: topic ?? n.path ?? `notification:${n.id}`, dueAt }));
    if (data.length) await db().emailItem.createMany({ data });
  } catch (err) {
    logger().error({ err, event: event.kind }, "noting notifications to e-mail failed");
  }
}
