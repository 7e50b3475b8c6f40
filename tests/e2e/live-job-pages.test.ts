import { mkdirSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { type BrowserTest, signedInPage, startBrowserTest } from "../support/browser.ts";
import { createCarrier, createShipper } from "../support/fixtures.ts";
import { createAuctionJob, createJob } from "../support/job-fixtures.ts";

// One walk through the core flow with three people in three browsers, none of whom reloads: the
// shipper's job page, the carriers' previews, the award and a secured auction all reach the pages
// already open. Screenshots of each step at 1280 and 390 px go to /tmp/shots (not kept), to look
// at what sits beside each notification.

const SHOTS = process.env.SHOTS_DIR ?? "/tmp/shots";
let test: BrowserTest;
let shipper: Awaited<ReturnType<typeof createShipper>>;
let carrierA: Awaited<ReturnType<typeof createCarrier>>;
let carrierB: Awaited<ReturnType<typeof createCarrier>>;

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  test = await startBrowserTest();
  shipper = await createShipper({ name: "Sally Sender", company: "Walk Foods Ltd" });
  carrierA = await createCarrier({ name: "Anna Able", company: "Able Haulage Ltd" });
  carrierB = await createCarrier({ name: "Ben Brisk", company: "Brisk Freight Ltd" });
});
afterAll(async () => {
  await test?.close();
});

const signedIn = (email: string) => signedInPage(test, email);

/** Opens the page and waits until every stream it follows (the nav's and the job's) is subscribed. */
async function openLive(page: Page, path: string) {
  await page.goto(path);
  const sources = page.locator("turbo-cable-stream-source");
  await expect.poll(async () => (await sources.count()) > 0 && (await page.locator("turbo-cable-stream-source[connected]").count()) === (await sources.count()), { timeout: 10_000 }).toBe(true);
  await page.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true));
}

const notReloaded = (page: Page) => page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded === true);

/** The window with the bidding panel in view (live cards float over it), and the whole page. */
async function shoot(page: Page, name: string) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    if (new URL(page.url()).pathname.startsWith("/jobs/")) await panel(page).scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png` });
    await page.screenshot({ path: `${SHOTS}/${name}-${width}-full.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 720 });
}

const panel = (page: Page) => page.locator("#bidding-panel");
const allocation = (page: Page) => page.locator(".bid-allocator .allocation");

