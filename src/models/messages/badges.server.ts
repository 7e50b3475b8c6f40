import { db } from "#db/client.server.ts";
import { OFFICE_ROLES } from "#domain/accounts/team.ts";
import { badgeView } from "#domain/messaging/badge.ts";
import type { Reader } from "#domain/messaging/read-marker.ts";
import { userStream } from "#domain/messaging/streams.ts";
import { broadcastTo, currentCable } from "#lib/broadcast.server.ts";
import { renderTemplate } from "#lib/templates.server.ts";
import { turboStream } from "#lib/turbo.server.ts";
import { unreadMessagesWhere } from "#models/conversations/scopes.server.ts";
import type { CurrentUser } from "#models/users.server.ts";

// How many messages are unread for a person, and their navigation's messages badge kept live.

export type BadgeReader = Reader & Pick<CurrentUser, "role">;

export function unreadMessageCount(user: BadgeReader): Promise<number> {
  if (user.role === "support") return Promise.resolve(0);
  return db().message.count({ where: unreadMessagesWhere(user) });
}

/** Who reads these accounts' messages: their office users (not removed) and, on a load, its driver. */
export async function readersOf(accountIds: readonly number[], driverId: number | null): Promise<BadgeReader[]> {
  if (!currentCable()) return [];
  const office = { accountId: { in: [...new Set(accountIds)] }, role: { in: [...OFFICE_ROLES] }, removedAt: null };
  return db().user.findMany({
    where: { OR: [office, ...(driverId ? [{ id: driverId }] : [])] },
    select: { id: true, accountId: true, role: true, createdAt: true },
  });
}

/**
 * These people's navigation badges, each on their own stream: what is unread differs from one person
 * to the next (a colleague's message is unread for everyone on the account but its sender).
 */
export async function broadcastMessageBadges(readers: readonly BadgeReader[]): Promise<void> {
  if (!currentCable()) return;
  await Promise.all(
    readers.map(async (reader) => {
      const badge = await renderTemplate("messages/_nav_badge", { badge: badgeView(await unreadMessageCount(reader)) });
      await broadcastTo(userStream(reader.id), turboStream("replace", "nav_messages_badge", badge));
    }),
  );
}
