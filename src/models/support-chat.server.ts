import { db } from "#db/client.server.ts";
import type { Prisma } from "#generated/prisma/client.ts";
import { badgeView } from "#domain/messaging/badge.ts";
import { snippet } from "#domain/messaging/notification-content.ts";
import { MessageSchema } from "#domain/messaging/schemas.ts";
import { SUPPORT_INBOX_STREAM, supportChatStream, userStream } from "#domain/messaging/streams.ts";
import { SERVER_TYPING_INTERVAL_MS } from "#domain/messaging/timing.ts";
import { SUPPORT_CHAT_WINDOW, SUPPORT_INBOX_SIZE, supportChatKey } from "#domain/support/chat.ts";
import { found, recordId } from "#lib/errors.server.ts";
import { logger } from "#lib/logger.server.ts";
import { ok, refused, type Result } from "#lib/result.server.ts";
import { renderTemplate } from "#lib/templates.server.ts";
import { streamTag, turboStream } from "#lib/turbo.server.ts";
import { broadcastTo, currentCable } from "#lib/broadcast.server.ts";
import { deliverNotifications } from "#models/notifications.server.ts";
import type { CurrentUser } from "#models/users.server.ts";

// A signed-in person's chat with platform support: one conversation each, made by their first
// message. Support staff (any of them) read and answer every chat from /admin; each answer is
// audited, reaches the person's open panel live and leaves them a notification.

const messageSelect = { id: true, fromUserId: true, fromSupport: true, body: true, createdAt: true, fromUser: { select: { name: true } } } as const satisfies Prisma.SupportMessageSelect;
export type SupportMessageView = Prisma.SupportMessageGetPayload<{ select: typeof messageSelect }>;

const personSelect = { id: true, name: true, email: true, account: { select: { name: true, kind: true } } } as const;
type Person = Prisma.UserGetPayload<{ select: typeof personSelect }>;

export type SupportChatView = { key: string; person: Person; conversationId: number | null; messages: SupportMessageView[]; streamTag: string };
export type Reader = "person" | "support";

/** The person's chat as they see it (marking support's answers read), empty before their first message. */
export async function supportChatFor(user: CurrentUser): Promise<SupportChatView> {
  const conversation = await db().supportConversation.findUnique({ where: { userId: user.id }, select: { id: true } });
  const person = { id: user.id, name: user.name, email: user.email, account: { name: user.account.name, kind: user.account.kind } };
  return chatView(person, conversation?.id ?? null, "person");
}

/**
 * A chat by its id, as support staff see it (marking the person's messages read); 404 when there is
 * none. `{ read: false }`: only the chat's person, for a typing notice.
 */
export async function requireSupportChat(id: unknown, options = { read: true }): Promise<SupportChatView> {
  const conversation = found(await db().supportConversation.findUnique({ where: { id: recordId(id) }, select: { id: true, user: { select: personSelect } } }));
  return chatView(conversation.user, conversation.id, options.read ? "support" : null);
}

async function chatView(person: Person, conversationId: number | null, reader: Reader | null): Promise<SupportChatView> {
  const messages = conversationId && reader ? await latestMessages(conversationId) : [];
  if (conversationId && reader) await markRead(conversationId, person.id, reader);
  return { key: supportChatKey(person.id), person, conversationId, messages, streamTag: streamTag(supportChatStream(person.id)) };
}

async function latestMessages(conversationId: number): Promise<SupportMessageView[]> {
  const rows = await db().supportMessage.findMany({ where: { conversationId }, select: messageSelect, orderBy: { id: "desc" }, take: SUPPORT_CHAT_WINDOW });
  return rows.reverse();
}

/** The reader has seen the other side's messages: their badge (the person's) or the inbox row (support's) follows. */
async function markRead(conversationId: number, userId: number, reader: Reader): Promise<void> {
  const { count } = await db().supportMessage.updateMany({ where: { conversationId, fromSupport: reader === "person", readAt: null }, data: { readAt: new Date() } });
  if (!count) return;
  await (reader === "person" ? broadcastPersonBadge(userId) : broadcastInboxRow(conversationId, "replace"));
}

export type SentOutcome = Result<{ message: SupportMessageView; streamHtml: string }>;

