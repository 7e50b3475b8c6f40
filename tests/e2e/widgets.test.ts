import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { db } from "#db/client.server.ts";
import { loadStream } from "#domain/messaging/streams.ts";
import { refreshStream } from "#lib/turbo.server.ts";
import { broadcastTo } from "#lib/broadcast.server.ts";
import { newPage, signInAs, startBrowserTest, type BrowserTest } from "../support/browser.ts";
import { createCarrier, createShipper, createUser } from "../support/fixtures.ts";
import { createAuctionJob, createJob } from "../support/job-fixtures.ts";

// The page widgets where they are used: tooltips on status badges and certification codes, the
// dashboard's first-run tips, the lazily streamed notifications tray, load timeline and older
// notifications, the reloading frame behind "Mark all as read", the board's reload trigger and the
// address kept in step with the board's filters.

const STREAM = "text/vnd.turbo-stream.html";
const HOUR = 3_600_000;

let test: BrowserTest;
let shipper: Awaited<ReturnType<typeof createShipper>>;
let carrier: Awaited<ReturnType<typeof createCarrier>>;

beforeAll(async () => {
  test = await startBrowserTest();
  shipper = await createShipper({ name: "Wanda Widget", company: "Widget Foods Ltd" });
  carrier = await createCarrier({ name: "Walt Wheeler", company: "Widget Haulage Ltd" });
});
afterAll(async () => {
  await test?.close();
});

async function signedIn(email: string) {
  const opened = await newPage(test);
  await signInAs(opened.page, email);
  return opened;
}

const tooltipBox = (page: Page) => page.locator("[data-tippy-root] .tippy-box");

