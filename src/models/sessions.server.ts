import { db } from "#db/client.server.ts";
import { sessionCache } from "#db/session-cache.server.ts";
import { disconnectUser } from "#lib/broadcast.server.ts";

/**
 * Signs the user out of every browser and app (or every one but `except`, the session making the
 * change): their stored sessions are deleted, every server process is sent word to forget its cached
 * copies (a process that misses it, Redis being down, trusts a copy at most 60 s), and their live
 * sockets are closed, so a stolen session stops working.
 */
export async function endSessions(userId: number, options: { except?: string } = {}): Promise<number> {
  await sessionCache.forgetUser(userId, options.except);
  const { count } = await db().session.deleteMany({ where: { userId, ...(options.except ? { id: { not: options.except } } : {}) } });
  // Again once deleted: a process that re-read a session meanwhile has it cached.
  await sessionCache.forgetUser(userId, options.except);
  await disconnectUser(userId);
  return count;
}
