import type { IncomingMessage, ServerResponse } from "node:http";
import request from "supertest";
import type { Express } from "express";
import { createApp, type AppOptions } from "#server/app.server.ts";
import { parseEnv } from "#lib/env.server.ts";
import { createLogger } from "#lib/logger.server.ts";

export type Agent = ReturnType<typeof request.agent>;
/** What an agent talks to: the app, or a plain handler wrapped around it (as the fuzz test's recorder). */
export type TestApp = Express | ((req: IncomingMessage, res: ServerResponse) => void);

let cached: Express | undefined;

/**
 * The real app on this file's SQLite copy (see http-setup.ts), with the real rate limits unless
 * `options` gives the app its own (see AppOptions).
 */
export function testApp(overrides: Record<string, string> = {}, options: Pick<AppOptions, "writeBudgets" | "signInLimiter"> = {}): Express {
  const plain = !Object.keys(overrides).length && !Object.keys(options).length;
  if (plain && cached) return cached;
  const env = parseEnv({ ...process.env, ...overrides });
  const { app } = createApp({ env, logger: createLogger("silent"), ...options });
  if (plain) cached = app;
  return app;
}

export function agent(app: TestApp = testApp()): Agent {
  return request.agent(app);
}

/** The CSRF token of the agent's session, read from a page's <meta name="csrf-token">. */
export async function csrfTokenFor(browser: Agent, path = "/login"): Promise<string> {
  const page = await browser.get(path);
  const token = /<meta name="csrf-token" content="([^"]+)"/.exec(page.text)?.[1];
  if (!token) throw new Error(`No CSRF token on ${path} (status ${page.status})`);
  return token;
}

/** Signs the agent in through the real form; returns the session's fresh CSRF token. */
export async function signIn(browser: Agent, email: string, password = "password123"): Promise<string> {
  const token = await csrfTokenFor(browser);
  const response = await browser.post("/session").type("form").send({ _csrf: token, email, password });
  if (response.status !== 303) throw new Error(`Sign-in as ${email} failed with ${response.status}`);
  return csrfTokenFor(browser, "/account");
}

export async function signedInAgent(email: string, app: TestApp = testApp()): Promise<{ browser: Agent; csrf: string }> {
  const browser = agent(app);
  const csrf = await signIn(browser, email);
  return { browser, csrf };
}
