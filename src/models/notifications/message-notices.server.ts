import { db } from "#db/client.server.ts";
import { notificationContent as content } from "#domain/messaging/notification-content.ts";
import { conversationPath } from "#domain/messaging/streams.ts";
import { noticesTo as to, type NotificationDraft } from "#models/notifications.server.ts";
import { officeUsers } from "#models/team.server.ts";

// Who hears of a new message: the receiving account's office, and the load's driver when the
// message is to the carrier that runs it. Each notice leads to the message's conversation.

const messageFacts = {
  body: true,
  jobId: true,
  loadId: true,
  fromAccountId: true,
  toAccountId: true,
  fromUser: { select: { name: true } },
  fromAccount: { select: { name: true, kind: true } },
  job: { select: { reference: true } },
  load: { select: { sequence: true, driverId: true, carrierAccountId: true } },
} as const;

export async function messageDrafts(messageId: number): Promise<NotificationDraft[]> {
  const message = await db().message.findUnique({ where: { id: messageId }, select: messageFacts });
  if (!message) return [];
  const carrierAccountId = message.fromAccount.kind === "carrier" ? message.fromAccountId : message.toAccountId;
  const ref = message.loadId !== null ? { kind: "load" as const, loadId: message.loadId } : { kind: "job" as const, jobId: message.jobId, carrierAccountId };
  const about = message.load ? `load ${message.load.sequence} of ${message.job.reference}` : message.job.reference;
  const senders = { senderName: message.fromUser.name, senderAccountName: message.fromAccount.name };
  const notification = content.message({ ...senders, about, body: message.body, path: conversationPath(ref) });
  const driver = message.load?.driverId && message.load.carrierAccountId === message.toAccountId ? [message.load.driverId] : [];
  return to([...(await officeUsers([message.toAccountId])), ...driver], notification).map((draft) => ({ ...draft, messageId }));
}
