import { db } from "#db/client.server.ts";
import { HttpError, found } from "#lib/errors.server.ts";
import { locateGlobalId } from "#lib/global-id.server.ts";
import { visibleMessages } from "#models/conversations/scopes.server.ts";
import { MESSAGE_PURPOSE } from "#models/messages.server.ts";
import { broadcastMessageBadges, readersOf, unreadMessageCount } from "#models/messages/badges.server.ts";
import { markMessageNotificationsRead } from "#models/notifications/message-reads.server.ts";
import type { CurrentUser } from "#models/users.server.ts";

// Reading a message: the receiving account's receipt, or a colleague's own read.

/**
 * Marks a message from another user read. One to the current account is read for the account (its
 * receipt, `readAt`: the office and the load's driver see it read); one from a colleague on the
 * current account is read for the current user only. A message the user cannot see answers 404;
 * their own message 403 (nobody reads their own).
 */
export async function markMessageRead(user: CurrentUser, sgid: unknown): Promise<{ unreadCount: number }> {
  const message = found(
    await db().message.findFirst({
      where: { id: found(locateGlobalId(sgid, "Message", MESSAGE_PURPOSE)), ...visibleMessages(user) },
      select: { id: true, fromUserId: true, toAccountId: true, readAt: true, load: { select: { driverId: true, carrierAccountId: true } } },
    }),
  );
  if (message.fromUserId === user.id) throw new HttpError(403, "Your own message is not marked read");
  if (message.toAccountId !== user.accountId) await readColleaguesMessage(user, message.id);
  else if (!message.readAt) {
    const { count } = await db().message.updateMany({ where: { id: message.id, readAt: null }, data: { readAt: new Date() } });
    const driverId = message.load?.carrierAccountId === user.accountId ? message.load.driverId : null;
    if (count) await broadcastMessageBadges(await readersOf([user.accountId], driverId));
  }
  // Its "new message" notifications are read with it: one unread count, not two.
  await markMessageNotificationsRead(message.id, message.toAccountId === user.accountId ? undefined : user.id);
  return { unreadCount: await unreadMessageCount(user) };
}

/** A colleague's message is read for this user alone; their badge follows. */
async function readColleaguesMessage(user: CurrentUser, messageId: number): Promise<void> {
  const read = { messageId, userId: user.id };
  if (await db().messageRead.count({ where: read })) return;
  await db().messageRead.upsert({ where: { messageId_userId: read }, create: read, update: {} });
  await broadcastMessageBadges([user]);
}
