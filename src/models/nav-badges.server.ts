import { badgeView, type BadgeView } from "#domain/messaging/badge.ts";
import { accountStream, userStream } from "#domain/messaging/streams.ts";
import { streamTag } from "#lib/turbo.server.ts";
import { db } from "#db/client.server.ts";
import { Prisma } from "#generated/prisma/client.ts";
import type { CurrentUser } from "#models/users.server.ts";

export type NavBadges = { messages: BadgeView; notifications: BadgeView; streams: string[] };

/**
 * Both unread counts in one statement (every page shows them): the account's unread messages (a
 * driver: only those on their own loads) and the user's unread notifications. The same rules as
 * unreadMessageCount and unreadNotificationCount, which the live badge updates use.
 */
async function unreadCounts(user: CurrentUser): Promise<{ messages: number; notifications: number }> {
  const ownLoads = user.role === "driver" ? Prisma.sql`AND m."loadId" IN (SELECT l."id" FROM "Load" l WHERE l."driverId" = ${user.id})` : Prisma.empty;
  const [row] = await db().$queryRaw<{ messages: bigint | number; notifications: bigint | number }[]>`
    SELECT
      (SELECT COUNT(*) FROM "Message" m WHERE m."toAccountId" = ${user.accountId} AND m."readAt" IS NULL ${ownLoads}) AS messages,
      (SELECT COUNT(*) FROM "Notification" n WHERE n."userId" = ${user.id} AND n."readAt" IS NULL) AS notifications`;
  return { messages: Number(row?.messages ?? 0), notifications: Number(row?.notifications ?? 0) };
}

/** The navigation's two badges and the streams that keep them live: one query per page. */
export async function navBadgesFor(user: CurrentUser | undefined | null): Promise<NavBadges | null> {
  if (!user || user.role === "support") return null;
  const { messages, notifications } = await unreadCounts(user);
  const streams = [streamTag(userStream(user.id))];
  if (user.role !== "driver") streams.push(streamTag(accountStream(user.accountId)));
  return { messages: badgeView(messages), notifications: badgeView(notifications), streams };
}
