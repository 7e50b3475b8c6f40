import type { Request, RequestHandler, Response } from "express";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { closeRedis, connectRedis, type Redis } from "#lib/redis.server.ts";
import { createSignInLimiter, limitWrites, TooManyRequests, WRITE_BUDGETS } from "#server/rate-limit.server.ts";
import { startRedis, type Service } from "../../support/services.ts";

// Two limiters on one real Redis, each with its own connection, stand for two app processes.

let redis: Service;
let observer: Redis;
const connections: Redis[] = [];

beforeAll(async () => {
  redis = await startRedis();
  observer = await connection();
});
beforeEach(async () => {
  await observer.flushall();
});
afterAll(async () => {
  await Promise.all(connections.map(closeRedis));
  await redis?.stop();
});

/** A process's command connection, ready (as the server makes sure before serving). */
async function connection(url = redis.url): Promise<Redis> {
  const made = connectRedis(url, "test", { commandTimeout: 2_000, maxRetriesPerRequest: 1 }, () => {});
  connections.push(made);
  await made.ping();
  return made;
}

const refusal = async (attempt: Promise<void>) => attempt.then(() => null, (error: unknown) => (error instanceof TooManyRequests ? error.retryAfterSeconds : error));

function write(middleware: RequestHandler, req: { path: string; userId?: number; ip?: string }): Promise<unknown> {
  const request = { method: "POST", path: req.path, ip: req.ip ?? "203.0.113.9", user: req.userId ? { id: req.userId } : undefined } as unknown as Request;
  return new Promise((resolve) => void middleware(request, {} as Response, (err?: unknown) => resolve(err ?? null)));
}

describe("sign-in throttling shared through Redis", () => {
  it("makes one process wait after five wrong passwords counted across both, progressively", async () => {
    let clock = 1_000_000;
    const [a, b] = [createSignInLimiter({ redis: await connection(), now: () => clock }), createSignInLimiter({ redis: await connection(), now: () => clock })];
    for (const limiter of [a, b, a, b, a]) {
      expect(await refusal(limiter.guard("203.0.113.9", "owner@example.com"))).toBeNull();
      await limiter.recordFailure("203.0.113.9", "owner@example.com");
    }

    expect(await refusal(b.guard("203.0.113.9", "owner@example.com"))).toBe(15);
    expect(await refusal(a.guard("203.0.113.9", "owner@example.com"))).toBe(15);
    expect(await refusal(b.guard("198.51.100.7", "owner@example.com"))).toBeNull();
    clock += 15_000;
    await b.recordFailure("203.0.113.9", "owner@example.com");
    expect(await refusal(a.guard("203.0.113.9", "owner@example.com"))).toBe(30);
  });

  it("clears the pair in every process when the right password is given in one", async () => {
    const [a, b] = [createSignInLimiter({ redis: await connection() }), createSignInLimiter({ redis: await connection() })];
    for (let i = 0; i < 5; i++) await a.recordFailure("203.0.113.10", "clear@example.com");
    expect(await refusal(b.guard("203.0.113.10", "clear@example.com"))).toBe(15);

    await b.clear("203.0.113.10", "clear@example.com");

    expect(await refusal(a.guard("203.0.113.10", "clear@example.com"))).toBeNull();
  });

  it("keeps no e-mail address in Redis, and lets the pair's and the account's counts expire after 15 minutes", async () => {
    await createSignInLimiter({ redis: await connection() }).recordFailure("203.0.113.11", "private@example.com");

    const keys = await observer.keys("*");
    expect(keys).toHaveLength(2);
    for (const key of keys) {
      expect(key).toMatch(/^loadline:sign-in-failures:[\w-]+$/);
      expect(key).not.toContain("private");
      expect(await observer.pttl(key)).toBeGreaterThan(14 * 60_000);
      expect(await observer.pttl(key)).toBeLessThanOrEqual(15 * 60_000);
    }
  });

  it("counts one account's failures from every address across both processes", async () => {
    const [a, b] = [createSignInLimiter({ redis: await connection() }), createSignInLimiter({ redis: await connection() })];
    for (let i = 0; i < 10; i++) await (i % 2 ? a : b).recordFailure(`198.51.100.${i}`, "owner@example.com");

    expect(await refusal(a.guard("192.0.2.99", "owner@example.com"))).toBe(15);
    expect(await refusal(b.guard("192.0.2.99", "someone@example.com"))).toBeNull();
  });

  it("spends each address's sign-in budget across both processes", async () => {
    const [a, b] = [createSignInLimiter({ redis: await connection(), ipPoints: 3 }), createSignInLimiter({ redis: await connection(), ipPoints: 3 })];
    for (const limiter of [a, b, a]) expect(await refusal(limiter.guard("203.0.113.12", `${Math.random()}@example.com`))).toBeNull();

    expect(await refusal(b.guard("203.0.113.12", "fourth@example.com"))).toBeGreaterThan(0);
  });
});

describe("write budgets shared through Redis", () => {
  it("lets one user post 30 messages a minute across both processes, then answers 429 from either", async () => {
    const [a, b] = [limitWrites(WRITE_BUDGETS, await connection()), limitWrites(WRITE_BUDGETS, await connection())];
    const post = (process: RequestHandler) => write(process, { path: "/loads/1/messages", userId: 41 });
    for (let i = 0; i < 30; i++) expect(await post(i % 2 ? a : b)).toBeNull();

    expect(await post(a)).toBeInstanceOf(TooManyRequests);
    expect(await post(b)).toBeInstanceOf(TooManyRequests);
    expect(await write(a, { path: "/loads/1/messages", userId: 42 })).toBeNull();
  });

  it("keeps the counts under loadline: keys that expire with the budget's window", async () => {
    await write(limitWrites(WRITE_BUDGETS, await connection()), { path: "/loads/9/positions", userId: 43 });

    expect((await observer.keys("*")).sort()).toEqual(["loadline:limit:positions:user:43", "loadline:limit:writes:user:43"]);
    expect(await observer.pttl("loadline:limit:positions:user:43")).toBeGreaterThan(50_000);
  });

  it("keeps limiting in each process's memory while Redis cannot be reached", async () => {
    const gone = await startRedis();
    const store = await connection(gone.url);
    await gone.stop();
    await vi.waitFor(() => expect(store.status).not.toBe("ready"));
    const [writes, signIn] = [limitWrites(WRITE_BUDGETS, store), createSignInLimiter({ redis: store })];

    for (let i = 0; i < 30; i++) expect(await write(writes, { path: "/jobs/1/messages", userId: 44 })).toBeNull();
    expect(await write(writes, { path: "/jobs/1/messages", userId: 44 })).toBeInstanceOf(TooManyRequests);
    for (let i = 0; i < 5; i++) await signIn.recordFailure("203.0.113.13", "offline@example.com");
    expect(await refusal(signIn.guard("203.0.113.13", "offline@example.com"))).toBe(15);
  });
});
