import { describe, expect, it } from "vitest";
import { InProcessPubSub } from "#cable/pubsub.ts";
import { captureLogger } from "./support/cable-harness.ts";

describe("InProcessPubSub", () => {
  it("delivers a broadcast to every callback on that stream and no other", async () => {
    const pubsub = new InProcessPubSub();
    const got: string[] = [];
    await pubsub.subscribe("a", (m) => got.push(`a1 ${String(m)}`));
    await pubsub.subscribe("a", (m) => got.push(`a2 ${String(m)}`));
    await pubsub.subscribe("b", (m) => got.push(`b ${String(m)}`));

    await pubsub.broadcast("a", "hello");

    expect(got).toEqual(["a1 hello", "a2 hello"]);
  });

  it("stops delivering to an unsubscribed callback only, even when the same function is subscribed twice", async () => {
    const pubsub = new InProcessPubSub();
    const got: unknown[] = [];
    const callback = (m: unknown) => void got.push(m);
    const unsubscribeFirst = await pubsub.subscribe("a", callback);
    await pubsub.subscribe("a", callback);

    await unsubscribeFirst();
    await pubsub.broadcast("a", 1);

    expect(got).toEqual([1]);
    expect(pubsub.subscriberCount("a")).toBe(1);
  });

  it("keeps delivering to the others when one callback throws, and logs it", async () => {
    const logger = captureLogger();
    const pubsub = new InProcessPubSub(logger);
    const got: unknown[] = [];
    await pubsub.subscribe("a", () => {
      throw new Error("boom");
    });
    await pubsub.subscribe("a", (m) => void got.push(m));

    await pubsub.broadcast("a", { n: 1 });

    expect(got).toEqual([{ n: 1 }]);
    expect(logger.entries.map((e) => e.message)).toEqual(["pubsub subscriber failed"]);
  });

  it("broadcasts to a stream nobody follows without error, and forgets everything on shutdown", async () => {
    const pubsub = new InProcessPubSub();
    const got: unknown[] = [];
    await pubsub.subscribe("a", (m) => void got.push(m));
    await pubsub.broadcast("nobody", 1);

    await pubsub.shutdown();
    await pubsub.broadcast("a", 2);

    expect(got).toEqual([]);
  });
});
