import { badgeView, type BadgeView } from "#domain/messaging/badge.ts";
import { accountStream, userStream } from "#domain/messaging/streams.ts";
import { streamTag } from "#lib/turbo.server.ts";
import { unreadMessageCount } from "#models/messages.server.ts";
import { unreadNotificationCount } from "#models/notifications.server.ts";
import type { CurrentUser } from "#models/users.server.ts";

export type NavBadges = { messages: BadgeView; notifications: BadgeView; streams: string[] };

/** The navigation's two badges and the streams that keep them live: two count queries per page. */
export async function navBadgesFor(user: CurrentUser | undefined | null): Promise<NavBadges | null> {
  if (!user || user.role === "support") return null;
  const [messages, notifications] = await Promise.all([unreadMessageCount(user), unreadNotificationCount(user.id)]);
  const streams = [streamTag(userStream(user.id))];
  if (user.role !== "driver") streams.push(streamTag(accountStream(user.accountId)));
  return { messages: badgeView(messages), notifications: badgeView(notifications), streams };
}
