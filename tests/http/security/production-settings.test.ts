import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { db } from "#db/client.server.ts";
import { createLogger } from "#lib/logger.server.ts";
import { parseEnv } from "#lib/env.server.ts";
import { authenticate } from "#models/users/credentials.server.ts";
import { createSignInLimiter, TooManyRequests } from "#server/rate-limit.server.ts";
import { seedOnFirstStart } from "#server/start.server.ts";
import { agent, csrfTokenFor, testApp } from "../../support/app.ts";
import { createShipper } from "../../support/fixtures.ts";

const run = promisify(execFile);
const production = (extra: Record<string, string> = {}) =>
  parseEnv({ ...process.env, NODE_ENV: "production", APP_ORIGIN: "https://loadline.example", SESSION_SECRET: "p".repeat(40), SEED_DEMO_DATA: undefined, ...extra });

describe("a new production database", () => {
  it("gets no demo accounts unless asked for by name", async () => {
    const env = production();
    expect(env.seedDemoData).toBe(false);
    expect(await seedOnFirstStart(env, createLogger("silent"))).toBe(false);
    expect(await db().user.count()).toBe(0);
  });

  it("asked for demo data by name, never gets the README's password on the support account", async () => {
    expect(await seedOnFirstStart(production({ SEED_DEMO_DATA: "true" }), createLogger("silent"))).toBe(true);
    expect(await authenticate("support@example.com", "password123")).toBeNull();
    expect(await authenticate("shipper@example.com", "password123")).toMatchObject({ email: "shipper@example.com" });
  });
});

describe("npm run support:create", () => {
  const create = (...args: string[]) => run("npx", ["tsx", "scripts/create-support-user.ts", ...args], { env: process.env }).then(
    ({ stdout }) => ({ code: 0, out: stdout }),
    (error: { code: number; stderr: string }) => ({ code: error.code, out: error.stderr }),
  );

  it("makes a support user with a one-time password that signs in, and refuses the same address twice", async () => {
    const made = await create("--email", "Sam@Loadline.example", "--name", "Sam Support");
    expect(made.code).toBe(0);
    const password = /One-time password: (\S+)/.exec(made.out)?.[1] ?? "";
    expect(await authenticate("sam@loadline.example", password)).toMatchObject({ role: "support", account: { kind: "platform" } });

    const again = await create("--email", "sam@loadline.example", "--name", "Sam Again");
    expect([again.code, again.out.trim()]).toEqual([1, "sam@loadline.example already has an account."]);
  });

  it("refuses a bad address with a sentence and the usage", async () => {
    const refused = await create("--email", "not-an-address", "--name", "Sam");
    expect(refused.code).toBe(1);
    expect(refused.out).toContain("Enter an email address like name@company.co.uk.");
    expect(refused.out).toContain("usage: npm run support:create");
  });
});

describe("sign-in limits and X-Forwarded-For", () => {
  const failedSignIns = async (app: ReturnType<typeof testApp>, email: string, tries: number) => {
    const browser = agent(app);
    const _csrf = await csrfTokenFor(browser);
    const statuses: number[] = [];
    for (let i = 0; i < tries; i++) {
      const answer = await browser.post("/session").set("X-Forwarded-For", `198.51.100.${i + 1}`).type("form").send({ _csrf, email, password: `wrong-${i}` });
      statuses.push(answer.status);
    }
    return statuses;
  };

  it("ignores X-Forwarded-For by default: a rotating header is one address, slowed after five", async () => {
    const user = await createShipper();
    expect(await failedSignIns(testApp({ TRUST_PROXY: "0" }), user.email, 6)).toEqual([422, 422, 422, 422, 422, 429]);
  });

  it("behind a trusted proxy, still slows one account after ten failures from any number of addresses", async () => {
    const user = await createShipper();
    expect(await failedSignIns(testApp({ TRUST_PROXY: "1" }), user.email, 12)).toEqual([...Array(10).fill(422), 429, 429]);
  });

  it("counts an account's failures from every address together, and leaves other accounts alone", async () => {
    const limiter = createSignInLimiter({ now: () => 1_000_000 });
    for (let i = 0; i < 10; i++) await limiter.recordFailure(`203.0.113.${i}`, "owner@example.com");
    await expect(limiter.guard("192.0.2.1", "owner@example.com")).rejects.toBeInstanceOf(TooManyRequests);
    await expect(limiter.guard("192.0.2.1", "someone-else@example.com")).resolves.toBeUndefined();
  });
});