describe("tooltips", () => {
  it("explain a board's auction badge 150 ms after hover, with the tooltip constants, and stay open while pointed at", async () => {
    await createAuctionJob(shipper.accountId, shipper.id, Date.now() - HOUR, Date.now() + 5 * HOUR, { reference: "Tooltip auction", loadType: "ibc", requiredCertifications: JSON.stringify(["adr", "fors_silver"]) });
    const { page, context } = await signedIn(carrier.email);
    await page.clock.install();
    await page.goto("/jobs?load_type=ibc");
    const row = page.locator("tr", { hasText: "Tooltip auction" });
    const pill = row.locator(".status-pill[data-status=live]");
    await expect.poll(() => pill.getAttribute("tabindex")).toBe("0"); // tippy is loaded and the badge is focusable
    await page.clock.pauseAt(Date.now() + 1000);

    await pill.hover();
    await page.clock.runFor(140);
    expect(await tooltipBox(page).count()).toBe(0);
    await page.clock.runFor(20);
    await tooltipBox(page).waitFor();
    await page.clock.runFor(50);
    expect(await tooltipBox(page).textContent()).toBe("The auction is running: carriers can bid, or secure every load at the secure now price.");
    const shown = await pill.evaluate((reference: HTMLElement) => {
      const root = document.querySelector<HTMLElement>("[data-tippy-root]")!;
      const box = root.querySelector<HTMLElement>(".tippy-box")!;
      return {
        zIndex: root.style.zIndex,
        maxWidth: box.style.maxWidth,
        duration: box.style.transitionDuration,
        gap: Math.round(reference.getBoundingClientRect().top - box.getBoundingClientRect().bottom),
        describedBy: reference.getAttribute("aria-describedby") === root.id,
      };
    });
    expect(shown).toEqual({ zIndex: "9999", maxWidth: "350px", duration: "300ms", gap: 10, describedBy: true });

    // Interactive: the pointer can move onto the tooltip without closing it.
    const box = await tooltipBox(page).boundingBox();
    await page.mouse.move(box!.x + box!.width / 2, box!.y + box!.height / 2);
    await page.clock.runFor(1000);
    expect(await tooltipBox(page).getAttribute("data-state")).toBe("visible");
    // Leaving it hides it after the delay, with the hide duration.
    await page.mouse.move(0, 0);
    await page.clock.runFor(160);
    expect(await tooltipBox(page).evaluate((element: HTMLElement) => [element.dataset.state, element.style.transitionDuration])).toEqual(["hidden", "250ms"]);
    await context.close();
  });

  it("open at once on keyboard focus, and render the server's HTML for certification codes", async () => {
    await createJob(shipper.accountId, shipper.id, { reference: "Certified drums", loadType: "drums", requiredCertifications: JSON.stringify(["adr", "temperature_controlled"]) });
    const { page, context } = await signedIn(carrier.email);
    await page.clock.install();
    await page.goto("/jobs?load_type=drums");
    const row = page.locator("tr", { hasText: "Certified drums" });
    expect(await row.locator(".cert-badge").allTextContents()).toEqual(["ADR", "ATP"]);
    const adr = row.locator(".cert-badge", { hasText: "ADR" });
    await expect.poll(() => adr.getAttribute("tabindex")).toBe("0");
    await page.clock.pauseAt(Date.now() + 1000);

    // tippy skips the hover delay for keyboard focus: the tooltip opens at once (no time passes here).
    await adr.focus();
    await tooltipBox(page).waitFor();
    expect(await tooltipBox(page).locator(".tippy-content strong").textContent()).toBe("ADR (dangerous goods)");
    expect(await tooltipBox(page).textContent()).toBe("ADR (dangerous goods) Driver and vehicle approved to carry dangerous goods by road under the ADR agreement.");
    await adr.blur();
    await page.clock.runFor(200);
    await expect.poll(() => tooltipBox(page).evaluate((element) => (element as HTMLElement).dataset.state).catch(() => "gone")).not.toBe("visible");
    await context.close();
  });

  it("explain the shipper's job statuses and the carrier's quote states", async () => {
    // Collected furthest ahead of all: first on the board sorted by latest collection.
    const job = await createJob(shipper.accountId, shipper.id, { reference: "Quoted tender", startDate: new Date("2099-01-01T00:00:00Z") });
    await db().quote.create({ data: { jobId: job.id, carrierAccountId: carrier.accountId, placedById: carrier.id, valueCents: 50_000, numberOfLoads: 1, status: "active" } });

    const office = await signedIn(shipper.email);
    await office.page.goto("/jobs?status=open");
    const open = office.page.locator("tr", { hasText: "Quoted tender" }).locator(".status-pill");
    await expect.poll(() => open.getAttribute("tabindex")).toBe("0");
    await open.focus();
    await expect.poll(() => tooltipBox(office.page).textContent()).toBe("Published as an open tender: carriers can quote until you award it.");
    await office.context.close();

    const { page, context } = await signedIn(carrier.email);
    await page.goto("/quotes");
    const state = page.locator("tr", { hasText: "Quoted tender" }).locator(".status-pill");
    await expect.poll(() => state.getAttribute("tabindex")).toBe("0");
    await state.hover();
    await expect.poll(() => tooltipBox(page).textContent()).toBe("The allocation rules give this quote loads as the quotes stand now.");
    await page.goto("/jobs?sort=latest");
    const quoted = page.locator("tr", { hasText: "Quoted tender" }).locator(".quoted-badge");
    await expect.poll(() => quoted.getAttribute("tabindex")).toBe("0");
    await quoted.focus();
    await expect.poll(() => tooltipBox(page).textContent()).toBe("Your company's active quote on this job. Open the job to change or withdraw it.");
    await context.close();
  });
});

describe("first-run tips", () => {
  it("are hidden until shown, and once dismissed (from the keyboard) never show again in this browser", async () => {
    const { page, context } = await signedIn(shipper.email);
    const served = await page.request.get("/dashboard");
    expect(await served.text()).toMatch(/<div id="tip-shipper-post-job-1" class="tip-banner" role="note" hidden data-controller="dismissible"/);

    await page.goto("/dashboard");
    const tip = page.locator("#tip-shipper-post-job-1");
    await tip.waitFor();
    expect(await page.locator(".tip-banner:visible").count()).toBe(3);
    await tip.getByRole("button", { name: "Dismiss this tip" }).focus();
    await page.keyboard.press("Enter");
    await tip.waitFor({ state: "hidden" });
    expect(await page.evaluate(() => localStorage.getItem("dismissed:tip-shipper-post-job-1"))).toBe("1");

    for (const visit of [() => page.reload(), () => page.goto("/jobs").then(() => page.getByRole("link", { name: "Dashboard" }).click())]) {
      await visit();
      await page.locator("#tip-shipper-allocation-1").waitFor();
      expect(await tip.isHidden()).toBe(true);
      expect(await page.locator(".tip-banner:visible").count()).toBe(2);
    }
    await context.close();

    // Another browser has not dismissed it; a carrier gets the carrier's tips.
    const other = await signedIn(shipper.email);
    await other.page.goto("/dashboard");
    await other.page.locator("#tip-shipper-post-job-1").waitFor();
    await other.context.close();
    const office = await signedIn(carrier.email);
    await office.page.goto("/dashboard");
    await office.page.locator("#tip-carrier-saved-search-1").waitFor();
    expect(await office.page.locator("#tip-carrier-team-1").isVisible()).toBe(true);
    await office.context.close();
  });
});

