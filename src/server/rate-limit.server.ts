import { createHash } from "node:crypto";
import type { Request, RequestHandler } from "express";
import { RateLimiterMemory, RateLimiterRedis, type RateLimiterAbstract } from "rate-limiter-flexible";
import { HttpError } from "#lib/errors.server.ts";
import { logger } from "#lib/logger.server.ts";
import { REDIS_PREFIX, type Redis } from "#lib/redis.server.ts";

// Counts live in Redis when the app has one (pass `redisFor(env)`), so every server process spends
// from the same budget; without Redis, in this process's memory. While Redis cannot answer, each
// process counts in its own memory: the limits stay on, neither shared nor stopped.

export class TooManyRequests extends HttpError {
  constructor(
    readonly retryAfterSeconds: number,
    message = "Too many requests. Please wait a moment and try again.",
  ) {
    super(429, message);
  }
}

/** `points` per `seconds` for each key, counted in Redis (with this process's memory standing in) or in memory only. */
function budgetCounter(name: string, points: number, seconds: number, redis: Redis | null): RateLimiterAbstract {
  const memory = new RateLimiterMemory({ keyPrefix: name, points, duration: seconds });
  if (!redis) return memory;
  const keyPrefix = `${REDIS_PREFIX}limit:${name}`;
  return new RateLimiterRedis({ storeClient: redis, keyPrefix, points, duration: seconds, rejectIfRedisNotReady: true, insuranceLimiter: memory });
}

// ── Sign-in ──────────────────────────────────────────────────────────────────────────────────────

const SIGN_IN_SLOWED = "Too many sign-in attempts. Please wait a moment and try again.";
const FREE_FAILURES = 5;
// Across every address: however many addresses a guesser rotates through, one account gets this many.
const FREE_ACCOUNT_FAILURES = 10;
const FIRST_DELAY_S = 15;
const LONGEST_DELAY_S = 15 * 60;
// The longest wait is no longer than this, so a pair is never forgotten while it still has to wait.
const FORGET_AFTER_MS = 15 * 60_000;

/** How long a pair (or, with `free` = FREE_ACCOUNT_FAILURES, an account) must wait after its `count`th wrong password, in milliseconds. */
export function delayAfter(count: number, free = FREE_FAILURES): number {
  const over = count - free;
  return over < 0 ? 0 : Math.min(FIRST_DELAY_S * 2 ** over, LONGEST_DELAY_S) * 1000;
}

export type SignInLimiter = ReturnType<typeof createSignInLimiter>;

/**
 * Wrong passwords are counted per account *and* address: after five, that pair must wait 15 s,
 * then 30 s, 60 s … up to 15 minutes between tries, so guessing is slow, while the real owner signs in
 * from their own device as usual. They are also counted per account whatever the address: after ten
 * from anywhere the account waits the same way, so rotating addresses buys a guesser nothing. Each
 * address also has 30 tries per 15 minutes across all accounts. A count is forgotten after a quiet 15 minutes.
 */
export function createSignInLimiter({ ipPoints = 30, windowSeconds = 15 * 60, now = () => Date.now(), redis = null as Redis | null } = {}) {
  const failures = redis ? redisFailures(redis, memoryFailures(now)) : memoryFailures(now);
  const perIp = budgetCounter("login_ip", ipPoints, windowSeconds, redis);
  const pairOf = (ip: string, email: string) => `${email}\u0000${ip}`;
  const accountOf = (email: string) => `${email}\u0000any address`;

  return {
    async guard(ip: string, email: string): Promise<void> {
      const blockedUntil = Math.max(await failures.blockedUntil(pairOf(ip, email)), await failures.blockedUntil(accountOf(email)));
      if (blockedUntil > now()) throw new TooManyRequests(Math.ceil((blockedUntil - now()) / 1000), SIGN_IN_SLOWED);
      const ipState = await perIp.penalty(ip, 1);
      if (ipState.consumedPoints > ipPoints) throw new TooManyRequests(Math.ceil(ipState.msBeforeNext / 1000), SIGN_IN_SLOWED);
    },
    /** Counted at once in memory; in Redis once the promise resolves. Never rejects. */
    recordFailure: async (ip: string, email: string): Promise<void> =>
      void (await Promise.all([failures.add(pairOf(ip, email), now(), FREE_FAILURES), failures.add(accountOf(email), now(), FREE_ACCOUNT_FAILURES)])),
    // The owner's success clears their own address; the account's count runs out by itself.
    clear: (ip: string, email: string): Promise<void> => failures.clear(pairOf(ip, email)),
  };
}

type Failures = {
  blockedUntil(pair: string): Promise<number>;
  add(pair: string, at: number, free: number): Promise<void>;
  clear(pair: string): Promise<void>;
};

