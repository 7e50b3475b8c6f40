import { db } from "#db/client.server.ts";
import { broadcastNotificationBadge } from "#models/notifications/push.server.ts";

// A "new message" notification is read with its message, whichever comes first: reading the message
// reads its notices, and a notice stored after the read is stored read.

/**
 * A message read in its open conversation before its notifications were stored (the reader's page
 * got the message first) leaves them read too: whichever comes second, the read or the notice,
 * sees the other (markMessageRead marks the notices it finds).
 */
export async function readIfMessageRead<N extends { id: number; readAt: Date | null }>(created: N[]): Promise<N[]> {
  const readAt = new Date();
  const read = await db().notification.findMany({
    where: { id: { in: created.map((n) => n.id) }, message: { is: { readAt: { not: null } } } },
    select: { id: true },
  });
  if (!read.length) return created;
  await db().notification.updateMany({ where: { id: { in: read.map((n) => n.id) }, readAt: null }, data: { readAt } });
  const ids = new Set(read.map((n) => n.id));
  return created.map((n) => (ids.has(n.id) ? { ...n, readAt } : n));
}

/** Read in the thread while they were being pushed: the badge pushed with them may have counted them. */
export async function pushBadgesOfReadMeanwhile(pushed: readonly { id: number; userId: number; readAt: Date | null }[]): Promise<void> {
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
