import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { db } from "#db/client.server.ts";
import { newPage, signInAs, startBrowserTest, type BrowserTest } from "../support/browser.ts";

// Carrier pools on a phone (390 px, and 320): a shipper makes a pool, finds Pennine Haulage by name
// and adds it, invites an address; Pennine's office sees the pool and leaves it through the
// confirmation modal. No page is wider than the screen.

let test: BrowserTest;

beforeAll(async () => {
  test = await startBrowserTest();
});
afterAll(async () => {
  await test?.close();
});

async function width(page: Page, path: string): Promise<string[]> {
  const tooWide: string[] = [];
  for (const px of [390, 320]) {
    await page.setViewportSize({ width: px, height: 844 });
    await page.goto(path);
    const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    if (scrollWidth > px) tooWide.push(`${path} at ${px}: ${scrollWidth}`);
  }
  await page.setViewportSize({ width: 390, height: 844 });
  return tooWide;
}

describe("carrier pools on a phone", () => {
  it("a shipper builds a pool and a carrier leaves it, every page within the screen", async () => {
    const shipper = await newPage(test);
    await shipper.page.setViewportSize({ width: 390, height: 844 });
    await signInAs(shipper.page, "shipper@example.com");
    await shipper.page.goto("/pools");
    await shipper.page.getByLabel("Name").fill("Phone regulars");
    await shipper.page.getByRole("button", { name: "Make pool" }).click();
    await shipper.page.locator(".flash-notice", { hasText: "Pool Phone regulars made." }).waitFor();
    const poolPath = new URL(shipper.page.url()).pathname;

    await shipper.page.getByLabel("Carrier's company name").fill("pennine");
    await shipper.page.getByRole("button", { name: "Search" }).click();
    await shipper.page.getByRole("button", { name: "Add Pennine Haulage Ltd" }).click();
    await shipper.page.locator(".flash-notice", { hasText: "Pennine Haulage Ltd added to Phone regulars" }).waitFor();
    await shipper.page.locator("tr[data-member-id]", { hasText: "Pennine Haulage Ltd" }).waitFor();

    await shipper.page.getByLabel("Or invite a carrier by e-mail").fill("new.haulier@example.org");
    await shipper.page.getByRole("button", { name: "Add or invite" }).click();
    await shipper.page.locator("li[data-invitation-id]", { hasText: "new.haulier@example.org" }).waitFor();
    expect([...(await width(shipper.page, "/pools")), ...(await width(shipper.page, poolPath))]).toEqual([]);
    await shipper.context.close();

    const carrier = await newPage(test);
    await carrier.page.setViewportSize({ width: 390, height: 844 });
    await signInAs(carrier.page, "carrier@example.com");
    expect(await width(carrier.page, "/pools")).toEqual([]);
    const row = carrier.page.locator("tr[data-pool-id]", { hasText: "Phone regulars" });
    await row.getByRole("button", { name: /^Leave/ }).click();
    const modal = carrier.page.getByRole("dialog");
    await modal.waitFor();
    await modal.getByRole("button").last().click();
    await carrier.page.locator(".flash-notice", { hasText: "You have left Northwind Foods Ltd's pool Phone regulars" }).waitFor();
    const pool = await db().pool.findFirstOrThrow({ where: { name: "Phone regulars" }, include: { members: true } });
    expect(pool.members).toEqual([]);
    await carrier.context.close();
  }, 120_000);
});
