// Chromium flows: the real server on a private SQLite copy, driven by playwright-core and Debian's Chromium.
import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";
import { expect } from "vitest";
import { parseEnv } from "#lib/env.server.ts";
import { createLogger } from "#lib/logger.server.ts";
import { startServer, type RunningServer } from "#server/start.server.ts";

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-quic", "--no-first-run", "--disable-sync", "--disable-dev-shm-usage"];

export type BrowserTest = { server: RunningServer; browser: Browser; baseUrl: string; close(): Promise<void> };

/** Starts the app (migrated and seeded with the demo users) on 127.0.0.1 and a headless Chromium. */
export async function startBrowserTest(overrides: Record<string, string> = {}): Promise<BrowserTest> {
  const env = parseEnv({ ...process.env, PORT: "0", HOST: "127.0.0.1", SEED_DEMO_DATA: "true", ...overrides });
  const server = await startServer(env, createLogger("silent"));
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  return {
    server,
    browser,
    baseUrl: server.url,
    async close() {
      await browser.close();
      await server.close();
    },
  };
}

export async function newPage(test: BrowserTest): Promise<{ context: BrowserContext; page: Page }> {
  const context = await test.browser.newContext({ baseURL: test.baseUrl, locale: "en-GB", timezoneId: "Europe/London" });
  const page = await context.newPage();
  page.on("pageerror", (error) => console.error("[browser error]", error.message));
  return { context, page };
}

/** Signs in through the real form and waits for the landing page. */
export async function signInAs(page: Page, email: string, password = "password123"): Promise<void> {
  await page.goto("/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL((url) => url.pathname !== "/login");
}

/** Resolves once the page has a connected Stimulus controller named `identifier` (lazy ones arrive after the page). */
export async function controllerConnected(page: Page, identifier: string): Promise<void> {
  await page.waitForFunction((name) => window.Stimulus.controllers.some((controller) => controller.identifier === name), identifier);
}

/** A new browser context signed in as this person, on its landing page. */
export async function signedInPage(test: BrowserTest, email: string): Promise<Page> {
  const { page } = await newPage(test);
  await signInAs(page, email);
  return page;
}

/**
 * The page as it looks at 1280 px and on a 390 px phone, screenshot to test-results/<name>-<width>.png:
 * nothing may stick out sideways. Leaves the page at 1280 px.
 */
export async function fitsBothWidths(page: Page, name: string): Promise<void> {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `test-results/${name}-${width}.png`, fullPage: true });
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth), `${name} at ${width} px`).toBeLessThanOrEqual(0);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}
