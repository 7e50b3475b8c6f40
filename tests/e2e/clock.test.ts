import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "#db/client.server.ts";
import { newPage, signInAs, startBrowserTest, type BrowserTest } from "../support/browser.ts";
import { createAuctionJob } from "../support/job-fixtures.ts";

let test: BrowserTest;
beforeAll(async () => {
  test = await startBrowserTest();
});
afterAll(async () => {
  await test?.close();
});

describe("the shared server clock", () => {
  it("is asked once per page and corrects countdowns when the device clock is wrong", async () => {
    const shipper = await db().user.findUniqueOrThrow({ where: { email: "shipper@example.com" } });
    const opensAt = Date.now() + 2 * 3600_000;
    const job = await createAuctionJob(shipper.accountId, shipper.id, opensAt, opensAt + 3600_000, { reference: "Clock test auction" });

    const { page, context } = await newPage(test);
    // The device clock runs a day behind the server.
    await page.clock.install({ time: Date.now() - 24 * 3600_000 });
    await page.clock.resume();
    let clockRequests = 0;
    page.on("request", (request) => {
      if (request.url().endsWith("/api/v1/server_time")) clockRequests++;
    });
    await signInAs(page, "carrier@example.com");
    await page.waitForLoadState("networkidle");
    clockRequests = 0;
    await page.goto(`/jobs/${job.id}`);
    const countdowns = page.locator(".auction-panel .countdown");
    await expect.poll(() => countdowns.count()).toBeGreaterThan(0);
    // Without the server's offset this would read "1d 02:…"; with it, just under two hours.
    await expect.poll(async () => (await countdowns.first().textContent()) ?? "").toMatch(/01:5\d:\d\d/);
    expect(clockRequests).toBe(1);
    await context.close();
  });
});
