import { db } from "#db/client.server.ts";
import type { Prisma } from "#generated/prisma/client.ts";
import type { NotificationContent } from "#domain/messaging/notification-content.ts";
import { broadcastNotificationBadge, pushNotifications } from "#models/notifications/push.server.ts";
import { pushBadgesOfReadMeanwhile, readIfMessageRead } from "#models/notifications/message-reads.server.ts";
import type { CurrentUser } from "#models/users.server.ts";
import { found, recordId } from "#lib/errors.server.ts";

// The Notification record: a person's notices, stored (and pushed live), listed and marked read.
// Which events make notices for whom: notifications/notify; live delivery: notifications/push.

export const NOTIFICATIONS_PER_PAGE = 30;
export const TRAY_SIZE = 8;

/** `messageId`: the message a "new message" notification is about (reading the message reads it). */
export type NotificationDraft = NotificationContent & { userId: number; messageId?: number };

/** The same notice for each of these people. */
export const noticesTo = (userIds: readonly number[], content: NotificationContent): NotificationDraft[] =>
  userIds.map((userId) => ({ userId, ...content }));

const NEWEST_FIRST = [{ createdAt: "desc" }, { id: "desc" }] satisfies Prisma.NotificationOrderByWithRelationInput[];
const notificationSelect = { id: true, kind: true, title: true, body: true, path: true, readAt: true, createdAt: true } as const;

type Delivered = { id: number; userId: number; path: string | null };

/** Stores one notification per draft and pushes each live to its user: a card, the lists, the badge. Answers those stored. */
export async function deliverNotifications(drafts: readonly NotificationDraft[]): Promise<Delivered[]> {
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

export function unreadNotificationCount(userId: number): Promise<number> {
  return db().notification.count({ where: { userId, readAt: null } });
}

export async function notificationsFor(user: CurrentUser, page = 1) {
  const where = { userId: user.id };
  const [total, unread, notifications] = await Promise.all([
    db().notification.count({ where }),
    unreadNotificationCount(user.id),
    db().notification.findMany({
      where,
      select: notificationSelect,
      orderBy: NEWEST_FIRST,
      skip: (page - 1) * NOTIFICATIONS_PER_PAGE,
      take: NOTIFICATIONS_PER_PAGE,
    }),
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
