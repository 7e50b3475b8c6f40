import { describe, expect, it } from "vitest";
import { createSessionCache } from "#db/session-cache.server.ts";

const entry = (json: string) => ({ json, expiresAt: Date.now() + 60_000, userId: 7 });

describe("the session cache", () => {
  it("drops its old copy of a session written too late to be kept, so the next read goes to the database", async () => {
    const cache = createSessionCache({ enabled: () => true });
    cache.keep("s1", entry('{"csrf":"old"}'), cache.generation);
    const since = cache.generation;
    await cache.forgetUser(8);
    await cache.changed("s1", entry('{"csrf":"new"}'), since);
    expect(cache.get("s1")).toBeUndefined();
  });

  it("keeps a session written while nothing was forgotten", async () => {
    const cache = createSessionCache({ enabled: () => true });
    await cache.changed("s1", entry('{"csrf":"new"}'), cache.generation);
    expect(cache.get("s1")).toBe('{"csrf":"new"}');
  });
});
