import { randomUUID } from "node:crypto";
import type { Logger } from "pino";
import { cachingEnabled, disableCaching, noteWrittenElsewhere, onCommitted, type Change } from "#db/table-versions.server.ts";
import type { Env } from "#lib/env.server.ts";
import { closeRedis, connectRedis, REDIS_PREFIX, within, type ErrorReporter, type Redis } from "#lib/redis.server.ts";
import { sessionCache, type SessionCache, type SessionForget } from "#db/session-cache.server.ts";

// Each process keeps what it read from the database until a table it came from is written
// (table-versions), and keeps sessions (session-cache). Where several processes share a database,
// each must hear what the others wrote and which sessions they ended:
// - with Redis, every process publishes its committed writes and ended sessions on one channel,
//   tagged with its own id, and applies what the others publish (ignoring its own);
// - PostgreSQL without Redis: nothing can be heard, so caching is off;
// - SQLite: one process owns the file (process-lock), there is nothing to share.

export const CACHES_CHANNEL = `${REDIS_PREFIX}caches`;
const START_TIMEOUT_MS = 10_000;

type Message = { from: string; changes?: Change[]; session?: SessionForget; everything?: true };

/** A process's caches as the relay sees them: the real modules, or stand-ins in tests. */
export type LocalCaches = {
  onCommitted(listener: (changes: Change[]) => void): () => void;
  noteWrittenElsewhere(changes: Change[]): void;
  disableCaching(disabled?: boolean): void;
  sessions: Pick<SessionCache, "onForget" | "forgetHere" | "clear">;
};

const processCaches: LocalCaches = { onCommitted, noteWrittenElsewhere, disableCaching, sessions: sessionCache };

export type SharedCaches = { stop(): Promise<void> };

/** Call before serving: resolves once this process hears the others (or knows it cannot, and has stopped caching). */
export async function startSharedCaches(env: Pick<Env, "REDIS_URL" | "usesPostgres">, logger: Logger): Promise<SharedCaches> {
  if (env.REDIS_URL) return startCacheRelay(env.REDIS_URL, logger);
  if (!env.usesPostgres || !cachingEnabled()) return { stop: async () => {} };
  disableCaching();
  logger.warn("caching is off: other processes on this PostgreSQL database could not tell this one what they wrote (set REDIS_URL)");
  return { stop: async () => disableCaching(false) };
}

/** Relays `local`'s writes and ended sessions through Redis at `url`; resolves once subscribed. */
export async function startCacheRelay(url: string, logger: Logger, local: LocalCaches = processCaches): Promise<SharedCaches> {
  const relay = new CacheRelay(url, logger, local);
  try {
    await within(relay.start(), START_TIMEOUT_MS, `Redis at REDIS_URL did not answer within ${START_TIMEOUT_MS / 1000} s`);
    return relay;
  } catch (error) {
    await relay.stop();
    throw error;
  }
}

class CacheRelay implements SharedCaches {
  private readonly id = randomUUID();
  private readonly publisher: Redis;
  private readonly subscriber: Redis;
  private readonly unlisten: (() => void)[] = [];
  private pending: Change[] = [];
  // A publish failed: the next message tells the others to drop everything.
  private lost = false;
  // This process stopped hearing the others: it caches nothing until it hears them again.
  private deaf = false;
  private stopped = false;

  constructor(
    url: string,
    private readonly logger: Logger,
    private readonly local: LocalCaches,
  ) {
    const report: ErrorReporter = (err, message) => (err ? logger.warn({ err }, message) : logger.info(message));
    // A sign-out awaits its publish: one Redis does not answer fails after a second (and is made up for, see `lost`).
    this.publisher = connectRedis(url, "caches-publisher", { commandTimeout: 1_000 }, report);
    this.subscriber = connectRedis(url, "caches-subscriber", {}, report);
    this.subscriber.on("message", (channel: string, text: string) => channel === CACHES_CHANNEL && this.apply(text));
    this.subscriber.on("close", () => this.goDeaf());
    this.publisher.on("ready", () => this.lost && void this.publish({}));
  }

  async start(): Promise<void> {
    await this.subscriber.subscribe(CACHES_CHANNEL);
    this.subscriber.on("ready", () => void this.hearAgain());
    this.unlisten.push(
      this.local.onCommitted((changes) => this.queue(changes)),
      this.local.sessions.onForget((session) => this.publish({ session })),
    );
  }

  async stop(): Promise<void> {
    this.stopped = true;
    for (const unlisten of this.unlisten.splice(0)) unlisten();
    if (this.pending.length) await this.flush();
    await Promise.all([closeRedis(this.subscriber), closeRedis(this.publisher)]);
    if (this.deaf) this.local.disableCaching(false);
  }

  // Gathered over one turn of microtasks, so the word leaves before the write's own answer does.
  private queue(changes: Change[]): void {
    if (this.pending.length === 0) queueMicrotask(() => void this.flush());
    this.pending.push(...changes);
  }

  private async flush(): Promise<void> {
    const changes = this.pending.splice(0);
    if (changes.length) await this.publish({ changes: [merged(changes)] });
  }

  private async publish(message: Omit<Message, "from">): Promise<void> {
    const everything = this.lost ? { everything: true as const } : {};
    this.lost = false;
    try {
      await this.publisher.publish(CACHES_CHANNEL, JSON.stringify({ from: this.id, ...message, ...everything }));
    } catch (err) {
      this.lost = true;
      this.logger.error({ err }, "could not tell the other processes what changed; they will drop everything once Redis answers");
    }
  }

  private apply(text: string): void {
    try {
      const message = JSON.parse(text) as Message;
      if (message.from === this.id) return;
      if (message.everything) this.dropEverything();
      if (message.changes) this.local.noteWrittenElsewhere(message.changes);
      if (message.session) this.local.sessions.forgetHere(message.session);
    } catch (err) {
      this.logger.error({ err }, "ignored a malformed cache message");
    }
  }

  private goDeaf(): void {
    if (this.stopped || this.deaf) return;
    this.deaf = true;
    this.local.disableCaching(true);
  }

  // Subscribed again after a lost connection: whatever was written meanwhile went unheard.
  private async hearAgain(): Promise<void> {
    if (!this.deaf || this.stopped) return;
    await this.subscriber.subscribe(CACHES_CHANNEL).then(() => {
      this.dropEverything();
      this.deaf = false;
      this.local.disableCaching(false);
    }, () => undefined);
  }

  private dropEverything(): void {
    this.local.noteWrittenElsewhere([null]);
    this.local.sessions.clear();
  }
}

/** One change covering them all: every table named, or anything at all if one of them was. */
function merged(changes: Change[]): Change {
  if (changes.some((change) => change === null)) return null;
  return [...new Set(changes.flat() as string[])];
}
