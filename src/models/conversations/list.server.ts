import { db } from "#db/client.server.ts";
import { Prisma } from "#generated/prisma/client.ts";
import { z } from "zod";
import { badgeView, type BadgeView } from "#domain/messaging/badge.ts";
import { snippet } from "#domain/messaging/notification-content.ts";
import { conversationKey, conversationPath, type ConversationRef } from "#domain/messaging/streams.ts";
import { blockedWith } from "#models/company-blocks.server.ts";
import { notAcrossBlocks, unreadMessagesWhere, visibleMessages } from "#models/conversations/scopes.server.ts";
import type { CurrentUser } from "#models/users.server.ts";

// A person's conversations as a list (the messages page, a job's conversations before its award):
// each conversation once, with its latest message and how many are unread for them.

export type ConversationSummary = {
  ref: ConversationRef;
  key: string;
  path: string;
  title: string;
  otherAccountName: string;
  unreadCount: number;
  unreadBadge: BadgeView;
  lastMessage: { snippet: string; createdAt: Date; fromUserName: string };
};

type MessageGroup = { jobId: number; loadId: number | null; fromAccountId: number; toAccountId?: number };

/** The conversation a group of messages belongs to, as seen by this user. */
function refOf(user: CurrentUser, group: MessageGroup): ConversationRef {
  if (group.loadId !== null) return { kind: "load", loadId: group.loadId };
  const other = group.fromAccountId === user.accountId ? (group.toAccountId ?? 0) : group.fromAccountId;
  return { kind: "job", jobId: group.jobId, carrierAccountId: user.account.kind === "shipper" ? other : user.accountId };
}

/** Each conversation once, with the id of its latest message, latest first. */
function latestPerConversation(user: CurrentUser, groups: (MessageGroup & { _max: { id: number | null } })[]) {
  const latest = new Map<string, { ref: ConversationRef; lastId: number }>();
  for (const group of groups) {
    const ref = refOf(user, group);
    const lastId = group._max.id ?? 0;
    if ((latest.get(conversationKey(ref))?.lastId ?? 0) < lastId) latest.set(conversationKey(ref), { ref, lastId });
  }
  return [...latest.values()].sort((a, b) => b.lastId - a.lastId);
}

function unreadPerConversation(user: CurrentUser, groups: (MessageGroup & { _count: { _all: number } })[]) {
  const unread = new Map<string, number>();
  for (const group of groups) {
    const key = conversationKey(refOf(user, group));
    unread.set(key, (unread.get(key) ?? 0) + group._count._all);
  }
  return unread;
}

// The last message of each conversation with the names around it, in one statement. Through Prisma
// this was the messages and then each relation on its own (sender, both accounts, job, load): five
// statements or six, on every render of /messages. Rows are checked as they come back.
const LastMessageRow = z.object({
  id: z.coerce.number(),
  body: z.string(),
  createdAt: z.coerce.date(),
  fromAccountId: z.coerce.number(),
  fromUserName: z.string(),
  fromAccountName: z.string(),
  toAccountName: z.string(),
  jobReference: z.string(),
  loadSequence: z.coerce.number().nullable(),
});
type LastMessage = z.infer<typeof LastMessageRow>;

async function lastMessages(ids: number[]): Promise<LastMessage[]> {
  if (ids.length === 0) return [];
  const rows = await db().$queryRaw<unknown[]>`
    SELECT m."id", m."body", m."createdAt", m."fromAccountId",
      fu."name" AS "fromUserName", fa."name" AS "fromAccountName", ta."name" AS "toAccountName",
      j."reference" AS "jobReference", l."sequence" AS "loadSequence"
    FROM "Message" m
    JOIN "User" fu ON fu."id" = m."fromUserId"
    JOIN "Account" fa ON fa."id" = m."fromAccountId"
    JOIN "Account" ta ON ta."id" = m."toAccountId"
    JOIN "Job" j ON j."id" = m."jobId"
    LEFT JOIN "Load" l ON l."id" = m."loadId"
    WHERE m."id" IN (${Prisma.join(ids)})`;
  return z.array(LastMessageRow).parse(rows);
}

function summaryOf(user: CurrentUser, ref: ConversationRef, row: LastMessage, unreadCount: number): ConversationSummary {
  return {
    ref,
    key: conversationKey(ref),
    path: conversationPath(ref),
    title: row.loadSequence !== null ? `Load ${row.loadSequence} of ${row.jobReference}` : row.jobReference,
    otherAccountName: row.fromAccountId === user.accountId ? row.toAccountName : row.fromAccountName,
    unreadCount,
    unreadBadge: badgeView(unreadCount),
    lastMessage: { snippet: snippet(row.body, 100), createdAt: row.createdAt, fromUserName: row.fromUserName },
  };
}

/** The messages page's list: this user's conversations, latest first, with unread counts, in three statements. */
export async function conversationsFor(user: CurrentUser, options: { where?: Prisma.MessageWhereInput; limit?: number } = {}): Promise<ConversationSummary[]> {
  if (user.role === "support") return [];
  const where: Prisma.MessageWhereInput = { AND: [visibleMessages(user), notAcrossBlocks(await blockedWith(user.accountId)), options.where ?? {}] };
  const [groups, unreadGroups] = await Promise.all([
    db().message.groupBy({ by: ["jobId", "loadId", "fromAccountId", "toAccountId"], where, _max: { id: true } }),
    db().message.groupBy({ by: ["jobId", "loadId", "fromAccountId", "toAccountId"], where: { AND: [where, unreadMessagesWhere(user)] }, _count: { _all: true } }),
  ]);
  const chosen = latestPerConversation(user, groups).slice(0, options.limit ?? 100);
  const unread = unreadPerConversation(user, unreadGroups);
  const rows = await lastMessages(chosen.map((c) => c.lastId));
  const byId = new Map(rows.map((row) => [row.id, row]));
  return chosen.flatMap(({ ref, lastId }) => {
    const row = byId.get(lastId);
    return row ? [summaryOf(user, ref, row, unread.get(conversationKey(ref)) ?? 0)] : [];
  });
}

/** A shipper's conversations about one job before its award, one per carrier who asked or quoted. */
export function jobConversationsFor(user: CurrentUser, jobId: number): Promise<ConversationSummary[]> {
  return conversationsFor(user, { where: { jobId, loadId: null } });
}
