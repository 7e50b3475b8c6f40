import { db } from "#db/client.server.ts";
import type { Prisma } from "#generated/prisma/client.ts";
import { badgeView } from "#domain/messaging/badge.ts";
import { snippet } from "#domain/messaging/notification-content.ts";
import { SUPPORT_INBOX_STREAM } from "#domain/messaging/streams.ts";
import { SUPPORT_INBOX_SIZE } from "#domain/support/chat.ts";
import { broadcastTo, currentCable } from "#lib/broadcast.server.ts";
import { renderTemplate } from "#lib/templates.server.ts";
import { streamTag, turboStream } from "#lib/turbo.server.ts";

// Support's inbox in /admin: every person's chat, latest first, with their unread messages
// counted, kept live on every open inbox.

/** The person a chat is with, as the inbox and the chat name them. */
export const personSelect = { id: true, name: true, email: true, account: { select: { name: true, kind: true } } } as const;
export type Person = Prisma.UserGetPayload<{ select: typeof personSelect }>;

const inboxSelect = {
  id: true,
  lastMessageAt: true,
  user: { select: personSelect },
  messages: { select: { body: true, fromSupport: true }, orderBy: { id: "desc" }, take: 1 },
  _count: { select: { messages: { where: { fromSupport: false, readAt: null } } } },
} as const satisfies Prisma.SupportConversationSelect;
type InboxRow = Prisma.SupportConversationGetPayload<{ select: typeof inboxSelect }>;

export type SupportInboxItem = {
  id: number;
  person: Person;
  lastMessageAt: Date;
  snippet: string;
  fromSupport: boolean;
  unreadBadge: ReturnType<typeof badgeView>;
};

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
export async function broadcastInboxRow(conversationId: number, action: "prepend" | "replace"): Promise<void> {
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
