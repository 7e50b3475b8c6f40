import session from "express-session";
import type { PrismaClient } from "#generated/prisma/client.ts";

type SessionData = session.SessionData;

/** express-session store backed by the Session table, so sessions survive restarts. */
export class PrismaSessionStore extends session.Store {
  constructor(private readonly db: () => PrismaClient) {
    super();
  }

  override get(sid: string, callback: (err: unknown, session?: SessionData | null) => void): void {
    this.db()
      .session.findUnique({ where: { id: sid } })
      .then((row) => callback(null, row && row.expiresAt > new Date() ? (JSON.parse(row.data) as SessionData) : null), callback);
  }

  override set(sid: string, data: SessionData, callback?: (err?: unknown) => void): void {
    const fields = { data: JSON.stringify(data), expiresAt: expiry(data), userId: data.userId ?? null };
    this.db()
      .session.upsert({ where: { id: sid }, create: { id: sid, ...fields }, update: fields })
      .then(() => callback?.(), callback);
  }

  override destroy(sid: string, callback?: (err?: unknown) => void): void {
    this.db()
      .session.deleteMany({ where: { id: sid } })
      .then(() => callback?.(), callback);
  }

  override touch(sid: string, data: SessionData, callback?: () => void): void {
    this.db()
      .session.updateMany({ where: { id: sid }, data: { expiresAt: expiry(data) } })
      .then(() => callback?.(), () => callback?.());
  }

  /** Removes expired rows; run at start-up and now and then. */
  prune(): Promise<unknown> {
    return this.db().session.deleteMany({ where: { expiresAt: { lt: new Date() } } });
  }
}

function expiry(data: SessionData): Date {
  return data.cookie?.expires ? new Date(data.cookie.expires) : new Date(Date.now() + 14 * 24 * 3600_000);
}
