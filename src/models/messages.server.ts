import { db } from "#db/client.server.ts";
import type { Prisma } from "#generated/prisma/client.ts";
import { MessageSchema } from "#domain/messaging/schemas.ts";
import type { ConversationRef } from "#domain/messaging/streams.ts";
import { broadcastTo } from "#lib/broadcast.server.ts";
import { turboStream } from "#lib/turbo.server.ts";
import { renderTemplate } from "#lib/templates.server.ts";
import { findConversation, senderSelect, type Conversation } from "#models/conversations.server.ts";
import { broadcastMessageBadges, readersOf } from "#models/messages/badges.server.ts";
import { signGlobalId } from "#lib/global-id.server.ts";
import { notify } from "#models/notifications/notify.server.ts";
import type { CurrentUser } from "#models/users.server.ts";
import { found } from "#lib/errors.server.ts";
import { logger } from "#lib/logger.server.ts";
import { ok, refused, type Result } from "#lib/result.server.ts";

// The Message record: what a message row holds, its signed id, and sending one. Reading one:
// messages/reading; a conversation as its page shows it: messages/conversation-view; unread counts
// and badges: messages/badges; typing notices: messages/typing.

export const MESSAGE_PURPOSE = "message";
/** How many of the latest messages a conversation shows. */
export const CONVERSATION_WINDOW = 100;

export const messageColumns = {
  id: true,
  jobId: true,
  loadId: true,
  fromUserId: true,
  fromAccountId: true,
  toAccountId: true,
  body: true,
  readAt: true,
  createdAt: true,
  sentBySupportId: true,
} as const satisfies Prisma.MessageSelect;
export const messageSelect = { ...messageColumns, ...senderSelect } as const satisfies Prisma.MessageSelect;

export type MessageColumns = Prisma.MessageGetPayload<{ select: typeof messageColumns }>;
export type MessageRow = Prisma.MessageGetPayload<{ select: typeof messageSelect }>;
/** A message as shown to one person: `unread` for them (its "New" marker). */
export type MessageView = MessageRow & { sgid: string; unread: boolean };

export const sgidFor = (messageId: number) => signGlobalId("Message", messageId, MESSAGE_PURPOSE);
export const withSgid = (message: MessageRow, unread: boolean): MessageView => ({ ...message, sgid: sgidFor(message.id), unread });

export async function requireConversation(user: CurrentUser, ref: ConversationRef): Promise<Conversation> {
  return found(await findConversation(user, ref));
}

export type PostOutcome = Result<{ message: MessageView; streamHtml: string }>;

/**
 * Sends a message to the other account. Both sides (and the sender's other tabs) get the same
 * Turbo Stream the sender's own request answers with; the recipients' badges and notifications follow.
 */
export async function postMessage(
  conversation: Conversation,
  user: CurrentUser,
  input: unknown,
  acting: { supportUserId?: number } = {},
): Promise<PostOutcome> {
  if (!conversation.canWrite) return refused({ body: "Bidding on this job has ended, so its conversation is closed: talk on its loads instead." }, 409);
  const parsed = MessageSchema.safeParse(input ?? {});
  if (!parsed.success) return refused({ body: parsed.error.issues[0]?.message ?? "Write a message first" });
  const row = await db().message.create({
    data: {
      jobId: conversation.job.id,
      loadId: conversation.load?.id ?? null,
      fromUserId: user.id,
      fromAccountId: conversation.myAccount.id,
      toAccountId: conversation.otherAccount.id,
      body: parsed.data.body,
      sentBySupportId: acting.supportUserId ?? null,
    },
    select: messageSelect,
  });
  // New, so unread for everyone who sees it but its sender (whose page drops the marker).
  const message = withSgid(row, true);
  const streamHtml = await messageStream(conversation, message);
  await broadcastTo(conversation.stream, streamHtml);
  // The message is saved: a failed badge or notification must not turn the answer into an error (and a resend).
  // Everyone else in the conversation has one more unread: the other company's people and the sender's colleagues.
  const accounts = [conversation.shipperAccount.id, conversation.carrierAccount.id];
  const others = readersOf(accounts, conversation.load?.driverId ?? null).then((all) => all.filter((reader) => reader.id !== user.id));
  await Promise.all([others.then(broadcastMessageBadges), notify({ kind: "message_received", messageId: row.id })]).catch((err: unknown) =>
    logger().error({ err }, "after-message updates failed"),
  );
  return ok({ message, streamHtml });
}

/** Appends the message and drops the sender's typing notice: one stream for the answer and the broadcast. */
async function messageStream(conversation: Conversation, message: MessageView): Promise<string> {
  const html = await renderTemplate("messages/_message", { message });
  return (
    turboStream("append", `messages_${conversation.key}`, html) +
    turboStream("remove", `typing_notice_${conversation.key}_${message.fromUserId}`)
  );
}
