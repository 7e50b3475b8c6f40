import { db } from "#db/client.server.ts";
import type { Prisma } from "#generated/prisma/client.ts";
import type { NotificationContent } from "#domain/messaging/notification-content.ts";
import { badgeView } from "#domain/messaging/badge.ts";
import { userStream } from "#domain/messaging/streams.ts";
import { broadcastTo, currentCable } from "#models/broadcast.server.ts";
import { NOTIFICATION_VARIANTS, pushNotifications } from "#models/notification-push.server.ts";
import { turboStream } from "#lib/turbo.server.ts";
import { renderTemplate } from "#lib/templates.server.ts";
import type { CurrentUser } from "#models/users.server.ts";
import { found, recordId } from "#lib/errors.server.ts";

export const NOTIFICATIONS_PER_PAGE = 30;
export const TRAY_SIZE = 8;

export type NotificationDraft = NotificationContent & { userId: number };

export { NOTIFICATION_VARIANTS };
export type NotificationVariant = (typeof NOTIFICATION_VARIANTS)[number];
export const notificationDomId = (id: number, variant: NotificationVariant) =>
  variant === "item" ? `notification_${id}` : variant === "card" ? `notification_card_${id}` : `tray_notification_${id}`;

const NEWEST_FIRST = [{ createdAt: "desc" }, { id: "desc" }] satisfies Prisma.NotificationOrderByWithRelationInput[];
const notificationSelect = { id: true, kind: true, title: true, body: true, path: true, readAt: true, createdAt: true } as const;

/** Stores one notification per draft and pushes each live to its user: a card, the lists, the badge. Answers those stored. */
export async function deliverNotifications(drafts: readonly NotificationDraft[]): Promise<{ id: number; userId: number; path: string | null }[]> {
  if (!drafts.length) return [];
  const created = await db().notification.createManyAndReturn({
    data: drafts.map(({ userId, kind, title, body, path }) => ({ userId, kind, title, body, path })),
    select: { ...notificationSelect, userId: true },
  });
  await pushNotifications(created);
  return created;
}

export function unreadNotificationCount(userId: number): Promise<number> {
  return db().notification.count({ where: { userId, readAt: null } });
}

export async function notificationsFor(user: CurrentUser, page = 1) {
  const where = { userId: user.id };
  const [total, unread, notifications] = await Promise.all([
    db().notification.count({ where }),
    unreadNotificationCount(user.id),
    db().notification.findMany({ where, select: notificationSelect, orderBy: NEWEST_FIRST, skip: (page - 1) * NOTIFICATIONS_PER_PAGE, take: NOTIFICATIONS_PER_PAGE }),
  ]);
  return { notifications, total, unread, page, pages: Math.max(1, Math.ceil(total / NOTIFICATIONS_PER_PAGE)) };
}

export function latestNotifications(user: CurrentUser) {
  return db().notification.findMany({ where: { userId: user.id }, select: notificationSelect, orderBy: NEWEST_FIRST, take: TRAY_SIZE });
}

export type NotificationView = Awaited<ReturnType<typeof latestNotifications>>[number];

/** Marks one of the user's notifications read; another user's id answers 404. */
export async function markNotificationRead(user: CurrentUser, id: unknown): Promise<NotificationView> {
  const notification = found(await db().notification.findFirst({ where: { id: recordId(id), userId: user.id }, select: notificationSelect }));
  if (notification.readAt) return notification;
  const readAt = new Date();
  await db().notification.updateMany({ where: { id: notification.id, readAt: null }, data: { readAt } });
  await broadcastNotificationBadge(user.id);
  return { ...notification, readAt };
}

export async function markAllNotificationsRead(user: CurrentUser): Promise<number> {
  const { count } = await db().notification.updateMany({ where: { userId: user.id, readAt: null }, data: { readAt: new Date() } });
  if (count) await broadcastNotificationBadge(user.id);
  return count;
}

/** The user's other tabs follow their badge. */
export async function broadcastNotificationBadge(userId: number): Promise<void> {
  if (!currentCable()) return;
  const badge = await renderTemplate("notifications/_nav_badge", { badge: badgeView(await unreadNotificationCount(userId)) });
  await broadcastTo(userStream(userId), turboStream("replace", "nav_notifications_badge", badge));
}