/** The person writes to support: their chat is made on the first message; support's inbox shows it live. */
export async function sendToSupport(user: CurrentUser, input: unknown): Promise<SentOutcome> {
  const parsed = MessageSchema.safeParse(input ?? {});
  if (!parsed.success) return refused({ body: parsed.error.issues[0]?.message ?? "Write a message first" });
  const now = new Date();
  const { id } = await db().supportConversation.upsert({ where: { userId: user.id }, create: { userId: user.id, lastMessageAt: now }, update: { lastMessageAt: now }, select: { id: true } });
  const message = await db().supportMessage.create({ data: { conversationId: id, fromUserId: user.id, fromSupport: false, body: parsed.data.body }, select: messageSelect });
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
    const created = await tx.supportMessage.create({ data: { conversationId, fromUserId: staff.id, fromSupport: true, body: parsed.data.body }, select: messageSelect });
    // Like every other support action, an answer is on the audit log (who, to whom, which message).
    await tx.auditLog.create({ data: { action: "support.answer", actorId: staff.id, targetId: chat.person.id, data: JSON.stringify({ conversationId, messageId: created.id }) } });
    return created;
  });
  const streamHtml = await deliver(chat.person.id, message);
  await Promise.all([broadcastPersonBadge(chat.person.id), notifyPerson(chat.person.id, message), broadcastInboxRow(conversationId, "replace")]).catch((err: unknown) =>
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

const lastTypingRelay = new Map<string, number>();

/**
 * Tells the other side of a chat that this person (or a support staff member) is typing: at most one
 * relay per writer and chat in the server's interval, whatever the browser sends.
 */
export async function reportSupportTyping(chatUserId: number, writer: Pick<CurrentUser, "id" | "name">, now = Date.now()): Promise<void> {
  const relay = `${writer.id}:${chatUserId}`;
  const last = lastTypingRelay.get(relay);
  if (last !== undefined && now - last < SERVER_TYPING_INTERVAL_MS) return;
  if (lastTypingRelay.size > 10_000) lastTypingRelay.clear();
  lastTypingRelay.set(relay, now);
  const key = supportChatKey(chatUserId);
  const html = await renderTemplate("messages/_typing_notice", { key, user: { id: writer.id, name: writer.name } });
  await broadcastTo(supportChatStream(chatUserId), turboStream("append", `${key}_typing`, html));
}

/** Support's answers the person has not read yet (the chat button's badge). */
export async function unreadAnswerCount(userId: number): Promise<number> {
  return db().supportMessage.count({ where: { conversation: { userId }, fromSupport: true, readAt: null } });
}

async function broadcastPersonBadge(userId: number): Promise<void> {
  if (!currentCable()) return;
  const html = await renderTemplate("support/_badge", { badge: badgeView(await unreadAnswerCount(userId)) });
  await broadcastTo(userStream(userId), turboStream("replace", "support_chat_badge", html));
}

async function notifyPerson(userId: number, message: SupportMessageView): Promise<void> {
  await deliverNotifications([{ userId, kind: "message", title: "Loadline support answered you", body: snippet(message.body), path: "/support" }]);
}

// ── The inbox in /admin ─────────────────────────────────────────────────────────────────────

const inboxSelect = {
  id: true,
  lastMessageAt: true,
  user: { select: personSelect },
  messages: { select: { body: true, fromSupport: true }, orderBy: { id: "desc" }, take: 1 },
  _count: { select: { messages: { where: { fromSupport: false, readAt: null } } } },
} as const satisfies Prisma.SupportConversationSelect;
type InboxRow = Prisma.SupportConversationGetPayload<{ select: typeof inboxSelect }>;

export type SupportInboxItem = { id: number; person: Person; lastMessageAt: Date; snippet: string; fromSupport: boolean; unreadBadge: ReturnType<typeof badgeView> };

const inboxItem = (row: InboxRow): SupportInboxItem => ({
  id: row.id,
  person: row.user,
  lastMessageAt: row.lastMessageAt,
  snippet: snippet(row.messages[0]?.body ?? "", 100),
  fromSupport: row.messages[0]?.fromSupport ?? false,
  unreadBadge: badgeView(row._count.messages),
});

/** Every support chat, latest first, with the person's unread messages counted. */
export async function supportInbox(): Promise<{ items: SupportInboxItem[]; streamTag: string }> {
  const rows = await db().supportConversation.findMany({ select: inboxSelect, orderBy: { lastMessageAt: "desc" }, take: SUPPORT_INBOX_SIZE });
  return { items: rows.map(inboxItem), streamTag: streamTag(SUPPORT_INBOX_STREAM) };
}

/** Moves a chat to the top of open inboxes (a new message) or redraws it in place (read, answered). */
async function broadcastInboxRow(conversationId: number, action: "prepend" | "replace"): Promise<void> {
  if (!currentCable()) return;
  const row = await db().supportConversation.findUnique({ where: { id: conversationId }, select: inboxSelect });
  if (!row) return;
  const domId = `support_inbox_item_${row.id}`;
  const html = await renderTemplate("admin/_support_inbox_item", { item: inboxItem(row) });
  const streams =
    action === "replace"
      ? turboStream("replace", domId, html)
      : turboStream("remove", domId) + turboStream("prepend", "support_inbox", html) + turboStream("remove", "support_inbox_empty");
  await broadcastTo(SUPPORT_INBOX_STREAM, streams);
}
