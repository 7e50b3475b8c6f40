import { db } from "#db/client.server.ts";
import type { Prisma } from "#generated/prisma/client.ts";
import type { NotificationContent } from "#domain/messaging/notification-content.ts";
import { badgeView } from "#domain/messaging/badge.ts";
import { userStream } from "#domain/messaging/streams.ts";
import { broadcastTo, currentCable } from "#lib/broadcast.server.ts";
import { NOTIFICATION_VARIANTS, pushNotifications } from "#models/notifications/push.server.ts";
import { turboStream } from "#lib/turbo.server.ts";
import { renderTemplate } from "#lib/templates.server.ts";
import type { CurrentUser } from "#models/users.server.ts";
import { found, recordId } from "#lib/errors.server.ts";

export const NOTIFICATIONS_PER_PAGE = 30;
export const TRAY_SIZE = 8;

/** `messageId`: the message a "new message" notification is about (reading the message reads it). */
export type NotificationDraft = NotificationContent & { userId: number; messageId?: number };

export { NOTIFICATION_VARIANTS };
export type NotificationVariant = (typeof NOTIFICATION_VARIANTS)[number];
export const notificationDomId = (id: number, variant: NotificationVariant) =>
  variant === "item" ? `notification_${id}` : variant === "card" ? `notification_card_${id}` : `tray_notification_${id}`;

const NEWEST_FIRST = [{ createdAt: "desc" }, { id: "desc" }] satisfies Prisma.NotificationOrderByWithRelationInput[];
const notificationSelect = { id: true, kind: true, title: true, body: true, path: true, readAt: true, createdAt: true } as const;

/** Stores one notification per draft and pushes each live to its user: a card, the lists, the badge. Answers those stored. */
export async function deliverNotifications(drafts: readonly NotificationDraft[]): Promise<{ id: number; userId: number; path: string | null }[]> {
  if (!drafts.length) return [];
  const stored = await db().notification.createManyAndReturn({
    data: drafts.map(({ userId, kind, title, body, path, messageId }) => ({ userId, kind, title, body, path, messageId: messageId ?? null })),
    select: { ...notificationSelect, userId: true },
  });
  const aboutMessages = drafts.some((draft) => draft.messageId);
  const created = aboutMessages ? await readIfMessageRead(stored) : stored;
  await pushNotifications(created);
  // Read in the thread while they were being pushed: the badge pushed with them may have counted them.
  if (aboutMessages) await pushBadgesOfReadMeanwhile(created);
  return created;
}

/**
 * A message read in its open conversation before its notifications were stored (the reader's page
 * got the message first) leaves them read too: whichever comes second, the read or the notice,
 * sees the other (markMessageRead marks the notices it finds).
 */
async function readIfMessageRead<N extends { id: number; readAt: Date | null }>(created: N[]): Promise<N[]> {
  const readAt = new Date();
  const read = await db().notification.findMany({ where: { id: { in: created.map((n) => n.id) }, message: { is: { readAt: { not: null } } } }, select: { id: true } });
  if (!read.length) return created;
  await db().notification.updateMany({ where: { id: { in: read.map((n) => n.id) }, readAt: null }, data: { readAt } });
  const ids = new Set(read.map((n) => n.id));
  return created.map((n) => (ids.has(n.id) ? { ...n, readAt } : n));
}

async function pushBadgesOfReadMeanwhile(pushed: readonly { id: number; userId: number; readAt: Date | null }[]): Promise<void> {
  const unreadWhenPushed = pushed.filter((n) => !n.readAt).map((n) => n.id);
  if (!unreadWhenPushed.length) return;
  const readSince = await db().notification.findMany({ where: { id: { in: unreadWhenPushed }, readAt: { not: null } }, select: { userId: true } });
  await Promise.all([...new Set(readSince.map((n) => n.userId))].map(broadcastNotificationBadge));
}

/**
 * Reading a message reads its "new message" notifications — everyone's when it is read for the
 * receiving account, else (`userId`) that person's — so nobody counts it unread twice; their
 * notification badges follow.
 */
export async function markMessageNotificationsRead(messageId: number, userId?: number): Promise<void> {
  const unread = await db().notification.findMany({ where: { messageId, readAt: null, ...(userId ? { userId } : {}) }, select: { id: true, userId: true } });
  if (!unread.length) return;
  await db().notification.updateMany({ where: { id: { in: unread.map((n) => n.id) }, readAt: null }, data: { readAt: new Date() } });
  await Promise.all([...new Set(unread.map((n) => n.userId))].map(broadcastNotificationBadge));
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
