import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "#db/client.server.ts";
import { formatDateTime } from "#domain/format/dates.ts";
import { signInAs, startBrowserTest, type BrowserTest } from "../support/browser.ts";
import { createCarrier, createShipper } from "../support/fixtures.ts";
import { createAuctionJob, createJob } from "../support/job-fixtures.ts";

// Page behaviours built before their tests: each checked in Chromium on the product page that uses it.

let test: BrowserTest;
let shipper: Awaited<ReturnType<typeof createShipper>>;
let carrier: Awaited<ReturnType<typeof createCarrier>>;
let loadId: number;
let jobId: number;
beforeAll(async () => {
  test = await startBrowserTest();
  shipper = await createShipper({ company: "Behaviour Foods Ltd" });
  carrier = await createCarrier({ company: "Behaviour Haulage Ltd" });
  const job = await createJob(shipper.accountId, shipper.id, { status: "in_progress", reference: "Behaviour run: Hull to York" });
  jobId = job.id;
  loadId = (await db().load.create({ data: { jobId, sequence: 1, carrierAccountId: carrier.accountId, status: "assigned" } })).id;
});
afterAll(async () => {
  await test?.close();
});

async function signedIn(email: string, options: { timezoneId?: string } = {}) {
  const context = await test.browser.newContext({ baseURL: test.baseUrl, locale: "en-GB", timezoneId: options.timezoneId ?? "Europe/London" });
  const page = await context.newPage();
  page.on("pageerror", (error) => console.error("[browser error]", error.message));
  await signInAs(page, email);
  return { page, context };
}

const messageBox = (page: Page) => page.getByLabel("Message to Behaviour Haulage Ltd");

