import { db } from "#db/client.server.ts";
import { badgeView } from "#domain/messaging/badge.ts";
import { userStream } from "#domain/messaging/streams.ts";
import { broadcastTo, currentCable } from "#lib/broadcast.server.ts";
import { turboStream } from "#lib/turbo.server.ts";
import { renderTemplate } from "#lib/templates.server.ts";

// Live delivery of notifications to a person's open pages: a card, the two lists and the badge.
// deliverNotifications stores and pushes; writers that store notices inside their own transaction
// (the contract call-off check, with the check that they are new) push once it has committed.

/** One partial, three places: the live card, the /notifications list, the navigation tray. */
export const NOTIFICATION_VARIANTS = ["card", "item", "tray"] as const;

export type NotificationVariant = (typeof NOTIFICATION_VARIANTS)[number];
export const notificationDomId = (id: number, variant: NotificationVariant) =>
  variant === "item" ? `notification_${id}` : variant === "card" ? `notification_card_${id}` : `tray_notification_${id}`;

export type StoredNotification = { id: number; userId: number; kind: string; title: string; body: string; path: string | null; readAt: Date | null; createdAt: Date };

/** The columns to read back (createManyAndReturn's select) for pushNotifications. */
export const pushedNotificationSelect = { id: true, userId: true, kind: true, title: true, body: true, path: true, readAt: true, createdAt: true } as const;

/** Pushes each stored notification to its user's open pages (nothing when no cable is running). */
export async function pushNotifications(created: readonly StoredNotification[]): Promise<void> {
  if (!created.length || !currentCable()) return;
  const counts = await unreadCounts(created.map((n) => n.userId));
  await Promise.all(
    created.map(async (notification) => {
      const [card, item, tray, badge] = await Promise.all([
        ...NOTIFICATION_VARIANTS.map((variant) => renderTemplate("notifications/_notification", { notification, variant })),
        renderTemplate("notifications/_nav_badge", { badge: badgeView(counts.get(notification.userId) ?? 0) }),
      ]);
      const html =
        turboStream("prepend", "notification_cards", card) +
        turboStream("prepend", "notifications", item) +
        turboStream("prepend", "notifications_tray_list", tray) +
        turboStream("remove", "notifications_empty") +
        turboStream("replace", "nav_notifications_badge", badge);
      await broadcastTo(userStream(notification.userId), html);
    }),
  );
}

/** The user's other tabs follow their badge. */
export async function broadcastNotificationBadge(userId: number): Promise<void> {
  if (!currentCable()) return;
  const unread = (await unreadCounts([userId])).get(userId) ?? 0;
  const badge = await renderTemplate("notifications/_nav_badge", { badge: badgeView(unread) });
  await broadcastTo(userStream(userId), turboStream("replace", "nav_notifications_badge", badge));
}

async function unreadCounts(userIds: number[]): Promise<Map<number, number>> {
  const where = { userId: { in: [...new Set(userIds)] }, readAt: null };
  const groups = await db().notification.groupBy({ by: ["userId"], where, _count: { _all: true } });
  return new Map(groups.map((g) => [g.userId, g._count._all]));
}
