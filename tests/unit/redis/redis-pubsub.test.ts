import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { Redis } from "ioredis";
import { RedisPubSub } from "#cable/redis-pubsub.ts";
import { startRedis, type Service } from "../../support/services.ts";
import { captureLogger } from "../cable/support/cable-harness.ts";

// Two RedisPubSub instances on one real Redis stand for two app processes.

let redis: Service;
let observer: Redis;
const adapters: RedisPubSub[] = [];

beforeAll(async () => {
  redis = await startRedis();
  observer = new Redis(redis.url);
});
afterEach(async () => {
  await Promise.all(adapters.splice(0).map((adapter) => adapter.shutdown()));
});
afterAll(async () => {
  await observer?.quit();
  await redis?.stop();
});

function newProcess(logger = captureLogger()) {
  const adapter = new RedisPubSub(redis.url, logger);
  adapters.push(adapter);
  return adapter;
}

const subscribersOf = async (stream: string) => Number(((await observer.pubsub("NUMSUB", `loadline:cable:${stream}`)) as [string, number])[1]);
const cableConnections = async () => String(await observer.client("LIST")).split("\n").filter((line) => / name=loadline-cable-/.test(line)).length;

describe("RedisPubSub", () => {
  it("delivers a broadcast made in one process to a subscriber in another, decoded", async () => {
    const [a, b] = [newProcess(), newProcess()];
    const got: unknown[] = [];
    await b.subscribe("user:7", (message) => void got.push(message));

    await a.broadcast("user:7", { html: "<p>Gate code 4411</p>" });
    await a.broadcast("user:8", "someone else's");

    await vi.waitFor(() => expect(got).toEqual([{ html: "<p>Gate code 4411</p>" }]));
  });

  it("resolves subscribe only once Redis has confirmed it, so a broadcast right after is never missed", async () => {
    const [a, b] = [newProcess(), newProcess()];
    const got: unknown[] = [];

    await b.subscribe("account:3", (message) => void got.push(message));

    expect(await subscribersOf("account:3")).toBe(1);
    await a.broadcast("account:3", 1);
    await vi.waitFor(() => expect(got).toEqual([1]));
  });

  it("subscribes once per stream however many follow it, and unsubscribes when the last one leaves", async () => {
    const [a, b] = [newProcess(), newProcess()];
    const got: string[] = [];
    const first = await b.subscribe("load:5", (m) => void got.push(`first ${String(m)}`));
    const second = await b.subscribe("load:5", (m) => void got.push(`second ${String(m)}`));
    expect(await subscribersOf("load:5")).toBe(1);

    await first();
    await a.broadcast("load:5", "one");
    await vi.waitFor(() => expect(got).toEqual(["second one"]));
    expect(await subscribersOf("load:5")).toBe(1);

    await second();
    expect(await subscribersOf("load:5")).toBe(0);
    await a.broadcast("load:5", "two");
    await b.broadcast("load:5", "three");
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(got).toEqual(["second one"]);
  });

  it("keeps a stream that is subscribed again while its last subscriber is leaving", async () => {
    const [a, b] = [newProcess(), newProcess()];
    const got: unknown[] = [];
    const leaving = await b.subscribe("job:1", () => {});

    const left = leaving();
    await b.subscribe("job:1", (m) => void got.push(m));
    await left;

    expect(await subscribersOf("job:1")).toBe(1);
    await a.broadcast("job:1", "still here");
    await vi.waitFor(() => expect(got).toEqual(["still here"]));
  });

  it("keeps delivering to the others when one callback throws, and logs it", async () => {
    const logger = captureLogger();
    const [a, b] = [newProcess(), newProcess(logger)];
    const got: unknown[] = [];
    await b.subscribe("s", () => {
      throw new Error("boom");
    });
    await b.subscribe("s", (m) => void got.push(m));

    await a.broadcast("s", { n: 1 });

    await vi.waitFor(() => expect(got).toEqual([{ n: 1 }]));
    expect(logger.entries.filter((e) => e.level === "error").map((e) => e.message)).toEqual(["pubsub subscriber failed"]);
  });

  it("subscribes again by itself after its connection to Redis was lost", async () => {
    const [a, b] = [newProcess(), newProcess()];
    const got: unknown[] = [];
    await b.subscribe("user:9", (m) => void got.push(m));

    await observer.call("CLIENT", "KILL", "TYPE", "pubsub");

    await vi.waitFor(async () => expect(await subscribersOf("user:9")).toBe(1));
    await a.broadcast("user:9", "after the outage");
    await vi.waitFor(() => expect(got).toEqual(["after the outage"]));
  });

  it("refuses a broadcast that is not JSON-serialisable", async () => {
    await expect(newProcess().broadcast("s", undefined)).rejects.toThrow(/JSON-serialisable/);
  });

  it("closes both of its connections on shutdown, leaving the other process's open", async () => {
    const [a, b] = [newProcess(), newProcess()];
    await a.subscribe("s", () => {});
    await b.broadcast("s", "warm up the publisher");
    await a.broadcast("s", "warm up the publisher");
    expect(await cableConnections()).toBe(4);

    await a.shutdown();

    expect(await cableConnections()).toBe(2);
    expect(await subscribersOf("s")).toBe(0);
  });
});
