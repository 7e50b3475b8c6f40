import { db } from "#db/client.server.ts";
import { isOfficeOf } from "#domain/accounts/team.ts";
import { badgeView, type BadgeView } from "#domain/messaging/badge.ts";
import { isUnreadFor } from "#domain/messaging/read-marker.ts";
import type { ConversationRef } from "#domain/messaging/streams.ts";
import { streamTag } from "#lib/turbo.server.ts";
import { findConversation, findJobConversation, loadConversation, type Conversation } from "#models/conversations.server.ts";
import { jobConversationsFor, type ConversationSummary } from "#models/conversations/list.server.ts";
import { messagesWhere, unreadMessagesWhere } from "#models/conversations/scopes.server.ts";
import { CONVERSATION_WINDOW, messageColumns, withSgid, type MessageColumns, type MessageRow, type MessageView } from "#models/messages.server.ts";
import type { CurrentUser } from "#models/users.server.ts";

// A conversation as one person sees it: its latest messages, each marked new or not for them, and
// how many are unread. The conversation page, the load page and the job page all show it.

export type ConversationView = {
  conversation: Conversation;
  messages: MessageView[];
  unreadBadge: BadgeView;
  streamTag: string;
};

/** Everything the conversation partial shows, for a user party to it; null when they are not. */
export async function conversationFor(user: CurrentUser, ref: ConversationRef): Promise<ConversationView | null> {
  const conversation = await findConversation(user, ref);
  return conversation ? viewOf(conversation, user) : null;
}

/** The same for a load the page has already read with its carrier and shipper. */
export async function loadConversationFor(user: CurrentUser, load: Parameters<typeof loadConversation>[1]): Promise<ConversationView | null> {
  const conversation = loadConversation(user, load);
  return conversation ? viewOf(conversation, user) : null;
}

export type JobMessaging = { conversation: ConversationView } | { conversations: ConversationSummary[] } | null;

type ShownJob = { id: number; reference: string; status: string; shipperAccountId: number };

/**
 * The job page's messaging: a carrier (office) gets its own conversation with the shipper (if it may
 * ask about the job), the shipper the carriers who asked or quoted; anyone else nothing.
 */
export async function jobMessagingFor(user: CurrentUser, job: ShownJob): Promise<JobMessaging> {
  // Call it for a job the page has already shown this user; the list itself is scoped to their account.
  if (user.account.kind === "shipper") return { conversations: await jobConversationsFor(user, job.id) };
  if (!isOfficeOf("carrier", user)) return null;
  const conversation = await findJobConversation(user, job.id, user.accountId, job);
  return conversation ? { conversation: await viewOf(conversation, user) } : null;
}

export async function viewOf(conversation: Conversation, user: CurrentUser): Promise<ConversationView> {
  const where = messagesWhere(conversation);
  const latest = await db().message.findMany({ where, select: messageColumns, orderBy: { id: "desc" }, take: CONVERSATION_WINDOW });
  const rows = latest.reverse();
  const [messages, readByUser] = await Promise.all([withSenders(conversation, rows), colleaguesMessagesRead(user, rows)]);
  const unread = (row: MessageColumns) => isUnreadFor({ ...row, readByViewer: readByUser.has(row.id) }, user);
  const unreadCount = await unreadIn(conversation, user, rows, unread);
  return {
    conversation,
    messages: messages.map((message) => withSgid(message, unread(message))),
    unreadBadge: badgeView(unreadCount),
    streamTag: streamTag(conversation.stream),
  };
}

/** Names the senders: the accounts are the conversation's two, the people are looked up once. */
async function withSenders(conversation: Conversation, rows: MessageColumns[]): Promise<MessageRow[]> {
  const ids = [...new Set(rows.map((row) => row.fromUserId))];
  const people = ids.length ? await db().user.findMany({ where: { id: { in: ids } }, select: { id: true, name: true } }) : [];
  const names = new Map(people.map((person) => [person.id, person.name]));
  const { shipperAccount, carrierAccount } = conversation;
  const accountName = (id: number) => (id === shipperAccount.id ? shipperAccount : carrierAccount).name;
  return rows.map((row) => ({ ...row, fromUser: { name: names.get(row.fromUserId) ?? "" }, fromAccount: { name: accountName(row.fromAccountId) } }));
}

/** Which of these messages, those from the user's colleagues, the user has read. */
async function colleaguesMessagesRead(user: CurrentUser, rows: MessageColumns[]): Promise<Set<number>> {
  const ids = rows.filter((row) => row.fromAccountId === user.accountId && row.fromUserId !== user.id).map((row) => row.id);
  if (!ids.length) return new Set();
  const reads = await db().messageRead.findMany({ where: { userId: user.id, messageId: { in: ids } }, select: { messageId: true } });
  return new Set(reads.map((read) => read.messageId));
}

/**
 * Unread messages for this user: counted in the shown list when it holds the whole conversation
 * (a party's messages are all theirs to read), else by the database, by the same rule (isUnreadFor).
 */
async function unreadIn(
  conversation: Conversation,
  user: CurrentUser,
  rows: MessageColumns[],
  unread: (row: MessageColumns) => boolean,
): Promise<number> {
  if (rows.length < CONVERSATION_WINDOW) return rows.filter(unread).length;
  return db().message.count({ where: { AND: [messagesWhere(conversation), unreadMessagesWhere(user)] } });
}