describe("lazy stream loader", () => {
  it("fills the notifications tray on first opening, asking for a Turbo Stream", async () => {
    await db().notification.create({ data: { userId: carrier.id, kind: "awarded", title: "Tray by stream", body: "" } });
    const { page, context } = await signedIn(carrier.email);
    const asked: string[] = [];
    page.on("request", (request) => {
      if (request.url().endsWith("/notifications/tray")) asked.push(request.headers().accept ?? "");
    });
    await page.goto("/quotes");
    await page.waitForTimeout(300);
    expect(asked).toEqual([]); // closed: nothing fetched yet
    await page.locator(".nav-notifications summary").click();
    await page.locator("#notifications_tray .notification", { hasText: "Tray by stream" }).waitFor();
    expect(asked).toEqual([STREAM]);
    expect(await page.locator("#notifications_tray").getAttribute("complete")).toBe("");
    await context.close();
  });

  it("fills the load timeline from GET /loads/:id/timeline, and again after the page refreshes live", async () => {
    const job = await createJob(shipper.accountId, shipper.id, { status: "in_progress", reference: "Timeline run" });
    const load = await db().load.create({ data: { jobId: job.id, sequence: 1, carrierAccountId: carrier.accountId, status: "collected", collectedAt: new Date("2027-03-03T09:15:00Z") } });
    const { page, context } = await signedIn(shipper.email);
    const asked = page.waitForRequest((request) => request.url().endsWith(`/loads/${load.id}/timeline`));
    await page.goto(`/loads/${load.id}`);
    expect((await asked).headers().accept).toBe(STREAM);
    const timeline = page.locator(`#load_timeline_${load.id}`);
    await timeline.getByText("Collected").waitFor();
    expect(await timeline.locator("h3").textContent()).toBe("On the road");
    await expect.poll(() => page.locator("turbo-cable-stream-source[connected]").count(), { timeout: 10_000 }).toBeGreaterThan(0);

    await db().load.update({ where: { id: load.id }, data: { status: "delivered", deliveredAt: new Date("2027-03-04T14:30:00Z") } });
    await broadcastTo(loadStream(load.id), refreshStream());
    await timeline.getByText("Delivered").waitFor();
    expect(await timeline.locator("li").count()).toBe(2);
    await context.close();
  });
});

