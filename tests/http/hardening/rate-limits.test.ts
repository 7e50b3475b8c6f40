import { describe, expect, it } from "vitest";
import { createSignInLimiter, TooManyRequests } from "#server/rate-limit.server.ts";
import { agent, csrfTokenFor, signedInAgent } from "../../support/app.ts";
import { createShipper } from "../../support/fixtures.ts";

const refusal = async (attempt: Promise<void>) => attempt.then(() => null, (error: unknown) => (error instanceof TooManyRequests ? error.retryAfterSeconds : error));

describe("sign-in throttling", () => {
  it("slows one address guessing one account, progressively, without locking the owner out elsewhere", async () => {
    let clock = 1_000_000;
    const limiter = createSignInLimiter({ now: () => clock });
    for (let i = 0; i < 5; i++) {
      expect(await refusal(limiter.guard("203.0.113.9", "owner@example.com"))).toBeNull();
      limiter.recordFailure("203.0.113.9", "owner@example.com");
    }
    expect(await refusal(limiter.guard("203.0.113.9", "owner@example.com"))).toBe(15);
    expect(await refusal(limiter.guard("198.51.100.7", "owner@example.com"))).toBeNull();
    clock += 15_000;
    expect(await refusal(limiter.guard("203.0.113.9", "owner@example.com"))).toBeNull();
    limiter.recordFailure("203.0.113.9", "owner@example.com");
    expect(await refusal(limiter.guard("203.0.113.9", "owner@example.com"))).toBe(30);
    clock += 30_000;
    limiter.recordFailure("203.0.113.9", "owner@example.com");
    expect(await refusal(limiter.guard("203.0.113.9", "owner@example.com"))).toBe(60);
  });

  it("never waits longer than 15 minutes, and forgets after a quiet 15 minutes", async () => {
    let clock = 0;
    const limiter = createSignInLimiter({ now: () => clock });
    for (let i = 0; i < 20; i++) limiter.recordFailure("203.0.113.9", "owner@example.com");
    expect(await refusal(limiter.guard("203.0.113.9", "owner@example.com"))).toBe(900);
    clock += 15 * 60_000 + 1;
    expect(await refusal(limiter.guard("203.0.113.9", "owner@example.com"))).toBeNull();
    limiter.recordFailure("203.0.113.9", "owner@example.com");
    expect(await refusal(limiter.guard("203.0.113.9", "owner@example.com"))).toBeNull();
  });

  it("clears an address's count when the right password is given", async () => {
    const limiter = createSignInLimiter();
    for (let i = 0; i < 4; i++) limiter.recordFailure("203.0.113.9", "owner@example.com");
    limiter.clear("203.0.113.9", "owner@example.com");
    limiter.recordFailure("203.0.113.9", "owner@example.com");
    expect(await refusal(limiter.guard("203.0.113.9", "owner@example.com"))).toBeNull();
  });
});

describe("write budgets", () => {
  it("refuses the 61st anonymous telemetry post in a minute with 429 and Retry-After", async () => {
    const browser = agent();
    const csrf = await csrfTokenFor(browser);
    const statuses: number[] = [];
    for (let i = 0; i < 60; i++) statuses.push((await browser.post("/collect").set("X-CSRF-Token", csrf).send({ name: "page.render" })).status);
    expect(statuses.every((status) => status === 204)).toBe(true);
    const refused = await browser.post("/collect").set("X-CSRF-Token", csrf).send({ name: "page.render" });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
  });

  it("lets one user post 30 messages a minute, then answers 429", async () => {
    const shipper = await createShipper();
    const { browser, csrf } = await signedInAgent(shipper.email);
    const post = () => browser.post("/loads/999999/messages").set("X-CSRF-Token", csrf).send({ body: "hello" });
    for (let i = 0; i < 30; i++) expect((await post()).status).toBe(404);
    expect((await post()).status).toBe(429);
    expect((await browser.get("/messages")).status).toBe(200);
  });

  // The budget the write-route fuzz would exhaust in its first minute: it runs on an app given its own.
  it("lets one user make 300 writes a minute of any kind, then answers 429", async () => {
    const shipper = await createShipper();
    const { browser, csrf } = await signedInAgent(shipper.email);
    const write = () => browser.patch("/notifications/999999").set("X-CSRF-Token", csrf).send({});
    const statuses = new Set<number>();
    for (let i = 0; i < 300; i++) statuses.add((await write()).status);
    expect([...statuses]).toEqual([404]);
    const refused = await write();
    expect(refused.status).toBe(429);
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
  });
});
