import type { Request, RequestHandler } from "express";
import { RateLimiterMemory } from "rate-limiter-flexible";
import { HttpError } from "#lib/errors.server.ts";

export class TooManyRequests extends HttpError {
  constructor(
    readonly retryAfterSeconds: number,
    message = "Too many requests. Please wait a moment and try again.",
  ) {
    super(429, message);
  }
}

// ── Sign-in ──────────────────────────────────────────────────────────────────────────────────────

const SIGN_IN_SLOWED = "Too many sign-in attempts. Please wait a moment and try again.";
const FREE_FAILURES = 5;
const FIRST_DELAY_S = 15;
const LONGEST_DELAY_S = 15 * 60;
const FORGET_AFTER_MS = 15 * 60_000;

type Failures = { count: number; blockedUntil: number; lastAt: number };

export type SignInLimiter = ReturnType<typeof createSignInLimiter>;

/**
 * Wrong passwords are counted per account *and* address: after five, that pair must wait 15 s,
 * then 30 s, 60 s … up to 15 minutes between tries, so guessing is slow, while the real owner signs in
 * from their own device as usual. Each address also has 30 tries per 15 minutes across all accounts.
 * In memory: one per server process (see the scale-out issue for a shared store).
 */
export function createSignInLimiter({ ipPoints = 30, windowSeconds = 15 * 60, now = () => Date.now() } = {}) {
  const failures = new Map<string, Failures>();
  const perIp = new RateLimiterMemory({ keyPrefix: "login_ip", points: ipPoints, duration: windowSeconds });
  const pairOf = (ip: string, email: string) => `${email}\u0000${ip}`;
  const current = (pair: string) => {
    const entry = failures.get(pair);
    if (entry && now() - entry.lastAt > FORGET_AFTER_MS && entry.blockedUntil <= now()) failures.delete(pair);
    return failures.get(pair);
  };

  return {
    async guard(ip: string, email: string): Promise<void> {
      const blockedUntil = current(pairOf(ip, email))?.blockedUntil ?? 0;
      if (blockedUntil > now()) throw new TooManyRequests(Math.ceil((blockedUntil - now()) / 1000), SIGN_IN_SLOWED);
      const ipState = await perIp.penalty(ip, 1);
      if (ipState.consumedPoints > ipPoints) throw new TooManyRequests(Math.ceil(ipState.msBeforeNext / 1000), SIGN_IN_SLOWED);
    },
    recordFailure(ip: string, email: string): void {
      const pair = pairOf(ip, email);
      const count = (current(pair)?.count ?? 0) + 1;
      const over = count - FREE_FAILURES;
      const delay = over < 0 ? 0 : Math.min(FIRST_DELAY_S * 2 ** over, LONGEST_DELAY_S);
      if (failures.size > 100_000) failures.clear();
      failures.set(pair, { count, lastAt: now(), blockedUntil: now() + delay * 1000 });
    },
    clear: (ip: string, email: string) => void failures.delete(pairOf(ip, email)),
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
  { name: "signup", points: 10, seconds: 3600, perAddress: true, applies: (req) => req.path === "/signup" },
  { name: "telemetry", points: 60, seconds: 60, perAddress: true, applies: (req) => req.path === "/collect" || req.path === "/api/v1/client_errors" },
  { name: "messages", points: 30, seconds: 60, applies: (req) => /^\/(loads|jobs)\/[^/]+\/messages$/.test(req.path) },
  { name: "typing", points: 20, seconds: 60, applies: (req) => req.path === "/api/v1/message_typing_event" },
  // A phone sends a fix every 30 s, or sooner once it has moved 500 m (every ~20 s at 56 mph).
  { name: "positions", points: 20, seconds: 60, applies: (req) => /^\/loads\/[^/]+\/positions$/.test(req.path) },
  { name: "writes", points: 300, seconds: 60, applies: () => true },
];

/** One middleware for every write: each budget that applies is spent; the first one empty answers 429. */
export function limitWrites(budgets: readonly Budget[] = WRITE_BUDGETS): RequestHandler {
  const limiters = budgets.map((budget) => ({ budget, limiter: new RateLimiterMemory({ keyPrefix: budget.name, points: budget.points, duration: budget.seconds }) }));
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
