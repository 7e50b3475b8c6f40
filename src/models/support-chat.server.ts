import { db } from "#db/client.server.ts";
import type { Prisma } from "#generated/prisma/client.ts";
import { badgeView } from "#domain/messaging/badge.ts";
import { supportChatStream, userStream } from "#domain/messaging/streams.ts";
import { SUPPORT_CHAT_WINDOW, supportChatKey } from "#domain/support/chat.ts";
import { found, recordId } from "#lib/errors.server.ts";
import { renderTemplate } from "#lib/templates.server.ts";
import { streamTag, turboStream } from "#lib/turbo.server.ts";
import { broadcastTo, currentCable } from "#lib/broadcast.server.ts";
import { broadcastInboxRow, personSelect, type Person } from "#models/support-chat/inbox.server.ts";
import type { CurrentUser } from "#models/users.server.ts";

// A signed-in person's chat with platform support: one conversation each, made by their first
// message. Support staff (any of them) read and answer every chat from /admin (their inbox:
// support-chat/inbox). Here: a chat as each side reads it; writing to it: support-chat/sending.

export const messageSelect = {
  id: true,
  fromUserId: true,
  fromSupport: true,
  body: true,
  createdAt: true,
  fromUser: { select: { name: true } },
} as const satisfies Prisma.SupportMessageSelect;
export type SupportMessageView = Prisma.SupportMessageGetPayload<{ select: typeof messageSelect }>;

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
  const select = { id: true, user: { select: personSelect } };
  const conversation = found(await db().supportConversation.findUnique({ where: { id: recordId(id) }, select }));
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
  const unread = { conversationId, fromSupport: reader === "person", readAt: null };
  const { count } = await db().supportMessage.updateMany({ where: unread, data: { readAt: new Date() } });
  if (!count) return;
  await (reader === "person" ? broadcastPersonBadge(userId) : broadcastInboxRow(conversationId, "replace"));
}

/** Support's answers the person has not read yet (the chat button's badge). */
export async function unreadAnswerCount(userId: number): Promise<number> {
  return db().supportMessage.count({ where: { conversation: { userId }, fromSupport: true, readAt: null } });
}

export async function broadcastPersonBadge(userId: number): Promise<void> {
  if (!currentCable()) return;
  const html = await renderTemplate("support/_badge", { badge: badgeView(await unreadAnswerCount(userId)) });
  await broadcastTo(userStream(userId), turboStream("replace", "support_chat_badge", html));
}
