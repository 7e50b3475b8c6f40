import { isOutForQuotes } from "#domain/jobs/status.ts";
import { db } from "#db/client.server.ts";
import { Prisma } from "#generated/prisma/client.ts";
import { z } from "zod";
import { badgeView, type BadgeView } from "#domain/messaging/badge.ts";
import { snippet } from "#domain/messaging/notification-content.ts";
import { conversationKey, conversationPath, conversationStream, type ConversationRef } from "#domain/messaging/streams.ts";
import type { CurrentUser } from "#models/users.server.ts";
import { isOfficeOf } from "#domain/accounts/team.ts";

// Who talks to whom. A conversation joins a job's shipper account and one carrier account: about a
// load once the load is theirs, about the job before the award (any carrier the job is open to may
// ask; the shipper answers carriers who asked or quoted). Drivers take part in their own loads'.

/** Who wrote a message, as every message list shows it. */
export const senderSelect = { fromUser: { select: { name: true } }, fromAccount: { select: { name: true } } } as const;

export type Party = "shipper" | "carrier" | "driver";
type Named = { id: number; name: string };

export type Conversation = {
  ref: ConversationRef;
  key: string;
  stream: string;
  path: string;
  title: string;
  job: { id: number; reference: string; status: string };
  load: { id: number; sequence: number; driverId: number | null } | null;
  shipperAccount: Named;
  carrierAccount: Named;
  party: Party;
  myAccount: Named;
  otherAccount: Named;
  canWrite: boolean;
};

/** Job statuses in which carriers are still pricing the job, so its conversation is open. */

export function partyOf(user: CurrentUser, shipperAccountId: number, carrierAccountId: number, driverId: number | null): Party | null {
  if (user.role === "driver") return user.accountId === carrierAccountId && driverId === user.id ? "driver" : null;
  if (isOfficeOf("shipper", user) && user.accountId === shipperAccountId) return "shipper";
  return isOfficeOf("carrier", user) && user.accountId === carrierAccountId ? "carrier" : null;
}

/** The conversation if this user is party to it; null (→ 404) for anything else. */
export function findConversation(user: CurrentUser, ref: ConversationRef): Promise<Conversation | null> {
  return ref.kind === "load" ? findLoadConversation(user, ref.loadId) : findJobConversation(user, ref.jobId, ref.carrierAccountId);
}

type KnownJob = Conversation["job"] & { shipperAccountId: number };

const jobSelect = { id: true, reference: true, status: true, shipperAccount: { select: { id: true, name: true } } } as const;

async function findLoadConversation(user: CurrentUser, loadId: number): Promise<Conversation | null> {
  const load = await db().load.findUnique({
    where: { id: loadId },
    select: { id: true, sequence: true, driverId: true, carrierAccount: { select: { id: true, name: true } }, job: { select: jobSelect } },
  });
  return load ? loadConversation(user, load) : null;
}

/** The conversation on a load already read (with its carrier and its job's shipper), if this user is party to it. */
export function loadConversation(
  user: CurrentUser,
  load: { id: number; sequence: number; driverId: number | null; carrierAccount: Named | null; job: Conversation["job"] & { shipperAccount: Named } },
): Conversation | null {
  // A load its shipper's own fleet runs has no other company to talk to.
  if (!load.carrierAccount || load.carrierAccount.id === load.job.shipperAccount.id) return null;
  const party = partyOf(user, load.job.shipperAccount.id, load.carrierAccount.id, load.driverId);
  if (!party) return null;
  const { id, reference, status, shipperAccount } = load.job;
  return build({ kind: "load", loadId: load.id }, party, { id, reference, status }, { id: load.id, sequence: load.sequence, driverId: load.driverId }, shipperAccount, load.carrierAccount, true);
}

/** A job conversation; `known` is the job when the caller has already read it. */
export async function findJobConversation(user: CurrentUser, jobId: number, carrierAccountId: number, known?: KnownJob): Promise<Conversation | null> {
  const [job, carrier] = await Promise.all([known ? withShipperAccount(known) : db().job.findUnique({ where: { id: jobId }, select: jobSelect }), carrierAccount(user, carrierAccountId)]);
  if (!job || carrier?.kind !== "carrier" || job.status === "draft") return null;
  const party = partyOf(user, job.shipperAccount.id, carrier.id, null);
  const open = isOutForQuotes(job.status);
  // The shipper answers carriers who came forward; a carrier may ask about any job on the board.
  if (!party || ((party === "shipper" || !open) && !(await hasComeForward(jobId, carrierAccountId)))) return null;
  const { shipperAccount, ...rest } = job;
  return build({ kind: "job", jobId, carrierAccountId }, party, rest, null, shipperAccount, { id: carrier.id, name: carrier.name }, open);
}

