import { db } from "#db/client.server.ts";
import { disconnectUser } from "#models/broadcast.server.ts";

/**
 * Signs the user out of every browser and app (or every one but `except`, the session making the
 * change): their stored sessions are deleted and their live sockets closed, so a stolen session
 * stops working at once.
 */
export async function endSessions(userId: number, options: { except?: string } = {}): Promise<number> {
  const { count } = await db().session.deleteMany({ where: { userId, ...(options.except ? { id: { not: options.except } } : {}) } });
  await disconnectUser(userId);
  return count;
}
