import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { db } from "#db/client.server.ts";
import { newPage, signInAs, startBrowserTest, type BrowserTest } from "../support/browser.ts";
import { createAuctionJob, createJob } from "../support/job-fixtures.ts";

let test: BrowserTest;
let ids: { shipperAccount: number; shipperUser: number; carrier2Account: number; carrier2User: number };

beforeAll(async () => {
  test = await startBrowserTest();
  const shipper = await db().user.findUniqueOrThrow({ where: { email: "shipper@example.com" } });
  const carrier2 = await db().user.findUniqueOrThrow({ where: { email: "carrier2@example.com" } });
  ids = { shipperAccount: shipper.accountId, shipperUser: shipper.id, carrier2Account: carrier2.accountId, carrier2User: carrier2.id };
});
afterAll(async () => {
  await test?.close();
});

const rivalQuote = (jobId: number, valueCents: number, numberOfLoads: number) =>
  db().quote.create({ data: { jobId, carrierAccountId: ids.carrier2Account, placedById: ids.carrier2User, valueCents, numberOfLoads, status: "active", updatedAt: new Date(Date.now() - 60_000) } });

const allocation = (page: Page) => page.locator(".bid-allocator .allocation");

describe("bidding in a real browser", () => {
  it("shows a carrier the loads they would win as they type, then places the quote", async () => {
    const job = await createJob(ids.shipperAccount, ids.shipperUser, { reference: "E2E allocator job", expectedQuantity: 10, numberOfLoads: 10, firstBidPercentage: 60, secondBidPercentage: 40 });
    await rivalQuote(job.id, 40_000, 6);
    const { page, context } = await newPage(test);
    await signInAs(page, "carrier@example.com");
    await page.goto(`/jobs/${job.id}`);
    await allocation(page).waitFor();
    expect(await allocation(page).textContent()).toBe("You would win 0 of 10 loads");
    expect(await allocation(page).getAttribute("class")).toContain("allocation-none");

    await page.getByLabel("Price per load (£)").fill("450");
    await page.getByLabel("Number of loads").fill("5");
    await expect.poll(() => allocation(page).textContent()).toBe("You would win 4 of 10 loads");
    expect(await allocation(page).getAttribute("class")).not.toContain("allocation-none");
    expect(await page.getByText("5 of 10 loads").count()).toBe(1);

    await page.getByLabel("Price per load (£)").fill("350");
    await expect.poll(() => allocation(page).textContent()).toBe("You would win 5 of 10 loads");
    await page.getByLabel("Price per load (£)").fill("");
    await expect.poll(() => allocation(page).getAttribute("class")).toContain("allocation-none");
    expect(await page.locator(".allocation-table").textContent()).not.toContain("Severn");

    await page.getByLabel("Price per load (£)").fill("350");
    await page.getByRole("button", { name: "Place quote" }).click();
    await page.getByText("Your quote has been placed").waitFor();
    expect(new URL(page.url()).pathname).toBe(`/jobs/${job.id}`);
    await expect.poll(() => allocation(page).textContent()).toBe("You would win 5 of 10 loads");
    expect(await db().quote.count({ where: { jobId: job.id, valueCents: 35_000, numberOfLoads: 5 } })).toBe(1);
    await context.close();
  });

  it("shows the quote preview on a phone as labelled cards, each price on one line", async () => {
    const job = await createJob(ids.shipperAccount, ids.shipperUser, { reference: "E2E allocator on a phone", expectedQuantity: 10, numberOfLoads: 10 });
    await rivalQuote(job.id, 1_234_500, 6);
    const { page, context } = await newPage(test);
    await page.setViewportSize({ width: 390, height: 844 });
    await signInAs(page, "carrier@example.com");
    await page.goto(`/jobs/${job.id}`);
    const row = page.locator(".allocation-table tbody tr").first();
    await row.waitFor();
    expect(await page.locator(".allocation-table thead").isVisible()).toBe(false);
    const labels = await row.locator("td").evaluateAll((cells) => cells.map((cell) => getComputedStyle(cell, "::before").content));
    expect(labels).toEqual(['"Rank"', '"Quote"', '"Price a load"', '"Loads offered"', '"Would win"']);
    const price = row.locator('td[data-label="Price a load"]');
    expect(await price.textContent()).toBe("£12,345.00");
    // One line: the cell is no taller than one line of its text plus its padding.
    const { height, lineHeight, padding } = await price.evaluate((cell) => {
      const style = getComputedStyle(cell);
      return { height: cell.getBoundingClientRect().height, lineHeight: parseFloat(style.lineHeight) || parseFloat(style.fontSize) * 1.6, padding: parseFloat(style.paddingTop) + parseFloat(style.paddingBottom) };
    });
    expect(height).toBeLessThanOrEqual(lineHeight + padding + 1);
    await context.close();
  });

  it("switches the auction panel to live at the opening time without a reload, then secures the job", async () => {
    const opensAt = Date.now() + 9_000;
    const job = await createAuctionJob(ids.shipperAccount, ids.shipperUser, opensAt, opensAt + 3_600_000, { reference: "E2E auction", secureNowPriceCents: 48_000, expectedQuantity: 2, numberOfLoads: 2 });
    const { page, context } = await newPage(test);
    await signInAs(page, "carrier@example.com");
    const countdown = page.locator(`[data-auction-id="${job.id}"] time[data-controller=countdown]`);
    await expect.poll(() => countdown.textContent()).toMatch(/^opens in 00:00:0\d$/);
    const first = await countdown.textContent();
    await expect.poll(() => countdown.textContent()).not.toBe(first);
    expect(await countdown.getAttribute("data-state")).toBe("running");

    await page.goto(`/jobs/${job.id}`);
    const panel = page.locator(".auction-panel[data-phase]");
    await panel.getByText("Opens in").waitFor();
    expect(await panel.textContent()).toContain("The cheapest bid wins all 2 loads.");
    expect(await page.locator("#bid-form").isVisible()).toBe(false);
    await page.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true));
    expect(Date.now()).toBeLessThan(opensAt);

    await panel.getByText("Time remaining").waitFor({ timeout: 15_000 });
    expect(Date.now()).toBeGreaterThanOrEqual(opensAt - 800);
    expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
    expect(await panel.textContent()).not.toContain("Opens in");
    expect(await panel.textContent()).not.toContain("The cheapest bid wins");
    await page.getByRole("link", { name: "Place bid" }).waitFor();
    await page.locator("#bid-form").waitFor({ state: "visible" });
    expect(await panel.locator(".countdown").textContent()).toMatch(/^(01:00:00|00:59:\d\d)$/);

    await page.getByRole("button", { name: "Secure now at £480.00 a load" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Secure now at £480.00 a load" }).click();
    await page.waitForURL("**/loads");
    await page.getByText("You secured all 2 loads at £480.00 a load").waitFor();
    expect(await page.locator("tr[data-load-id]").filter({ hasText: "E2E auction" }).count()).toBe(2);
    await context.close();
  });

  it("lets a shipper award by the rules, and each carrier then sees their own loads", async () => {
    const job = await createJob(ids.shipperAccount, ids.shipperUser, { reference: "E2E award job", expectedQuantity: 4, numberOfLoads: 4, firstBidPercentage: 50, secondBidPercentage: 50 });
    await rivalQuote(job.id, 45_000, 2);
    const carrier = await newPage(test);
    await signInAs(carrier.page, "carrier@example.com");
    await carrier.page.goto(`/jobs/${job.id}`);
    await carrier.page.getByLabel("Price per load (£)").fill("400");
    await carrier.page.getByLabel("Number of loads").fill("2");
    await carrier.page.getByRole("button", { name: "Place quote" }).click();
    await carrier.page.getByText("Your quote has been placed").waitFor();

    const shipper = await newPage(test);
    await signInAs(shipper.page, "shipper@example.com");
    await shipper.page.goto(`/jobs/${job.id}/quotes`);
    const rows = shipper.page.locator(".quotes-table tbody tr");
    expect(await rows.nth(0).textContent()).toContain("Pennine Haulage Ltd");
    expect(await rows.nth(1).textContent()).toContain("Severn Freight Services");
    await shipper.page.getByRole("button", { name: "Award 4 loads" }).click();
    await shipper.page.getByRole("dialog").getByRole("button", { name: "Award 4 loads" }).click();
    await shipper.page.getByText("Awarded 4 loads to 2 carriers").waitFor();

    // The carrier selector on a load re-asks the server when the collection date changes.
    await shipper.page.goto("/loads");
    await shipper.page.locator("tr[data-load-id]").filter({ hasText: "Pennine Haulage Ltd" }).first().getByRole("link").click();
    const carrierSelect = shipper.page.getByLabel("Carrier", { exact: true });
    expect(await carrierSelect.locator("option:checked").textContent()).toMatch(/Pennine Haulage Ltd — £400.00 a load · [1-9]\d* loads? for you that day/);
    await shipper.page.getByLabel("Collection date").fill("2027-03-10");
    await shipper.page.getByLabel("Collection date").dispatchEvent("change");
    await expect.poll(() => carrierSelect.locator("option:checked").textContent()).toMatch(/Pennine Haulage Ltd — £400.00 a load · 0 loads for you that day/);

    for (const [email, price] of [["carrier@example.com", "£400.00"], ["carrier2@example.com", "£450.00"]] as const) {
      const { page, context } = await newPage(test);
      await signInAs(page, email);
      await page.goto("/loads");
      const mine = page.locator("tr[data-load-id]").filter({ hasText: "E2E award job" });
      expect(await mine.count()).toBe(2);
      await mine.first().getByRole("link", { name: /^E2E award job/ }).click();
      await page.getByRole("heading", { name: /E2E award job/ }).waitFor();
      expect(await page.locator(".page-header").textContent()).toContain(price);
      await context.close();
    }
    await carrier.context.close();
    await shipper.context.close();
  });
});