function memoryFailures(now: () => number): Failures {
  const failures = new Map<string, { count: number; blockedUntil: number; lastAt: number }>();
  const current = (pair: string) => {
    const entry = failures.get(pair);
    if (entry && now() - entry.lastAt > FORGET_AFTER_MS) failures.delete(pair);
    return failures.get(pair);
  };
  return {
    blockedUntil: async (pair) => current(pair)?.blockedUntil ?? 0,
    // Not async: the count has moved before the caller's next line, whether it awaits or not.
    add(pair, at, free) {
      const count = (current(pair)?.count ?? 0) + 1;
      if (failures.size > 100_000) failures.clear();
      failures.set(pair, { count, lastAt: at, blockedUntil: at + delayAfter(count, free) });
      return Promise.resolve();
    },
    clear: (pair) => Promise.resolve(void failures.delete(pair)),
  };
}

// The wait only ever grows: of two failures recorded at once, the shorter wait cannot win.
const RAISE_BLOCK = `local current = tonumber(redis.call('HGET', KEYS[1], 'blockedUntil') or '0')
if tonumber(ARGV[1]) > current then redis.call('HSET', KEYS[1], 'blockedUntil', ARGV[1]) end`;

/** A pair's count and the time it may try again, in a Redis hash that expires 15 minutes after its last failure. */
function redisFailures(redis: Redis, insurance: Failures): Failures {
  // Hashed: no e-mail addresses in Redis, and a short key whatever was typed.
  const keyOf = (pair: string) => `${REDIS_PREFIX}sign-in-failures:${createHash("sha256").update(pair).digest("base64url")}`;
  // As the budgets (rejectIfRedisNotReady): while the connection is down, this process counts at once.
  const orInsurance = <T>(work: () => Promise<T>, instead: () => Promise<T>) =>
    redis.status !== "ready"
      ? instead()
      : work().catch((err: unknown) => {
          logger().warn({ err }, "Redis did not answer; counting sign-in failures in this process");
          return instead();
        });
  const add = async (key: string, at: number, free: number) => {
    const [[failed, count] = []] = (await redis.multi().hincrby(key, "count", 1).pexpire(key, FORGET_AFTER_MS).exec()) ?? [];
    // A command that failed inside the transaction is a failure like any other: counted here instead.
    if (failed || count === undefined) throw failed ?? new Error("Redis answered no count");
    const delay = delayAfter(Number(count), free);
    if (delay > 0) await redis.eval(RAISE_BLOCK, 1, key, String(at + delay));
  };
  return {
    blockedUntil: (pair) => orInsurance(async () => Number((await redis.hget(keyOf(pair), "blockedUntil")) ?? 0), () => insurance.blockedUntil(pair)),
    add: (pair, at, free) => orInsurance(() => add(keyOf(pair), at, free), () => insurance.add(pair, at, free)),
    clear: (pair) => orInsurance(async () => void (await redis.del(keyOf(pair))), () => insurance.clear(pair)),
  };
}

// ── Writes ───────────────────────────────────────────────────────────────────────────────────────

type Budget = { name: string; points: number; seconds: number; applies: (req: Request) => boolean; perAddress?: true };

const isWrite = (req: Request) => !["GET", "HEAD", "OPTIONS"].includes(req.method);

/**
 * How much one person (or, signed out, one address) may write, sized for real use: a driver posts a
 * position every few seconds, a busy chat a message every few seconds, a form a handful a minute.
 */
export const WRITE_BUDGETS: readonly Budget[] = [
  // Each sends a letter: a sign-up, or its confirmation link sent again.
  { name: "signup", points: 10, seconds: 3600, perAddress: true, applies: (req) => req.path === "/signup" || req.path === "/signup/confirmation_letter" },
  { name: "telemetry", points: 60, seconds: 60, perAddress: true, applies: (req) => req.path === "/collect" || req.path === "/api/v1/client_errors" },
  { name: "messages", points: 30, seconds: 60, applies: (req) => /^\/(loads|jobs)\/[^/]+\/messages$/.test(req.path) },
  { name: "typing", points: 20, seconds: 60, applies: (req) => req.path === "/api/v1/message_typing_event" },
  // A phone sends a fix every 30 s, or sooner once it has moved 500 m (every ~20 s at 56 mph).
  { name: "positions", points: 20, seconds: 60, applies: (req) => /^\/loads\/[^/]+\/positions$/.test(req.path) },
  { name: "writes", points: 300, seconds: 60, applies: () => true },
];

/** One middleware for every write: each budget that applies is spent; the first one empty answers 429. */
export function limitWrites(budgets: readonly Budget[] = WRITE_BUDGETS, redis: Redis | null = null): RequestHandler {
  const limiters = budgets.map((budget) => ({ budget, limiter: budgetCounter(budget.name, budget.points, budget.seconds, redis) }));
  return async (req, _res, next) => {
    if (!isWrite(req)) return next();
    for (const { budget, limiter } of limiters) {
      if (!budget.applies(req)) continue;
      const key = budget.perAddress || !req.user ? `ip:${req.ip}` : `user:${req.user.id}`;
      const state = await limiter.penalty(key, 1);
      if (state.consumedPoints > budget.points) return next(new TooManyRequests(Math.ceil(state.msBeforeNext / 1000)));
    }
    next();
  };
}
