import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { Redis } from "ioredis";
import { CACHES_CHANNEL, startCacheRelay, startSharedCaches, type LocalCaches, type SharedCaches } from "#db/shared-caches.server.ts";
import { cachingEnabled, isCurrent, noteCommitted, stampOf, type Change } from "#db/table-versions.server.ts";
import { createLogger } from "#lib/logger.server.ts";
import { createSessionCache, SESSION_TRUSTED_MS, sessionCache } from "#db/session-cache.server.ts";
import { startRedis, type Service } from "../../support/services.ts";

// Two relays on one real Redis stand for two app processes; each has its own stand-in caches
// (both "processes" live in this one test process, which has one table-versions module).

const logger = createLogger("silent");
let redis: Service;
let observer: Redis;
const relays: SharedCaches[] = [];

beforeAll(async () => {
  redis = await startRedis();
  observer = new Redis(redis.url);
});
afterEach(async () => {
  await Promise.all(relays.splice(0).map((relay) => relay.stop()));
});
afterAll(async () => {
  await observer?.quit();
  await redis?.stop();
});

function processCaches() {
  const listeners = new Set<(changes: Change[]) => void>();
  const heard: Change[][] = [];
  const caching: boolean[] = [];
  const sessions = createSessionCache({ enabled: () => true });
  const local: LocalCaches = {
    onCommitted: (listener) => (listeners.add(listener), () => void listeners.delete(listener)),
    noteWrittenElsewhere: (changes) => void heard.push(changes),
    disableCaching: (disabled = true) => void caching.push(!disabled),
    sessions,
  };
  const commit = (...changes: Change[]) => listeners.forEach((listener) => listener(changes));
  return { local, heard, caching, sessions, commit };
}

/** A relay for `local`, or for this test process's real caches. */
async function relayed(local?: LocalCaches) {
  const relay = await startCacheRelay(redis.url, logger, local);
  relays.push(relay);
  return relay;
}

const session = (userId: number) => ({ json: `{"userId":${userId}}`, expiresAt: Date.now() + 60_000, userId });
const listenersOf = async () => Number(((await observer.pubsub("NUMSUB", CACHES_CHANNEL)) as [string, number])[1]);

describe("table changes shared through Redis", () => {
  it("resolves once subscribed, so a write committed right after is heard", async () => {
    const [a, b] = [processCaches(), processCaches()];
    await relayed(a.local);
    await relayed(b.local);

    expect(await listenersOf()).toBe(2);
    a.commit(["Job"]);
    await vi.waitFor(() => expect(b.heard).toEqual([[["Job"]]]));
  });

  it("sends what one process committed in one turn as one change, which only the others apply", async () => {
    const [a, b] = [processCaches(), processCaches()];
    await relayed(a.local);
    await relayed(b.local);

    a.commit(["Job", "Load"]);
    a.commit(["Quote"], ["Job"]);
    await vi.waitFor(() => expect(b.heard).toEqual([[["Job", "Load", "Quote"]]]));
    a.commit(["Job"], null);
    await vi.waitFor(() => expect(b.heard).toEqual([[["Job", "Load", "Quote"]], [null]]));
    expect(a.heard).toEqual([]);
  });

  it("tells the others what the real process committed, and makes its caches stale when another process writes", async () => {
    const other = processCaches();
    await relayed(other.local);
    await relayed();
    const stamp = stampOf(["Vehicle"]);
    const untouched = stampOf(["Account"]);

    noteCommitted([["Message"]]);
    other.commit(["Vehicle"]);

    await vi.waitFor(() => expect(other.heard).toEqual([[["Message"]]]));
    await vi.waitFor(() => expect(isCurrent(stamp)).toBe(false));
    expect(isCurrent(untouched)).toBe(true);
  });

  it("tells the others to drop everything once Redis answers again after a word was lost", async () => {
    const [a, b] = [processCaches(), processCaches()];
    await relayed(a.local);
    await relayed(b.local);
    b.sessions.keep("s1", session(7), b.sessions.generation);

    await observer.client("PAUSE", 1_500, "WRITE");
    await a.sessions.forgetSession("elsewhere"); // gives up after a second, unanswered
    await observer.client("UNPAUSE");
    a.commit(["Job"]);

    await vi.waitFor(() => expect(b.heard).toEqual([[null], [["Job"]]]));
    expect(b.sessions.get("s1")).toBeUndefined();
  });

  it("caches nothing while it cannot hear the others, and drops everything once it hears them again", async () => {
    const b = processCaches();
    await relayed(b.local);
    b.sessions.keep("s1", session(7), b.sessions.generation);

    await observer.call("CLIENT", "KILL", "TYPE", "pubsub");

    await vi.waitFor(() => expect(b.caching).toEqual([false, true]));
    expect(b.heard).toEqual([[null]]);
    expect(b.sessions.get("s1")).toBeUndefined();
    expect(await listenersOf()).toBe(1);
  });
});

