// Sessions recently read or written, kept in this process so a page view costs no session query.
// The session store writes through it, and anything that ends sessions in the database (signing
// out everywhere, a password change) forgets them here too, so an ended session stops working at
// once. One process only: several processes need a shared store (see the scale-out issue).

type Entry = { json: string; expiresAt: number; userId: number | null };

const MAX_ENTRIES = 10_000;
const entries = new Map<string, Entry>();

export const sessionCache = {
  get(sid: string, now = Date.now()): string | undefined {
    const entry = entries.get(sid);
    if (!entry) return undefined;
    if (entry.expiresAt <= now) entries.delete(sid);
    return entry.expiresAt > now ? entry.json : undefined;
  },
  set(sid: string, entry: Entry): void {
    if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value as string);
    entries.set(sid, entry);
  },
  extend(sid: string, expiresAt: number): void {
    const entry = entries.get(sid);
    if (entry) entry.expiresAt = expiresAt;
  },
  delete(sid: string): void {
    entries.delete(sid);
  },
  /** Every cached session of this user, except `keep`. */
  forgetUser(userId: number, keep?: string): void {
    for (const [sid, entry] of entries) if (entry.userId === userId && sid !== keep) entries.delete(sid);
  },
  clear(): void {
    entries.clear();
  },
};