async function withShipperAccount({ id, reference, status, shipperAccountId }: KnownJob) {
  const shipperAccount = await db().account.findUnique({ where: { id: shipperAccountId }, select: { id: true, name: true } });
  return shipperAccount && { id, reference, status, shipperAccount };
}

/** The carrier account of a job conversation: the viewer's own when it is theirs, else read. */
function carrierAccount(user: CurrentUser, id: number): Promise<{ id: number; name: string; kind: string } | null> | { id: number; name: string; kind: string } {
  if (user.accountId === id) return user.account;
  return db().account.findUnique({ where: { id }, select: { id: true, name: true, kind: true } });
}

/** The carrier quoted on the job or talked about it before. */
async function hasComeForward(jobId: number, carrierAccountId: number): Promise<boolean> {
  const engaged = await db().job.count({
    where: {
      id: jobId,
      OR: [{ quotes: { some: { carrierAccountId } } }, { messages: { some: { loadId: null, OR: [{ fromAccountId: carrierAccountId }, { toAccountId: carrierAccountId }] } } }],
    },
  });
  return engaged > 0;
}

function build(
  ref: ConversationRef,
  party: Party,
  job: Conversation["job"],
  load: Conversation["load"],
  shipperAccount: Named,
  carrierAccount: Named,
  canWrite: boolean,
): Conversation {
  const mine = party === "shipper" ? shipperAccount : carrierAccount;
  const other = party === "shipper" ? carrierAccount : shipperAccount;
  const title = load ? `Load ${load.sequence} of ${job.reference}` : job.reference;
  return {
    ref,
    key: conversationKey(ref),
    stream: conversationStream(ref),
    path: conversationPath(ref),
    title,
    job,
    load,
    shipperAccount,
    carrierAccount,
    party,
    myAccount: mine,
    otherAccount: other,
    canWrite,
  };
}

/** The messages of a conversation: between its two accounts, on its load or (for a job) on no load. */
export function messagesWhere(c: Pick<Conversation, "ref" | "job" | "shipperAccount" | "carrierAccount">): Prisma.MessageWhereInput {
  const shipper = c.shipperAccount.id;
  const carrier = c.carrierAccount.id;
  const between = { OR: [{ fromAccountId: shipper, toAccountId: carrier }, { fromAccountId: carrier, toAccountId: shipper }] };
  return c.ref.kind === "load" ? { loadId: c.ref.loadId, ...between } : { jobId: c.job.id, loadId: null, ...between };
}

/** Messages this user may see at all: their account's, and for a driver only those on their loads. */
export function visibleMessages(user: CurrentUser): Prisma.MessageWhereInput {
  const mine = { OR: [{ fromAccountId: user.accountId }, { toAccountId: user.accountId }] };
  return user.role === "driver" ? { ...mine, load: { driverId: user.id } } : mine;
}

/**
 * Unread messages for this user (a driver: only on their loads), by the rule of isUnreadFor: those to
 * their account that the account has not read, and those from a colleague on their own account, sent
 * since they joined, that they have not read themselves.
 */
export function unreadMessagesWhere(user: Pick<CurrentUser, "id" | "accountId" | "role" | "createdAt">): Prisma.MessageWhereInput {
  const incoming = { toAccountId: user.accountId, readAt: null };
  const fromColleagues = { fromAccountId: user.accountId, fromUserId: { not: user.id }, createdAt: { gte: user.createdAt }, reads: { none: { userId: user.id } } };
  return { OR: [incoming, fromColleagues], ...(user.role === "driver" ? { load: { driverId: user.id } } : {}) };
}

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

/** `/messages`: this user's conversations, latest first, with unread counts, in three statements. */
export async function conversationsFor(user: CurrentUser, options: { where?: Prisma.MessageWhereInput; limit?: number } = {}): Promise<ConversationSummary[]> {
  if (user.role === "support") return [];
  const where: Prisma.MessageWhereInput = { AND: [visibleMessages(user), options.where ?? {}] };
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
