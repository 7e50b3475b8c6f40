import { Redis, type RedisOptions } from "ioredis";
import { logger } from "#lib/logger.server.ts";

// Redis (REDIS_URL) is what several app processes share besides the database: the cable's
// broadcasts, rate-limit counts, and word of what each process wrote (so the others drop caches).
// Every key and channel starts with REDIS_PREFIX, so one Redis can serve other apps as well.

export { Redis };

export const REDIS_PREFIX = "loadline:";

/** Told of an outage (with its error) and of the recovery (err null). */
export type ErrorReporter = (err: unknown, message: string) => void;

const toProcessLog: ErrorReporter = (err, message) => (err ? logger().warn({ err }, message) : logger().info(message));

/**
 * A new connection, named `loadline-<role>` in CLIENT LIST. ioredis reconnects by itself; an outage is
 * reported once when it starts (not on every retry) and once when it ends.
 */
export function connectRedis(url: string, role: string, options: RedisOptions = {}, report: ErrorReporter = toProcessLog): Redis {
  const redis = new Redis(url, { connectionName: `loadline-${role}`, ...options });
  let down = false;
  redis.on("error", (err: unknown) => {
    if (!down) report(err, `redis connection (${role}) failed; reconnecting`);
    down = true;
  });
  redis.on("ready", () => {
    if (down) report(null, `redis connection (${role}) restored`);
    down = false;
  });
  return redis;
}

/** Closes a connection politely (QUIT), or at once when Redis is not answering: shutdown never waits for it. */
export async function closeRedis(redis: Redis): Promise<void> {
  if (redis.status === "end") return;
  if (redis.status !== "ready") return redis.disconnect();
  await within(redis.quit(), 1_000, "QUIT unanswered").catch(() => redis.disconnect());
}

const shared = new Map<string, Redis>();

/**
 * The process's connection for short commands (rate-limit counts), one per URL. A command Redis does
 * not answer within 2 s fails, so a caller can fall back instead of holding a request.
 */
export function sharedRedis(url: string): Redis {
  let redis = shared.get(url);
  if (!redis) shared.set(url, (redis = connectRedis(url, "commands", { commandTimeout: 2_000, maxRetriesPerRequest: 1 })));
  return redis;
}

/** The shared connection when the app has Redis, else null (everything stays in this process). */
export function redisFor(env: { REDIS_URL?: string | undefined }): Redis | null {
  return env.REDIS_URL ? sharedRedis(env.REDIS_URL) : null;
}

/**
 * Call before serving: resolves once the shared connection answers, so the first requests already
 * count in Redis (not in this process's stand-in memory); fails start-up when Redis does not answer.
 */
export async function connectSharedRedis(env: { REDIS_URL?: string | undefined }): Promise<void> {
  if (env.REDIS_URL) await within(sharedRedis(env.REDIS_URL).ping(), 10_000, "Redis at REDIS_URL did not answer within 10 s");
}

/** Closes the shared connections (server shutdown). */
export async function closeSharedRedis(): Promise<void> {
  const all = [...shared.values()];
  shared.clear();
  await Promise.all(all.map(closeRedis));
}

/** Rejects with `message` if `promise` has not settled within `ms` (start-up must not hang on an unreachable Redis). */
export function within<T>(promise: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(message)), ms)));
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