describe("pages that never lie", () => {
  it("quotes, the outbid preview, the award and a secured auction reach the pages already open", { timeout: 180_000 }, async () => {
    const job = await createJob(shipper.accountId, shipper.id, { reference: "Walk: Leeds to Bristol" });
    const [shipperPage, pageA, pageB] = [await signedIn(shipper.email), await signedIn(carrierA.email), await signedIn(carrierB.email)];
    for (const page of [shipperPage, pageA, pageB]) await openLive(page, `/jobs/${job.id}`);
    expect(await panel(shipperPage).textContent()).toContain("No quotes yet.");
    await shoot(shipperPage, "01-shipper-no-quotes");

    // B starts typing a price; A's quote arrives meanwhile and B's page refreshes around the typing.
    await pageB.getByLabel("Price per load (£)").fill("420");
    await pageB.getByLabel("Number of loads").fill("1");
    await pageA.getByLabel("Price per load (£)").fill("450");
    await pageA.getByLabel("Number of loads").fill("1");
    await pageA.getByRole("button", { name: "Place quote" }).click();
    await pageA.getByText("Your quote has been placed").waitFor();
    const placedAt = Date.now();

    await panel(shipperPage).getByText("1 quote so far; the cheapest is £450.00 a load.").waitFor();
    expect(Date.now() - placedAt).toBeLessThan(1_000); // within a second of the carrier's own answer
    await pageB.locator(".allocation-table", { hasText: "£450.00" }).waitFor();
    expect(await pageB.getByLabel("Price per load (£)").inputValue()).toBe("420");
    expect(await pageB.getByLabel("Number of loads").inputValue()).toBe("1");
    expect(await allocation(pageB).textContent()).toBe("You would win 1 of 1 load");
    expect(await allocation(pageA).textContent()).toBe("You would win 1 of 1 load");
    await shoot(shipperPage, "02-shipper-one-quote");
    await shoot(pageB, "02-carrier-b-typing-kept");

    // B quotes under A: the shipper's page counts both, A's preview and A's outbid card agree.
    await pageB.getByRole("button", { name: "Place quote" }).click();
    await pageB.getByText("Your quote has been placed").waitFor();
    await panel(shipperPage).getByText("2 quotes so far; the cheapest is £420.00 a load.").waitFor();
    await pageA.locator("#notification_cards .notification-card", { hasText: "You have been outbid on Walk: Leeds to Bristol" }).waitFor();
    await expect.poll(() => allocation(pageA).textContent()).toBe("You would win 0 of 1 load");
    expect(await pageA.locator(".allocation-table tr.highlighted").textContent()).toContain("£450.00");
    await shoot(pageA, "03-carrier-a-outbid");
    await shoot(shipperPage, "03-shipper-two-quotes");

    // The shipper awards by the rules: B wins; A's open page tells A, with no form left to send.
    await shipperPage.getByRole("link", { name: "Review quotes and award" }).click();
    await shipperPage.getByRole("button", { name: "Award 1 load" }).click();
    await shipperPage.getByRole("dialog").getByRole("button", { name: "Award 1 load" }).click();
    await shipperPage.getByText("Awarded 1 load to 1 carrier").waitFor();
    await panel(pageA).getByText("This job has been awarded. Your quote of £450.00 a load lost: it won no loads.").waitFor();
    expect(await pageA.getByRole("button", { name: "Update quote" }).count()).toBe(0);
    await panel(pageB).getByText("This job has been awarded. Your quote won: 1 load at £420.00 a load.").waitFor();
    expect(await notReloaded(pageA)).toBe(true);
    expect(await notReloaded(pageB)).toBe(true);
    await shoot(pageA, "04-carrier-a-lost");
    await shoot(pageB, "04-carrier-b-won");

    // A live auction: B's bid shows on A's panel as the best price so far; A secures it, and B's
    // open page closes at once.
    const auction = await createAuctionJob(shipper.accountId, shipper.id, Date.now() - 60_000, Date.now() + 3_600_000, {
      reference: "Walk auction: Hull to York", secureNowPriceCents: 48_000, expectedQuantity: 2, numberOfLoads: 2,
    });
    for (const page of [pageA, pageB]) await openLive(page, `/jobs/${auction.id}`);
    await panel(pageA).getByText("No bids yet").waitFor();
    await pageB.getByLabel("Price per load (£)").fill("500");
    await pageB.getByLabel("Number of loads").fill("2");
    await pageB.getByRole("button", { name: "Place quote" }).click();
    await pageB.getByText("Your quote has been placed").waitFor();
    await panel(pageA).getByText("Best price so far: £500.00 a load").waitFor();
    await shoot(pageA, "05-carrier-a-best-price");

    await pageB.getByRole("link", { name: "Place bid" }).waitFor();
    await pageA.getByRole("button", { name: "Secure now at £480.00 a load" }).click();
    await pageA.getByRole("dialog").getByRole("button", { name: "Secure now at £480.00 a load" }).click();
    await pageA.waitForURL("**/loads");
    await panel(pageB).getByText("This auction has closed.").waitFor();
    await panel(pageB).getByText("This job has been awarded. Your quote of £500.00 a load lost: it won no loads.").waitFor();
    expect(await pageB.getByRole("button", { name: /Secure now/ }).count()).toBe(0);
    expect(await pageB.getByRole("link", { name: "Place bid" }).count()).toBe(0);
    expect(await pageB.locator("#bid-form").count()).toBe(0);
    expect(await notReloaded(pageB)).toBe(true);
    await shoot(pageB, "06-carrier-b-auction-secured-by-a");
    await shoot(pageA, "06-carrier-a-secured");

    for (const page of [shipperPage, pageA, pageB]) await page.context().close();
  });
});
