import { cachingEnabled } from "#db/table-versions.server.ts";

// Sessions recently read or written, kept in this process so a page view costs no session query.
// The rules that keep an ended session from working anywhere:
// - Whatever ends or changes sessions (sign-out, "sign out everywhere", a password change, a saved
//   session) goes through forgetSession/forgetUser/changed, which also tell the listeners: with
//   Redis, the other processes (see src/db/shared-caches), which drop their copies on hearing it.
//   The caller awaits that telling, so by the time a sign-out is answered the word is on its way
//   to every process; they act on it within a fraction of a millisecond of Redis relaying it, and a
//   request already reading the session there in that moment may still see it.
// - A read that began before any forgetting is not kept (the generation moved meanwhile), so a
//   session read from the database just before its deletion cannot be cached after it.
// - A kept copy is trusted for a minute at most, so a word lost while Redis was unreachable costs at
//   most a minute; with caching off (several processes on one database with no Redis) nothing is kept.

export type SessionEntry = { json: string; expiresAt: number; userId: number | null };
/** What was ended or changed: one session, or a user's sessions but `except`. */
export type SessionForget = { sid: string } | { userId: number; except?: string | undefined };
type Listener = (forget: SessionForget) => Promise<void> | void;
type Kept = SessionEntry & { keptAt: number };

const MAX_ENTRIES = 10_000;
export const SESSION_TRUSTED_MS = 60_000;

/** The session cache of one process (tests make their own with caching forced on). */
export function createSessionCache({ enabled = cachingEnabled } = {}): SessionCache {
  return new SessionCache(enabled);
}

export class SessionCache {
  private readonly entries = new Map<string, Kept>();
  private readonly listeners = new Set<Listener>();
  private currentGeneration = 0;

  constructor(private readonly enabled: () => boolean) {}

  /** Taken before reading a session, handed to `keep`/`changed`. */
  get generation(): number {
    return this.currentGeneration;
  }

  get(sid: string, now = Date.now()): string | undefined {
    const entry = this.entries.get(sid);
    if (!entry) return undefined;
    const fresh = this.enabled() && entry.expiresAt > now && now - entry.keptAt < SESSION_TRUSTED_MS;
    if (!fresh) this.entries.delete(sid);
    return fresh ? entry.json : undefined;
  }

  /** A session as read from the database. */
  keep(sid: string, entry: SessionEntry, since: number): void {
    // Too late to keep this copy (something was forgotten since it was read): any copy kept before
    // it is older still, so that goes too, and the next request reads the database.
    if (!this.enabled() || since !== this.currentGeneration) return void this.entries.delete(sid);
    if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value as string);
    this.entries.set(sid, { ...entry, keptAt: Date.now() });
  }

  /** A session this process has just written: kept here, and every other process drops its copy. */
  changed(sid: string, entry: SessionEntry, since: number): Promise<void> {
    this.keep(sid, entry, since);
    return this.tell({ sid });
  }

  extend(sid: string, expiresAt: number): void {
    const entry = this.entries.get(sid);
    if (entry) entry.expiresAt = expiresAt;
  }

  /** A session ended: here at once, and other processes sent word (once awaited). */
  forgetSession(sid: string): Promise<void> {
    this.forgetHere({ sid });
    return this.tell({ sid });
  }

  /** Every session of this user but `except`: here at once, and other processes sent word (once awaited). */
  forgetUser(userId: number, except?: string): Promise<void> {
    this.forgetHere({ userId, except });
    return this.tell({ userId, except });
  }

  /** What another process ended or changed. */
  forgetHere(forget: SessionForget): void {
    this.currentGeneration += 1;
    if ("sid" in forget) return void this.entries.delete(forget.sid);
    for (const [sid, entry] of this.entries) {
      if (entry.userId === forget.userId && sid !== forget.except) this.entries.delete(sid);
    }
  }

  /** Hears every forgetting of this process; returns the function that stops listening. */
  onForget(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  }

  clear(): void {
    this.currentGeneration += 1;
    this.entries.clear();
  }

  private async tell(forget: SessionForget): Promise<void> {
    await Promise.all([...this.listeners].map((listener) => listener(forget)));
  }
}

/** The process's session cache. */
export const sessionCache = createSessionCache();
