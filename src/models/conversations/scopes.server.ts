import type { Prisma } from "#generated/prisma/client.ts";
import type { Conversation } from "#models/conversations.server.ts";
import type { CurrentUser } from "#models/users.server.ts";

// Which messages: those of one conversation, those a person may see at all, and those unread for
// them. Every list, count and badge of messages filters by these.

/** The messages of a conversation: between its two accounts, on its load or (for a job) on no load. */
export function messagesWhere(c: Pick<Conversation, "ref" | "job" | "shipperAccount" | "carrierAccount">): Prisma.MessageWhereInput {
  const shipper = c.shipperAccount.id;
  const carrier = c.carrierAccount.id;
  const between = { OR: [{ fromAccountId: shipper, toAccountId: carrier }, { fromAccountId: carrier, toAccountId: shipper }] };
  return c.ref.kind === "load" ? { loadId: c.ref.loadId, ...between } : { jobId: c.job.id, loadId: null, ...between };
}

/** Messages this user may see at all: their account's, and for a driver only those on their loads. */
export function visibleMessages(user: Pick<CurrentUser, "id" | "accountId" | "role">): Prisma.MessageWhereInput {
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

/** A job's conversations (before any load) with a company blocked either way are left out: the job is 404 to one side. */
export function notAcrossBlocks(blocked: readonly number[]): Prisma.MessageWhereInput {
  if (!blocked.length) return {};
  const ids = [...blocked];
  return { NOT: { loadId: null, OR: [{ fromAccountId: { in: ids } }, { toAccountId: { in: ids } }] } };
}
