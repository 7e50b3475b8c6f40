import { badgeView, type BadgeView } from "#domain/messaging/badge.ts";
import { accountStream, userStream } from "#domain/messaging/streams.ts";
import { streamTag } from "#lib/turbo.server.ts";
import { db } from "#db/client.server.ts";
import { instant } from "#db/sql-dialect.server.ts";
import { isCurrent, noteReads, stampOf, type Stamp } from "#db/table-versions.server.ts";
import { Prisma } from "#generated/prisma/client.ts";
import type { CurrentUser } from "#models/users.server.ts";

export type NavBadges = { messages: BadgeView; notifications: BadgeView; streams: string[] };

/**
 * Both unread counts in one statement (every page shows them): the user's unread messages (those to
 * the account it has not read, and colleagues' since they joined that they have not read; a driver:
 * only those on their own loads) and the user's unread notifications. The same rules as
 * unreadMessageCount and unreadNotificationCount, which the live badge updates use.
 */
async function unreadCounts(user: CurrentUser): Promise<{ messages: number; notifications: number }> {
  const ownLoads = user.role === "driver" ? Prisma.sql`AND m."loadId" IN (SELECT l."id" FROM "Load" l WHERE l."driverId" = ${user.id})` : Prisma.empty;
  const [row] = await db().$queryRaw<{ messages: bigint | number; notifications: bigint | number }[]>`
    SELECT
      (SELECT COUNT(*) FROM "Message" m
        WHERE ((m."toAccountId" = ${user.accountId} AND m."readAt" IS NULL)
          OR (m."fromAccountId" = ${user.accountId} AND m."fromUserId" <> ${user.id} AND m."createdAt" >= ${instant(user.createdAt.getTime())}
            AND NOT EXISTS (SELECT 1 FROM "MessageRead" r WHERE r."messageId" = m."id" AND r."userId" = ${user.id}))) ${ownLoads}) AS messages,
      (SELECT COUNT(*) FROM "Notification" n WHERE n."userId" = ${user.id} AND n."readAt" IS NULL) AS notifications`;
  return { messages: Number(row?.messages ?? 0), notifications: Number(row?.notifications ?? 0) };
}

// The counts are kept per user until a message, a colleague's read, a notification or a load changes
// (a driver's count depends on which loads are theirs); a page built from kept counts still depends on those tables.
const COUNTED_TABLES = ["Message", "MessageRead", "Notification", "Load"];
const MAX_KEPT = 10_000;
const kept = new Map<number, { counts: { messages: number; notifications: number }; stamp: Stamp }>();

async function keptUnreadCounts(user: CurrentUser) {
  const entry = kept.get(user.id);
  if (entry && isCurrent(entry.stamp)) {
    noteReads(COUNTED_TABLES);
    return entry.counts;
  }
  const stamp = stampOf(COUNTED_TABLES);
  const counts = await unreadCounts(user);
  if (kept.size >= MAX_KEPT) kept.clear();
  kept.set(user.id, { counts, stamp });
  return counts;
}

/** Forget every kept count (a fresh app). */
export function forgetNavBadges(): void {
  kept.clear();
}

/** The navigation's two badges and the streams that keep them live: at most one query per page. */
export async function navBadgesFor(user: CurrentUser | undefined | null): Promise<NavBadges | null> {
  if (!user || user.role === "support") return null;
  const { messages, notifications } = await keptUnreadCounts(user);
  const streams = [streamTag(userStream(user.id))];
  if (user.role !== "driver") streams.push(streamTag(accountStream(user.accountId)));
  return { messages: badgeView(messages), notifications: badgeView(notifications), streams };
}
