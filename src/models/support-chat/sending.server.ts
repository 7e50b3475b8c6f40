import { db } from "#db/client.server.ts";
import { snippet } from "#domain/messaging/notification-content.ts";
import { MessageSchema } from "#domain/messaging/schemas.ts";
import { supportChatStream } from "#domain/messaging/streams.ts";
import { SUPPORT_CHAT_PATH, supportChatKey } from "#domain/support/chat.ts";
import { broadcastTo } from "#lib/broadcast.server.ts";
import { logger } from "#lib/logger.server.ts";
import { ok, refused, type Result } from "#lib/result.server.ts";
import { renderTemplate } from "#lib/templates.server.ts";
import { turboStream } from "#lib/turbo.server.ts";
import { deliverNotifications } from "#models/notifications.server.ts";
import { broadcastPersonBadge, messageSelect, type SupportChatView, type SupportMessageView } from "#models/support-chat.server.ts";
import { broadcastInboxRow } from "#models/support-chat/inbox.server.ts";
import type { CurrentUser } from "#models/users.server.ts";

// Writing in a support chat: the person to support (their chat made on the first message) and
// support's answers (audited, live on the person's panel, with a notification for them).

export type SentOutcome = Result<{ message: SupportMessageView; streamHtml: string }>;

/** The person writes to support: their chat is made on the first message; support's inbox shows it live. */
export async function sendToSupport(user: CurrentUser, input: unknown): Promise<SentOutcome> {
  const parsed = MessageSchema.safeParse(input ?? {});
  if (!parsed.success) return refused({ body: parsed.error.issues[0]?.message ?? "Write a message first" });
  const now = new Date();
  const chat = { where: { userId: user.id }, create: { userId: user.id, lastMessageAt: now }, update: { lastMessageAt: now } };
  const { id } = await db().supportConversation.upsert({ ...chat, select: { id: true } });
  const data = { conversationId: id, fromUserId: user.id, fromSupport: false, body: parsed.data.body };
  const message = await db().supportMessage.create({ data, select: messageSelect });
  const streamHtml = await deliver(user.id, message);
  await broadcastInboxRow(id, "prepend").catch((err: unknown) => logger().error({ err }, "support inbox update failed"));
  return ok({ message, streamHtml });
}

/** Support staff answer a chat: audited, live on the person's panel, and a notification for them. */
export async function answerSupportChat(chat: SupportChatView, staff: CurrentUser, input: unknown): Promise<SentOutcome> {
  const parsed = MessageSchema.safeParse(input ?? {});
  if (!parsed.success || !chat.conversationId) return refused({ body: parsed.error?.issues[0]?.message ?? "Write a message first" });
  const conversationId = chat.conversationId;
  const message = await db().$transaction(async (tx) => {
    await tx.supportConversation.update({ where: { id: conversationId }, data: { lastMessageAt: new Date() } });
    const data = { conversationId, fromUserId: staff.id, fromSupport: true, body: parsed.data.body };
    const created = await tx.supportMessage.create({ data, select: messageSelect });
    // Like every other support action, an answer is on the audit log (who, to whom, which message).
    const audited = JSON.stringify({ conversationId, messageId: created.id });
    await tx.auditLog.create({ data: { action: "support.answer", actorId: staff.id, targetId: chat.person.id, data: audited } });
    return created;
  });
  const streamHtml = await deliver(chat.person.id, message);
  const person = chat.person.id;
  await Promise.all([broadcastPersonBadge(person), notifyPerson(person, message), broadcastInboxRow(conversationId, "replace")]).catch((err: unknown) =>
    logger().error({ err }, "after-answer updates failed"),
  );
  return ok({ message, streamHtml });
}

/** Appends the message to the chat on every open panel and in /admin, and drops the sender's typing notice. */
async function deliver(userId: number, message: SupportMessageView & { fromUserId?: number }): Promise<string> {
  const key = supportChatKey(userId);
  const html = await renderTemplate("support/_message", { message });
  const streamHtml = turboStream("append", `${key}_messages`, html) + turboStream("remove", `typing_notice_${key}_${message.fromUserId}`);
  await broadcastTo(supportChatStream(userId), streamHtml);
  return streamHtml;
}

async function notifyPerson(userId: number, message: SupportMessageView): Promise<void> {
  const title = "Loadline support answered you";
  await deliverNotifications([{ userId, kind: "message", title, body: snippet(message.body), path: SUPPORT_CHAT_PATH }]);
}