describe("ended sessions shared through Redis", () => {
  it("drops a user's sessions (all but the one kept) in the other process", async () => {
    const [a, b] = [processCaches(), processCaches()];
    await relayed(a.local);
    await relayed(b.local);
    for (const [sid, userId] of [["s1", 7], ["s2", 7], ["s3", 8]] as const) b.sessions.keep(sid, session(userId), b.sessions.generation);

    await a.sessions.forgetUser(7, "s2");

    await vi.waitFor(() => expect(b.sessions.get("s1")).toBeUndefined());
    expect(b.sessions.get("s2")).toBe('{"userId":7}');
    expect(b.sessions.get("s3")).toBe('{"userId":8}');
  });

  it("drops a signed-out or changed session in the other process, and keeps the writer's own copy", async () => {
    const [a, b] = [processCaches(), processCaches()];
    await relayed(a.local);
    await relayed(b.local);
    for (const sid of ["out", "changed"]) b.sessions.keep(sid, session(9), b.sessions.generation);

    await a.sessions.forgetSession("out");
    await a.sessions.changed("changed", session(9), a.sessions.generation);

    await vi.waitFor(() => expect([b.sessions.get("out"), b.sessions.get("changed")]).toEqual([undefined, undefined]));
    expect(a.sessions.get("changed")).toBe('{"userId":9}');
  });
});

describe("the session cache", () => {
  it("does not keep a session read before a forgetting that landed while it was read", () => {
    const cache = createSessionCache({ enabled: () => true });
    const since = cache.generation;

    cache.forgetHere({ userId: 7 });
    cache.keep("s1", session(7), since);

    expect(cache.get("s1")).toBeUndefined();
    cache.keep("s1", session(7), cache.generation);
    expect(cache.get("s1")).toBe('{"userId":7}');
  });

  it("trusts a kept session for a minute at most", () => {
    const cache = createSessionCache({ enabled: () => true });
    cache.keep("s1", session(7), cache.generation);

    expect(cache.get("s1", Date.now() + SESSION_TRUSTED_MS - 1_000)).toBeDefined();
    expect(cache.get("s1", Date.now() + SESSION_TRUSTED_MS + 1_000)).toBeUndefined();
  });
});

describe("startSharedCaches", () => {
  it("turns caching (sessions included) off on PostgreSQL without Redis, and back on when stopped", async () => {
    const shared = await startSharedCaches({ REDIS_URL: undefined, usesPostgres: true }, logger);
    sessionCache.keep("s1", session(7), sessionCache.generation);

    expect(cachingEnabled()).toBe(false);
    expect(sessionCache.get("s1")).toBeUndefined();
    await shared.stop();
    expect(cachingEnabled()).toBe(true);
  });

  it("changes nothing on SQLite without Redis", async () => {
    const shared = await startSharedCaches({ REDIS_URL: undefined, usesPostgres: false }, logger);

    expect(cachingEnabled()).toBe(true);
    await shared.stop();
  });

  it("relays through Redis when REDIS_URL is set, whatever the database", async () => {
    relays.push(await startSharedCaches({ REDIS_URL: redis.url, usesPostgres: true }, logger));

    expect(cachingEnabled()).toBe(true);
    expect(await listenersOf()).toBe(1);
  });
});
