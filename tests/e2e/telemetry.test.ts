import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newPage, signInAs, startBrowserTest, type BrowserTest } from "../support/browser.ts";
import { db } from "#db/client.server.ts";

let test: BrowserTest;
beforeAll(async () => {
  test = await startBrowserTest({ CLIENT_TELEMETRY: "true" });
});
afterAll(async () => {
  await test?.close();
});

const until = async (check: () => Promise<boolean>, ms = 5000) => {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
};

describe("analytics and error reporting in the browser", () => {
  it("sends a page view on render and a tracked link's event once, on its first hover", async () => {
    const { page, context } = await newPage(test);
    const collected: string[] = [];
    page.on("request", (request) => {
      if (request.url().endsWith("/collect")) collected.push(JSON.parse(request.postData() ?? "{}").name);
    });
    await page.goto("/");
    await until(async () => collected.includes("page_view"));
    const cta = page.getByRole("link", { name: "I run trucks" });
    await cta.hover();
    await page.mouse.move(0, 0);
    await cta.hover();
    await until(async () => (await db().analyticsEvent.count({ where: { name: "cta_carrier_signup" } })) === 1);
    await page.waitForTimeout(300);
    expect(collected.filter((name) => name === "cta_carrier_signup")).toHaveLength(1);
    await context.close();
  });

  it("reports an uncaught error but not an ignored one", async () => {
    const { page, context } = await newPage(test);
    await page.goto("/login");
    await page.evaluate(() => {
      setTimeout(() => {
        throw new Error("Boom from the e2e test");
      });
      setTimeout(() => {
        throw new Error("ResizeObserver loop limit exceeded");
      });
      void Promise.reject(new Error("Rejected in the e2e test"));
    });
    await until(async () => (await db().clientError.count({ where: { message: { contains: "in the e2e test" } } })) === 1);
    await until(async () => (await db().clientError.count({ where: { message: { contains: "Boom from the e2e test" } } })) === 1);
    expect(await db().clientError.count({ where: { message: { contains: "ResizeObserver" } } })).toBe(0);
    await context.close();
  });

  it("sends nothing while support impersonates", async () => {
    const { page, context } = await newPage(test);
    await signInAs(page, "support@example.com");
    await page.getByRole("row", { name: /shipper@example\.com/ }).getByRole("button", { name: "Impersonate" }).click();
    await page.waitForURL("**/dashboard");
    const sent: string[] = [];
    page.on("request", (request) => {
      if (request.url().endsWith("/collect")) sent.push(request.url());
    });
    await page.reload();
    await page.getByRole("link", { name: "Dashboard" }).first().hover();
    await page.waitForTimeout(500);
    expect(sent).toEqual([]);
    await context.close();
  });
});
