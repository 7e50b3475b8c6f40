import session from "express-session";
import type { PrismaClient } from "#generated/prisma/client.ts";
import { sessionCache } from "#db/session-cache.server.ts";

type SessionData = session.SessionData;

/** A session's expiry is written at most this often when only its use (not its content) changes. */
export const TOUCH_EVERY_MS = 3600_000;

/**
 * express-session store backed by the Session table, so sessions survive restarts. Reads come from
 * the process's session cache when they can; a page view writes nothing unless the session changed
 * (or its expiry was last written over an hour ago). Before the store calls back on a saved or
 * destroyed session, the other processes have been sent word to drop their copies (see
 * session-cache; if Redis cannot take the message, their copies are trusted at most 60 s).
 */
export class PrismaSessionStore extends session.Store {
  private readonly touched = new Map<string, number>();
  /** What this process last wrote for each session: saving the same again writes nothing. */
  private readonly written = new Map<string, string>();

  constructor(private readonly db: () => PrismaClient) {
    super();
  }

  override get(sid: string, callback: (err: unknown, session?: SessionData | null) => void): void {
    const cached = sessionCache.get(sid);
    if (cached) return callback(null, JSON.parse(cached) as SessionData);
    const since = sessionCache.generation;
    this.db()
      .session.findUnique({ where: { id: sid } })
      .then((row) => {
        if (!row || row.expiresAt <= new Date()) return callback(null, null);
        sessionCache.keep(sid, { json: row.data, expiresAt: row.expiresAt.getTime(), userId: row.userId }, since);
        callback(null, JSON.parse(row.data) as SessionData);
      }, callback);
  }

  override set(sid: string, data: SessionData, callback?: (err?: unknown) => void): void {
    const fields = { data: JSON.stringify(data), expiresAt: expiry(data), userId: personBehind(data) };
    // express-session saves a regenerated session again as the response ends, after it was saved
    // before answering (session-saved-first); that second, identical write could land after the
    // next request's and undo it (a sign-in's CSRF token lost), so it is not made.
    if (this.written.get(sid) === fields.data) return callback?.();
    const since = sessionCache.generation;
    this.db()
      .session.upsert({ where: { id: sid }, create: { id: sid, ...fields }, update: fields })
      .then(() => {
        if (this.written.size > 100_000) this.written.clear();
        this.written.set(sid, fields.data);
        this.touched.set(sid, Date.now());
        return sessionCache.changed(sid, { json: fields.data, expiresAt: fields.expiresAt.getTime(), userId: fields.userId }, since);
      })
      .then(() => callback?.(), callback);
  }

  override destroy(sid: string, callback?: (err?: unknown) => void): void {
    void sessionCache.forgetSession(sid);
    this.touched.delete(sid);
    this.written.delete(sid);
    this.db()
      .session.deleteMany({ where: { id: sid } })
      // Again once deleted, and awaited: every process has been told before the sign-out is answered.
      .then(() => sessionCache.forgetSession(sid))
      .then(() => callback?.(), callback);
  }

  override touch(sid: string, data: SessionData, callback?: () => void): void {
    const now = Date.now();
    if (now - (this.touched.get(sid) ?? 0) < TOUCH_EVERY_MS) return callback?.();
    if (this.touched.size > 100_000) this.touched.clear();
    this.touched.set(sid, now);
    const expiresAt = expiry(data);
    sessionCache.extend(sid, expiresAt.getTime());
    this.db()
      .session.updateMany({ where: { id: sid }, data: { expiresAt } })
      .then(() => callback?.(), () => callback?.());
  }

  /** Removes expired rows; run at start-up and now and then. */
  prune(): Promise<unknown> {
    return this.db().session.deleteMany({ where: { expiresAt: { lt: new Date() } } });
  }
}

/**
 * The person a session belongs to: while support impersonates, the support user, not the customer
 * shown, so ending the support user's sessions (password change, sign-out everywhere, removal)
 * ends the impersonating ones first.
 */
function personBehind(data: SessionData): number | null {
  return data.impersonatorId ?? data.userId ?? null;
}

function expiry(data: SessionData): Date {
  return data.cookie?.expires ? new Date(data.cookie.expires) : new Date(Date.now() + 14 * 24 * 3600_000);
}
