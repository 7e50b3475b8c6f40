import { db } from "#db/client.server.ts";
import type { Prisma } from "#generated/prisma/client.ts";
import { badgeView, type BadgeView } from "#domain/messaging/badge.ts";
import { isUnreadFor, type Reader } from "#domain/messaging/read-marker.ts";
import { MessageSchema, type TypingEvent } from "#domain/messaging/schemas.ts";
import { userStream, type ConversationRef } from "#domain/messaging/streams.ts";
import { broadcastTo, currentCable } from "#lib/broadcast.server.ts";
import { markMessageNotificationsRead } from "#models/notifications.server.ts";
import { streamTag, turboStream } from "#lib/turbo.server.ts";
import { renderTemplate } from "#lib/templates.server.ts";
import {
  findConversation,
  findJobConversation,
  jobConversationsFor,
  loadConversation,
  messagesWhere,
  senderSelect,
  unreadMessagesWhere,
  type Conversation,
  type ConversationSummary,
} from "#models/conversations.server.ts";
import { locateGlobalId, signGlobalId } from "#lib/global-id.server.ts";
import { notify } from "#models/notifications/notify.server.ts";
import { SERVER_TYPING_INTERVAL_MS } from "#domain/messaging/timing.ts";
import type { CurrentUser } from "#models/users.server.ts";
import { HttpError, found } from "#lib/errors.server.ts";
import { logger } from "#lib/logger.server.ts";
import { ok, refused, type Result } from "#lib/result.server.ts";

export const MESSAGE_PURPOSE = "message";
/** How many of the latest messages a conversation shows. */
export const CONVERSATION_WINDOW = 100;

