import { db } from "#db/client.server.ts";
import type { Prisma } from "#generated/prisma/client.ts";
import { badgeView, type BadgeView } from "#domain/messaging/badge.ts";
import { MessageSchema, type TypingEvent } from "#domain/messaging/schemas.ts";
import { accountStream, userStream, type ConversationRef } from "#domain/messaging/streams.ts";
import { broadcastTo, currentCable } from "#models/broadcast.server.ts";
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
import { locateGlobalId, signGlobalId } from "#models/global-id.server.ts";
import { notify } from "#models/notify.server.ts";
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
export type MessageView = MessageRow & { sgid: string };

export const sgidFor = (messageId: number) => signGlobalId("Message", messageId, MESSAGE_PURPOSE);
const withSgid = (message: MessageRow): MessageView => ({ ...message, sgid: sgidFor(message.id) });

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
  const [messages, unreadCount] = await Promise.all([withSenders(conversation, rows), unreadIn(conversation, user, rows)]);
  return { conversation, messages: messages.map(withSgid), unreadBadge: badgeView(unreadCount), streamTag: streamTag(conversation.stream) };
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

/**
 * Unread messages for this user: counted in the shown list when it holds the whole conversation
 * (a party's messages are all theirs to read), else by the database.
 */
async function unreadIn(conversation: Conversation, user: CurrentUser, rows: MessageColumns[]): Promise<number> {
  if (rows.length < CONVERSATION_WINDOW) return rows.filter((row) => row.toAccountId === user.accountId && row.readAt === null).length;
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
  const message = withSgid(row);
  const streamHtml = await messageStream(conversation, message);
  await broadcastTo(conversation.stream, streamHtml);
  // The message is saved: a failed badge or notification must not turn the answer into an error (and a resend).
  await Promise.all([broadcastMessageBadges(row.toAccountId, driverOnRecipientSide(conversation)), notify({ kind: "message_received", messageId: row.id })]).catch((err: unknown) =>
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

const driverOnRecipientSide = (c: Conversation) => (c.party === "shipper" ? (c.load?.driverId ?? null) : null);

const visibleMessagesWhere = (user: CurrentUser): Prisma.MessageWhereInput => ({
  OR: [{ fromAccountId: user.accountId }, { toAccountId: user.accountId }],
  ...(user.role === "driver" ? { load: { driverId: user.id } } : {}),
});

/**
 * Marks the message read when the current account is its recipient. Someone else's
 * message answers 404; a message this account sent answers 403 (only the recipient reads it).
 */
export async function markMessageRead(user: CurrentUser, sgid: unknown): Promise<{ unreadCount: number }> {
  const message = found(
    await db().message.findFirst({
      where: { id: found(locateGlobalId(sgid, "Message", MESSAGE_PURPOSE)), ...visibleMessagesWhere(user) },
      select: { id: true, toAccountId: true, readAt: true, load: { select: { driverId: true, carrierAccountId: true } } },
    }),
  );
  if (message.toAccountId !== user.accountId) throw new HttpError(403, "Only the recipient can mark a message read");
  if (!message.readAt) {
    const { count } = await db().message.updateMany({ where: { id: message.id, readAt: null }, data: { readAt: new Date() } });
    const driverId = message.load?.carrierAccountId === user.accountId ? message.load.driverId : null;
    if (count) await broadcastMessageBadges(user.accountId, driverId);
  }
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

export function unreadMessageCount(user: Pick<CurrentUser, "id" | "accountId" | "role">): Promise<number> {
  if (user.role === "support") return Promise.resolve(0);
  return db().message.count({ where: unreadMessagesWhere(user) });
}

/** The recipients' navigation badges: the account's (office users) and, on a load, its driver's. */
export async function broadcastMessageBadges(accountId: number, driverId: number | null): Promise<void> {
  if (!currentCable()) return;
  const office = { id: 0, accountId, role: "member" };
  const updates = [badgeUpdate(accountStream(accountId), office)];
  if (driverId) updates.push(badgeUpdate(userStream(driverId), { id: driverId, accountId, role: "driver" }));
  await Promise.all(updates);
}

async function badgeUpdate(stream: string, viewer: Pick<CurrentUser, "id" | "accountId" | "role">): Promise<void> {
  const count = await unreadMessageCount(viewer);
  await broadcastTo(stream, turboStream("replace", "nav_messages_badge", await renderTemplate("messages/_nav_badge", { badge: badgeView(count) })));
}