describe("reloading frame, load and reload triggers, replace-history", () => {
  it("'Mark all as read' in the tray refreshes the page in place through a reloading frame", async () => {
    const reader = await createUser("carrier", { accountId: carrier.accountId, role: "member", name: "Rita Reader" });
    for (const title of ["Unread one", "Unread two"]) await db().notification.create({ data: { userId: reader.id, kind: "awarded", title, body: "" } });
    const { page, context } = await signedIn(reader.email);
    await page.goto("/quotes");
    expect(await page.locator("#nav_notifications_badge").textContent()).toBe("2");
    await page.evaluate(() => Object.assign(window, { mainBefore: document.querySelector("main") }));
    const refreshed = page.waitForRequest((request) => new URL(request.url()).pathname === "/quotes");
    await page.locator(".nav-notifications summary").click();
    await page.getByRole("button", { name: "Mark all as read" }).click();
    await refreshed;
    await expect.poll(() => page.locator("#nav_notifications_badge").textContent()).toBe("0");
    expect(new URL(page.url()).pathname).toBe("/quotes");
    // Morphed in place: the same <main> element, not a new page.
    expect(await page.evaluate(() => (window as unknown as { mainBefore: Element }).mainBefore === document.querySelector("main"))).toBe(true);
    expect(await page.locator("#notifications_reload").count()).toBe(0);
    await context.close();
  });

  it("'Show older notifications' loads the next page as a stream when it scrolls into view", async () => {
    const reader = await createUser("carrier", { accountId: carrier.accountId, role: "member", name: "Oliver Older" });
    const start = Date.now() - 40 * HOUR;
    await db().notification.createMany({ data: Array.from({ length: 35 }, (_, i) => ({ userId: reader.id, kind: "awarded", title: `Note ${String(i + 1).padStart(2, "0")}`, body: "", createdAt: new Date(start + i * HOUR) })) });
    const { page, context } = await signedIn(reader.email);
    await page.goto("/notifications");
    expect(await page.locator("#notifications .notification-item").count()).toBe(30);
    const more = page.getByRole("link", { name: "Show older notifications" });
    expect(await more.getAttribute("href")).toBe("/notifications?page=2");
    const asked = page.waitForRequest((request) => request.url().endsWith("/notifications?page=2"));
    await more.scrollIntoViewIfNeeded();
    expect((await asked).headers().accept).toContain(STREAM);
    await expect.poll(() => page.locator("#notifications .notification-item").count()).toBe(35);
    expect(await page.locator("#notifications .notification-item").last().textContent()).toContain("Note 01");
    expect(await more.count()).toBe(0);
    expect(new URL(page.url()).search).toBe("");
    await context.close();
  });

  it("the board reloads itself when a live auction on it closes", async () => {
    const closes = Date.now() + HOUR;
    const job = await createAuctionJob(shipper.accountId, shipper.id, Date.now() - HOUR, closes, { reference: "Closing soon", loadType: "without_pallets" });
    const { page, context } = await signedIn(carrier.email);
    await page.clock.install();
    await page.goto("/jobs?load_type=without_pallets");
    const row = page.locator("tr", { hasText: "Closing soon" });
    await row.waitFor();
    expect(await page.locator("[data-controller=reload-trigger]").getAttribute("data-reload-trigger-at-value")).toBe(new Date(closes + 2000).toISOString());
    await db().job.update({ where: { id: job.id }, data: { status: "closed" } }); // as the auction clock does
    await page.clock.runFor(closes - Date.now() - 5_000);
    expect(await row.count()).toBe(1);
    await page.clock.runFor(10_000);
    await row.waitFor({ state: "detached" });
    expect(new URL(page.url()).search).toBe("?load_type=without_pallets");
    await context.close();
  });

  it("the board's filters apply in place and the address follows them; the sort waits for Show jobs like the others", async () => {
    await createJob(shipper.accountId, shipper.id, { reference: "Drum run A", loadType: "drums", publishedAt: new Date(Date.now() - HOUR) });
    await createJob(shipper.accountId, shipper.id, { reference: "Drum run B", loadType: "drums", publishedAt: new Date() });
    const { page, context } = await signedIn(carrier.email);
    await page.goto("/jobs");
    await page.evaluate(() => document.body.setAttribute("data-same-page", "yes"));
    await page.getByLabel("Load type").selectOption("drums");
    await page.getByRole("button", { name: "Show jobs" }).click();
    await page.waitForURL((url) => url.search === "?load_type=drums");
    await page.getByText("matching your filters").waitFor();
    expect(await page.locator("body").getAttribute("data-same-page")).toBe("yes"); // the frame changed, not the page
    expect(await page.locator("tbody tr").evaluateAll((rows) => rows.every((row) => row.textContent!.includes("Drum") || row.textContent!.includes("drum")))).toBe(true);

    // Reloading shows the same filtered board, from the address.
    await page.reload();
    expect(await page.getByLabel("Load type").inputValue()).toBe("drums");

    // Sort by waits for "Show jobs" like every other filter.
    await page.getByLabel("Sort by").selectOption({ label: "Newest posted" });
    await page.getByRole("button", { name: "Show jobs" }).click();
    await page.waitForURL((url) => url.search === "?load_type=drums&sort=newest");
    await page.getByText("Sorted by newest posted.").waitFor();
    expect(await page.getByLabel("Load type").inputValue()).toBe("drums");
    await context.close();
  });
});
