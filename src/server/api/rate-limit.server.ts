import type { RequestHandler } from "express";
import { RateLimiterMemory, RateLimiterRedis, type RateLimiterAbstract } from "rate-limiter-flexible";
import { REDIS_PREFIX, type Redis } from "#lib/redis.server.ts";
import { callerIn } from "#server/api/authenticate.server.ts";
import { Problem } from "#server/api/problem.server.ts";

// Each key has its own budget, counted as the pages' write budgets are (rate-limit.server.ts): in
// Redis when the app has one, so every process spends from one budget, with this process's memory
// standing in while Redis cannot answer; without Redis, in memory. Every call is told where it
// stands (RateLimit-Limit, -Remaining, -Reset in seconds); past the budget, 429 with Retry-After.

export type ApiBudget = { points: number; seconds: number };
export const API_BUDGET: ApiBudget = { points: 120, seconds: 60 };

function counter({ points, seconds }: ApiBudget, redis: Redis | null): RateLimiterAbstract {
  const memory = new RateLimiterMemory({ keyPrefix: "api_key", points, duration: seconds });
  if (!redis) return memory;
  const keyPrefix = `${REDIS_PREFIX}limit:api_key`;
  return new RateLimiterRedis({ storeClient: redis, keyPrefix, points, duration: seconds, rejectIfRedisNotReady: true, insuranceLimiter: memory });
}

export function limitPerKey(budget: ApiBudget = API_BUDGET, redis: Redis | null = null): RequestHandler {
  const limiter = counter(budget, redis);
  return async (_req, res, next) => {
    const state = await limiter.penalty(String(callerIn(res).key.id), 1);
    const reset = Math.max(1, Math.ceil(state.msBeforeNext / 1000));
    res.set({
      "RateLimit-Limit": String(budget.points),
      "RateLimit-Remaining": String(Math.max(0, budget.points - state.consumedPoints)),
      "RateLimit-Reset": String(reset),
    });
    if (state.consumedPoints <= budget.points) return next();
    next(new Problem(429, `This key may make ${budget.points} requests every ${budget.seconds} seconds. Try again in ${reset} seconds.`, [], { "Retry-After": String(reset) }));
  };
}
