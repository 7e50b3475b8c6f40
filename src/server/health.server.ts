import { Redis } from "ioredis";
import { db } from "#db/client.server.ts";
import { logger } from "#lib/logger.server.ts";

export type PartHealth = "ok" | "unreachable" | "not configured";
export type Health = { status: "ok" | "unavailable"; database: PartHealth; redis: PartHealth };

// Each part gets this long, checked side by side, so a probe is answered within about 2 s even when
// a dependency hangs instead of failing (load balancers typically give up after 2–5 s).
export const CHECK_TIMEOUT_MS = 1_500;

const running = new Map<string, Promise<Health>>();

/**
 * Whether this process can do its work: the database answers a trivial query and, when configured,
 * Redis answers PING. Probes arriving while a check runs share it, so a flood of them costs one check.
 */
export function checkHealth({ redisUrl, timeoutMs = CHECK_TIMEOUT_MS }: { redisUrl?: string; timeoutMs?: number }): Promise<Health> {
  const key = redisUrl ?? "";
  let check = running.get(key);
  if (!check) running.set(key, (check = runChecks(redisUrl, timeoutMs).finally(() => running.delete(key))));
  return check;
}

async function runChecks(redisUrl: string | undefined, timeoutMs: number): Promise<Health> {
  const [database, redis] = await Promise.all([
    part("database", () => within(timeoutMs, db().$queryRawUnsafe("SELECT 1"))),
    redisUrl ? part("redis", () => pingRedis(redisUrl, timeoutMs)) : ("not configured" as const),
  ]);
  return { status: database === "unreachable" || redis === "unreachable" ? "unavailable" : "ok", database, redis };
}

async function part(name: string, check: () => Promise<unknown>): Promise<PartHealth> {
  try {
    await check();
    return "ok";
  } catch (err) {
    logger().warn({ err, part: name }, `health check: ${name} unreachable`);
    return "unreachable";
  }
}

/** One short-lived connection per check: no retries, no queueing, nothing left open afterwards. */
async function pingRedis(url: string, timeoutMs: number): Promise<void> {
  const client = new Redis(url, { lazyConnect: true, connectTimeout: timeoutMs, commandTimeout: timeoutMs, maxRetriesPerRequest: 0, retryStrategy: () => null });
  client.on("error", () => {}); // the failed check reports it; unhandled, ioredis would print it too
  try {
    await within(timeoutMs, client.connect().then(() => client.ping()));
  } finally {
    client.disconnect();
    client.stream?.destroy(); // a Redis that hangs would otherwise keep the half-open socket
  }
}

function within<T>(ms: number, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms)));
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}