describe("page behaviours already built", () => {
  it("a local-time element shows the time in the viewer's own time zone", async () => {
    const open = await createJob(shipper.accountId, shipper.id, { reference: "Local time pallets" });
    const quote = await db().quote.create({ data: { jobId: open.id, carrierAccountId: carrier.accountId, placedById: carrier.id, valueCents: 41_000, numberOfLoads: 1, status: "active" } });
    const { page, context } = await signedIn(shipper.email, { timezoneId: "Asia/Tokyo" });
    await page.goto(`/jobs/${open.id}/quotes`);
    const time = page.locator(`time[data-controller="local-time"][datetime="${quote.updatedAt.toISOString()}"]`);
    const london = formatDateTime(quote.updatedAt, "Europe/London");
    const tokyo = formatDateTime(quote.updatedAt, "Asia/Tokyo");
    // The server writes London time; Tokyo is eight or nine hours ahead.
    expect(tokyo).not.toBe(london);
    await expect.poll(() => time.textContent()).toBe(tokyo);
    expect(await time.getAttribute("title")).toBe(`${tokyo} (Asia/Tokyo)`);
    await context.close();
  });

  it("the message box grows with its text and disables its button while a message is sent", async () => {
    const { page, context } = await signedIn(shipper.email);
    await page.goto(`/loads/${loadId}/messages`);
    const box = messageBox(page);
    const height = () => box.evaluate((area: HTMLTextAreaElement) => ({ style: area.style.height, scroll: area.scrollHeight }));
    await expect.poll(async () => (await height()).style).toMatch(/px$/);
    const before = await height();
    await box.fill(Array.from({ length: 8 }, (_, i) => `Line ${i + 1}`).join("\n"));
    const grown = await height();
    expect(parseFloat(grown.style)).toBeGreaterThan(parseFloat(before.style));
    expect(grown.style).toBe(`${grown.scroll + 2}px`);

    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(`**/loads/${loadId}/messages`, async (route) => {
      if (route.request().method() === "POST") await held;
      await route.continue();
    });
    const send = page.locator(".message-box").getByRole("button", { name: "Send" });
    // Disabled at once by the box itself, in the submit event: Turbo disables it too, but only
    // once its request has started, which leaves room for a second Enter.
    await send.evaluate((button: HTMLButtonElement) => {
      document.addEventListener("submit", () => Object.assign(window, { disabledAtSubmit: button.disabled }), { once: true });
    });
    await box.fill("Dock 4, after 10:00");
    await box.press("Enter");
    await expect.poll(() => page.evaluate(() => (window as unknown as { disabledAtSubmit?: boolean }).disabledAtSubmit)).toBe(true);
    expect(await send.isDisabled()).toBe(true);
    release();
    await page.locator(".message", { hasText: "Dock 4, after 10:00" }).waitFor();
    await expect.poll(() => send.isDisabled()).toBe(false);
    expect(await box.inputValue()).toBe("");
    await context.close();
  });

  it("expandable content is held to 256 px with 'Show more' when it overflows", async () => {
    const body = Array.from({ length: 40 }, (_, i) => `Paragraph ${i + 1} of a long notification about the collection.`).join(" ");
    await db().notification.create({ data: { userId: shipper.id, kind: "message", title: "A long note", body } });
    await db().notification.create({ data: { userId: shipper.id, kind: "message", title: "A short note", body: "Short." } });
    const { page, context } = await signedIn(shipper.email);
    await page.goto("/notifications");
    const long = page.locator(".notification-item", { hasText: "A long note" });
    const content = long.locator(".expandable-content");
    const toggle = long.getByRole("button", { name: "Show more" });
    await expect.poll(() => content.evaluate((element: HTMLElement) => element.style.maxHeight)).toBe("256px");
    expect(await content.evaluate((element: HTMLElement) => element.getBoundingClientRect().height)).toBeLessThanOrEqual(256);
    expect(await toggle.getAttribute("aria-expanded")).toBe("false");
    await toggle.click();
    const less = long.getByRole("button", { name: "Show less" });
    expect(await less.getAttribute("aria-expanded")).toBe("true");
    expect(await content.evaluate((element: HTMLElement) => [element.style.maxHeight, element.getBoundingClientRect().height > 256])).toEqual(["none", true]);
    const short = page.locator(".notification-item", { hasText: "A short note" });
    await expect.poll(() => short.locator(".expandable-content").evaluate((element: HTMLElement) => element.style.maxHeight)).toBe("256px");
    expect(await short.locator(".expandable-toggle").isHidden()).toBe(true);
    await context.close();
  });

  it("a countdown shows its ended message once the time passes", async () => {
    const opensAt = Date.now() + 30_000;
    await createAuctionJob(shipper.accountId, shipper.id, opensAt, opensAt + 3_600_000, { reference: "Countdown auction" });
    const { page, context } = await signedIn(shipper.email);
    await page.clock.install({ time: Date.now() });
    await page.goto("/dashboard");
    const countdown = page.locator(".dashboard-auctions li", { hasText: "Countdown auction" }).locator("time.countdown");
    await expect.poll(() => countdown.textContent()).toMatch(/^opens in 00:00:[23]\d$/);
    expect(await countdown.getAttribute("data-state")).toBe("running");
    await page.clock.fastForward(31_000);
    await expect.poll(() => countdown.textContent()).toBe("open now");
    expect(await countdown.getAttribute("data-state")).toBe("ended");
    await context.close();
  });

  it("the job form's multi-select says 'Searching...' while it loads, and names a missing or wrong element", async () => {
    const { page, context } = await signedIn(shipper.email);
    await page.addInitScript(() => {
      const errors: string[] = [];
      Object.assign(window, { connectErrors: errors });
      window.addEventListener("unhandledrejection", (event) => errors.push(String((event.reason as Error)?.message)));
    });
    await page.goto("/jobs/new");
    const select = page.locator("#job_vehicle_types");
    await page.locator("#job_vehicle_types-ts-control").waitFor();
    // A search that waits on a remote answer (never given here) shows the loading text.
    await select.evaluate((element) => {
      const widget = (element as HTMLSelectElement & { tomselect: { settings: { load: unknown } } }).tomselect;
      widget.settings.load = () => undefined;
    });
    await page.locator("#job_vehicle_types-ts-control").pressSequentially("Box");
    await page.locator(".ts-dropdown").getByText("Searching...", { exact: true }).waitFor();

    await page.evaluate(() => {
      document.querySelector("main")!.insertAdjacentHTML(
        "beforeend",
        `<div data-controller="tom-select" data-tom-select-selector-value="select.nowhere"></div>
         <div data-controller="tom-select" data-tom-select-selector-value=".not-a-select"><input class="not-a-select"></div>`,
      );
    });
    const errors = () => page.evaluate(() => [...(window as unknown as { connectErrors: string[] }).connectErrors].sort());
    await expect.poll(errors).toEqual(["Could not find select element", "Element isnt of type select"]);
    await context.close();
  });

  it("the live connection keeps Action Cable's defaults: stale after 6 s, reopened after 500 ms", async () => {
    const { page, context } = await signedIn(shipper.email);
    await page.goto("/dashboard");
    await expect.poll(() => page.locator("turbo-cable-stream-source[connected]").count(), { timeout: 10_000 }).toBeGreaterThan(0);
    const settings = await page.locator("turbo-cable-stream-source[connected]").first().evaluate((source) => {
      type Connection = { monitor: { constructor: { staleThreshold: number } }; constructor: { reopenDelay: number }; isOpen(): boolean };
      const connection = (source as unknown as { subscription: { consumer: { connection: Connection } } }).subscription.consumer.connection;
      return { staleThreshold: connection.monitor.constructor.staleThreshold, reopenDelay: connection.constructor.reopenDelay, open: connection.isOpen() };
    });
    expect(settings).toEqual({ staleThreshold: 6, reopenDelay: 500, open: true });
    await context.close();
  });
});