const messageColumns = {
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

type MessageRow = Prisma.MessageGetPayload<{ select: typeof messageSelect }>;
/** A message as shown to one person: `unread` for them (its "New" marker). */
export type MessageView = MessageRow & { sgid: string; unread: boolean };

export const sgidFor = (messageId: number) => signGlobalId("Message", messageId, MESSAGE_PURPOSE);
const withSgid = (message: MessageRow, unread: boolean): MessageView => ({ ...message, sgid: sgidFor(message.id), unread });

export async function requireConversation(user: CurrentUser, ref: ConversationRef): Promise<Conversation> {
  return found(await findConversation(user, ref));
}

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

/**
 * The job page's messaging: a carrier (office) gets its own conversation with the shipper (if it may
 * ask about the job), the shipper the carriers who asked or quoted; anyone else nothing.
 */
export async function jobMessagingFor(user: CurrentUser, job: { id: number; reference: string; status: string; shipperAccountId: number }): Promise<JobMessaging> {
  // Call it for a job the page has already shown this user; the list itself is scoped to their account.
  if (user.account.kind === "shipper") return { conversations: await jobConversationsFor(user, job.id) };
  if (user.account.kind !== "carrier" || user.role === "driver") return null;
  const conversation = await findJobConversation(user, job.id, user.accountId, job);
  return conversation ? { conversation: await viewOf(conversation, user) } : null;
}

export async function viewOf(conversation: Conversation, user: CurrentUser): Promise<ConversationView> {
  const where = messagesWhere(conversation);
  const rows = (await db().message.findMany({ where, select: messageColumns, orderBy: { id: "desc" }, take: CONVERSATION_WINDOW })).reverse();
  const [messages, readByUser] = await Promise.all([withSenders(conversation, rows), colleaguesMessagesRead(user, rows)]);
  const unread = (row: MessageColumns) => isUnreadFor({ ...row, readByViewer: readByUser.has(row.id) }, user);
  const unreadCount = await unreadIn(conversation, user, rows, unread);
  return { conversation, messages: messages.map((message) => withSgid(message, unread(message))), unreadBadge: badgeView(unreadCount), streamTag: streamTag(conversation.stream) };
}

type MessageColumns = Prisma.MessageGetPayload<{ select: typeof messageColumns }>;

/** Names the senders: the accounts are the conversation's two, the people are looked up once. */
async function withSenders(conversation: Conversation, rows: MessageColumns[]): Promise<MessageRow[]> {
  const ids = [...new Set(rows.map((row) => row.fromUserId))];
  const people = ids.length ? await db().user.findMany({ where: { id: { in: ids } }, select: { id: true, name: true } }) : [];
  const names = new Map(people.map((person) => [person.id, person.name]));
  const accountName = (id: number) => (id === conversation.shipperAccount.id ? conversation.shipperAccount : conversation.carrierAccount).name;
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
async function unreadIn(conversation: Conversation, user: CurrentUser, rows: MessageColumns[], unread: (row: MessageColumns) => boolean): Promise<number> {
  if (rows.length < CONVERSATION_WINDOW) return rows.filter(unread).length;
  return db().message.count({ where: { AND: [messagesWhere(conversation), unreadMessagesWhere(user)] } });
}

export type PostOutcome = Result<{ message: MessageView; streamHtml: string }>;

/**
 * Sends a message to the other account. Both sides (and the sender's other tabs) get the same
 * Turbo Stream the sender's own request answers with; the recipients' badges and notifications follow.
 */
export async function postMessage(conversation: Conversation, user: CurrentUser, input: unknown, acting: { supportUserId?: number } = {}): Promise<PostOutcome> {
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
  const others = readersOf([conversation.shipperAccount.id, conversation.carrierAccount.id], conversation.load?.driverId ?? null).then((all) => all.filter((reader) => reader.id !== user.id));
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

const visibleMessagesWhere = (user: CurrentUser): Prisma.MessageWhereInput => ({
  OR: [{ fromAccountId: user.accountId }, { toAccountId: user.accountId }],
  ...(user.role === "driver" ? { load: { driverId: user.id } } : {}),
});

/**
 * Marks a message from another user read. One to the current account is read for the account (its
 * receipt, `readAt`: the office and the load's driver see it read); one from a colleague on the
 * current account is read for the current user only. A message the user cannot see answers 404;
 * their own message 403 (nobody reads their own).
 */
export async function markMessageRead(user: CurrentUser, sgid: unknown): Promise<{ unreadCount: number }> {
  const message = found(
    await db().message.findFirst({
      where: { id: found(locateGlobalId(sgid, "Message", MESSAGE_PURPOSE)), ...visibleMessagesWhere(user) },
      select: { id: true, fromUserId: true, toAccountId: true, readAt: true, load: { select: { driverId: true, carrierAccountId: true } } },
    }),
  );
  if (message.fromUserId === user.id) throw new HttpError(403, "Your own message is not marked read");
  if (message.toAccountId !== user.accountId) {
    const read = { messageId: message.id, userId: user.id };
    if (!(await db().messageRead.count({ where: read }))) {
      await db().messageRead.upsert({ where: { messageId_userId: read }, create: read, update: {} });
      await broadcastMessageBadges([user]);
    }
  } else if (!message.readAt) {
    const { count } = await db().message.updateMany({ where: { id: message.id, readAt: null }, data: { readAt: new Date() } });
    const driverId = message.load?.carrierAccountId === user.accountId ? message.load.driverId : null;
    if (count) await broadcastMessageBadges(await readersOf([user.accountId], driverId));
  }
  // Its "new message" notifications are read with it: one unread count, not two.
  await markMessageNotificationsRead(message.id, message.toAccountId === user.accountId ? undefined : user.id);
  return { unreadCount: await unreadMessageCount(user) };
}

/** Tells the other side of the conversation that this user is typing (after checking they are in it). */
export async function reportTyping(user: CurrentUser, event: TypingEvent): Promise<void> {
  const ref: ConversationRef =
    event.load_id !== null
      ? { kind: "load", loadId: event.load_id }
      : { kind: "job", jobId: event.job_id, carrierAccountId: user.account.kind === "carrier" ? user.accountId : event.to_account_id };
  const conversation = await requireConversation(user, ref);
  found(conversation.job.id === event.job_id && conversation.otherAccount.id === event.to_account_id);
  if (!relayTypingNow(`${user.id}:${conversation.key}`, Date.now())) return;
  const html = await renderTemplate("messages/_typing_notice", { key: conversation.key, user: { id: user.id, name: user.name } });
  await broadcastTo(conversation.stream, turboStream("append", `typing_notices_${conversation.key}`, html));
}

const lastTypingRelay = new Map<string, number>();

/** Server-side throttle of typing reports: a misbehaving client cannot flood a conversation. */
function relayTypingNow(key: string, now: number): boolean {
  const last = lastTypingRelay.get(key) ?? null;
  if (last !== null && now - last < SERVER_TYPING_INTERVAL_MS) return false;
  if (lastTypingRelay.size > 10_000) lastTypingRelay.clear();
  lastTypingRelay.set(key, now);
  return true;
}

type BadgeReader = Reader & Pick<CurrentUser, "role">;

export function unreadMessageCount(user: BadgeReader): Promise<number> {
  if (user.role === "support") return Promise.resolve(0);
  return db().message.count({ where: unreadMessagesWhere(user) });
}

/** Who reads these accounts' messages: their office users (not removed) and, on a load, its driver. */
async function readersOf(accountIds: readonly number[], driverId: number | null): Promise<BadgeReader[]> {
  if (!currentCable()) return [];
  const office = { accountId: { in: [...new Set(accountIds)] }, role: { in: ["admin", "member"] }, removedAt: null };
  return db().user.findMany({ where: { OR: [office, ...(driverId ? [{ id: driverId }] : [])] }, select: { id: true, accountId: true, role: true, createdAt: true } });
}

/**
 * These people's navigation badges, each on their own stream: what is unread differs from one person
 * to the next (a colleague's message is unread for everyone on the account but its sender).
 */
export async function broadcastMessageBadges(readers: readonly BadgeReader[]): Promise<void> {
  if (!currentCable()) return;
  await Promise.all(readers.map(async (reader) => {
    const count = await unreadMessageCount(reader);
    await broadcastTo(userStream(reader.id), turboStream("replace", "nav_messages_badge", await renderTemplate("messages/_nav_badge", { badge: badgeView(count) })));
  }));
}
