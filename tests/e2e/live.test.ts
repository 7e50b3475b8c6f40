import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Locator, Page } from "playwright-core";
import { db } from "#db/client.server.ts";
import { postMessage, requireConversation } from "#models/messages.server.ts";
import { findUserWithAccount } from "#models/users.server.ts";
import { type BrowserTest, signedInPage, signInAs, startBrowserTest } from "../support/browser.ts";
import { createCarrier, createShipper, createUser } from "../support/fixtures.ts";
import { createJob } from "../support/job-fixtures.ts";

// Two people in two browsers: a shipper and the carrier on one of their loads, talking live.

let test: BrowserTest;
let shipper: Awaited<ReturnType<typeof createShipper>>;
let carrier: Awaited<ReturnType<typeof createCarrier>>;
let loadId: number;

beforeAll(async () => {
  test = await startBrowserTest();
  shipper = await createShipper({ name: "Sally Sender", company: "Live Foods Ltd" });
  carrier = await createCarrier({ name: "Carl Carrier", company: "Live Haulage Ltd" });
  const job = await createJob(shipper.accountId, shipper.id, { status: "in_progress", reference: "Live run: Hull to York" });
  loadId = (await db().load.create({ data: { jobId: job.id, sequence: 1, carrierAccountId: carrier.accountId, status: "assigned" } })).id;
  // Earlier (read) history, enough to make the message list scroll.
  for (let i = 1; i <= 8; i++) {
    const [from, to] = i % 2 ? [shipper, carrier] : [carrier, shipper];
    const body = `Earlier note ${i}: collection window, dock number and paperwork details for the run, confirmed by both sides.`;
    await db().message.create({ data: { jobId: job.id, loadId, fromUserId: from.id, fromAccountId: from.accountId, toAccountId: to.accountId, body, readAt: new Date() } });
  }
});
afterAll(async () => {
  await test?.close();
});

const signedIn = (email: string) => signedInPage(test, email);

/** Waits until the page's <turbo-cable-stream-source> elements are all subscribed. */
async function live(page: Page, streams: number) {
  await expect.poll(() => page.locator("turbo-cable-stream-source[connected]").count(), { timeout: 10_000 }).toBe(streams);
}

const navBadge = (page: Page) => page.locator("#nav_messages_badge");
const conversationPath = () => `/loads/${loadId}/messages`;

describe("live messaging, typing notices and notifications", () => {
  it("delivers a message to the other side at once, counts it on the badge, and reading clears it", async () => {
    const shipperPage = await signedIn(shipper.email);
    const carrierPage = await signedIn(carrier.email);
    await carrierPage.goto("/messages");
    await live(carrierPage, 2);
    expect(await navBadge(carrierPage).textContent()).toBe("0");
    expect(await navBadge(carrierPage).getAttribute("class")).not.toContain("badge-unread");

    await shipperPage.goto(conversationPath());
    await live(shipperPage, 3);
    const box = shipperPage.getByLabel("Message to Live Haulage Ltd");
    await box.fill("Gate code is 4411");
    await box.press("Enter");
    await shipperPage.locator(".message", { hasText: "Gate code is 4411" }).waitFor();
    await expect.poll(() => box.inputValue()).toBe("");

    await expect.poll(() => navBadge(carrierPage).textContent()).toBe("1");
    await expect.poll(() => navBadge(carrierPage).getAttribute("class")).toContain("badge-unread");
    await carrierPage.locator("#notification_cards .notification-card", { hasText: "Sally Sender (Live Foods Ltd)" }).waitFor();

    await box.fill("Ask for Mark");
    await box.press("Shift+Enter");
    await box.type("at goods-in");
    expect(await box.inputValue()).toBe("Ask for Mark\nat goods-in");
    await box.press("Control+Enter");
    await expect.poll(() => navBadge(carrierPage).textContent()).toBe("2");
    expect(await shipperPage.locator(".message", { hasText: "Gate code is 4411" }).count()).toBe(1); // the answer and the broadcast are one element

    await navBadge(carrierPage).click();
    await carrierPage.waitForURL("**/messages");
    await carrierPage.getByRole("link", { name: /Load 1 of Live run: Hull to York/ }).click();
    await carrierPage.waitForURL(`**${conversationPath()}`);
    await carrierPage.locator(".message", { hasText: "at goods-in" }).waitFor();

    // Two reads, a badge broadcast and the read responses arrive in any order: the badge settles on 0.
    await expect.poll(() => navBadge(carrierPage).textContent()).toBe("0");
    await expect.poll(() => navBadge(carrierPage).getAttribute("class")).not.toContain("badge-unread");
    await expect.poll(() => carrierPage.locator(".message-unread").count()).toBe(0);
    expect(await carrierPage.locator(".conversation-unread-badge").textContent()).toBe("0");
    expect(await db().message.count({ where: { loadId, toAccountId: carrier.accountId, readAt: null } })).toBe(0);
    const list = carrierPage.locator(".message-list");
    const fromEnd = () => list.evaluate((el) => el.scrollHeight - el.scrollTop - el.clientHeight);
    expect(await list.evaluate((el) => el.scrollHeight > el.clientHeight)).toBe(true);
    expect(await fromEnd()).toBeLessThan(2);
    // The newest entry stays in view after the window is resized (after 100 ms).
    await list.evaluate((el) => (el.scrollTop = 0));
    await carrierPage.setViewportSize({ width: 480, height: 800 });
    await expect.poll(fromEnd).toBeLessThan(2);
    await shipperPage.context().close();
    await carrierPage.context().close();
  });

  it("counts a colleague's message on the badge, and reading it sends the receipt for this user alone", async () => {
    const colleague = await createUser("shipper", { role: "member", accountId: shipper.accountId, name: "Colin Colleague" });
    const colleaguePage = await signedIn(colleague.email);
    await colleaguePage.goto("/messages");
    await live(colleaguePage, 2);
    expect(await navBadge(colleaguePage).textContent()).toBe("0");

    const sender = (await findUserWithAccount(shipper.id))!;
    await postMessage(await requireConversation(sender, { kind: "load", loadId }), sender, { body: "Booked the 9am slot" });

    await expect.poll(() => navBadge(colleaguePage).textContent()).toBe("1");
    await colleaguePage.goto(conversationPath());
    await colleaguePage.locator(".message", { hasText: "Booked the 9am slot" }).waitFor();
    await expect.poll(() => db().messageRead.count({ where: { userId: colleague.id, message: { body: "Booked the 9am slot" } } })).toBe(1);
    await expect.poll(() => navBadge(colleaguePage).textContent()).toBe("0");
    await expect.poll(() => colleaguePage.locator(".message-unread").count()).toBe(0);
    // The colleague's receipt is theirs: the carrier has still to read it.
    expect(await db().message.count({ where: { body: "Booked the 9am slot", readAt: null } })).toBe(1);
    await colleaguePage.context().close();
  });

  it("shows the other side that someone is typing, and the notice goes by itself after 10 s", { timeout: 60_000 }, async () => {
    const shipperPage = await signedIn(shipper.email);
    const carrierPage = await signedIn(carrier.email);
    await Promise.all([shipperPage.goto(conversationPath()), carrierPage.goto(conversationPath())]);
    await Promise.all([live(shipperPage, 3), live(carrierPage, 3)]);

    await carrierPage.getByLabel("Message to Live Foods Ltd").pressSequentially("On our way", { delay: 20 });
    const notice = shipperPage.getByText("Carl Carrier is typing…");
    await notice.waitFor();
    const shownAt = Date.now();
    expect(await carrierPage.locator(".typing-notice").count()).toBe(0); // one's own notice is removed at once

    await notice.waitFor({ state: "detached", timeout: 15_000 });
    const lifetime = Date.now() - shownAt;
    expect(lifetime).toBeGreaterThan(8_500);
    expect(lifetime).toBeLessThan(12_500);

    await carrierPage.getByLabel("Message to Live Foods Ltd").press("Enter");
    await shipperPage.locator(".message", { hasText: "On our way" }).waitFor();
    await expect.poll(() => db().message.count({ where: { loadId, body: "On our way", readAt: { not: null } } })).toBe(1); // read where it appeared
    expect(await navBadge(shipperPage).textContent()).toBe("0");
    await shipperPage.context().close();
    await carrierPage.context().close();
  });

  it("brings the shipper a notification card the moment a carrier quotes, and a fresh tray after the back button", async () => {
    const job = await createJob(shipper.accountId, shipper.id, { status: "open", reference: "Live tender: Leeds to Bristol" });
    const shipperPage = await signedIn(shipper.email);
    const carrierPage = await signedIn(carrier.email);
    await shipperPage.goto("/notifications");
    await live(shipperPage, 2);
    const unreadBefore = Number(await shipperPage.locator("#nav_notifications_badge").textContent());

    await carrierPage.goto(`/jobs/${job.id}`);
    await carrierPage.getByLabel("Price per load (£)").fill("450");
    await carrierPage.getByLabel("Number of loads").fill("1");
    await carrierPage.getByRole("button", { name: "Place quote" }).click();

    const card = shipperPage.locator("#notification_cards .notification-card", { hasText: "New quote on Live tender: Leeds to Bristol" });
    await card.waitFor();
    expect(await card.textContent()).toContain("Live Haulage Ltd quoted £450.00 per load for 1 load.");
    // Every line of the card is readable on the card (it arrives inside the header, whose text is white).
    for (const part of [card.locator(".notification-title"), card.locator("p"), card.locator("time")]) expect(await contrastOnCard(part)).toBeGreaterThanOrEqual(4.5);
    // And clear of the Help button, which floats in the same corner.
    const [cardBox, helpBox] = [await card.boundingBox(), await shipperPage.locator(".support-chat-button").boundingBox()];
    expect(cardBox!.y + cardBox!.height).toBeLessThanOrEqual(helpBox!.y);
    await expect.poll(() => shipperPage.locator("#nav_notifications_badge").textContent()).toBe(String(unreadBefore + 1));
    expect(await shipperPage.locator("#notifications .notification-item", { hasText: "Live tender" }).count()).toBe(1);
    await card.getByRole("button", { name: "Dismiss" }).click();
    await card.waitFor({ state: "detached" });

    // The dropdown loads once ('complete'); the marker is cleared before Turbo caches the page.
    await shipperPage.locator(".nav-notifications summary").click();
    await shipperPage.locator("#notifications_tray .notification", { hasText: "Live tender" }).waitFor();
    await expect.poll(() => shipperPage.locator("#notifications_tray").getAttribute("complete")).not.toBeNull();
    await shipperPage.getByRole("link", { name: "Messages" }).first().click();
    await shipperPage.waitForURL("**/messages");
    await db().notification.create({ data: { userId: shipper.id, kind: "awarded", title: "Arrived while away", body: "" } });
    await shipperPage.goBack();
    await shipperPage.waitForURL("**/notifications");
    expect(await shipperPage.locator("#notifications_tray").getAttribute("complete")).toBeNull();
    await shipperPage.locator(".nav-notifications summary").click();
    await shipperPage.locator("#notifications_tray .notification", { hasText: "Arrived while away" }).waitFor();
    await shipperPage.context().close();
    await carrierPage.context().close();
  });

  it("speaks to the native wrapper through the bridge (setTitle, showNotificationBadge), and leaves browsers alone", async () => {
    const browserPage = await signedIn(carrier.email);
    await browserPage.goto("/messages");
    await live(browserPage, 2);
    expect(await browserPage.evaluate(() => "HotwireNative" in window)).toBe(false); // the bridge is not even downloaded

    const context = await test.browser.newContext({ baseURL: test.baseUrl, userAgent: "Loadline/1.0 (iPhone) Hotwire Native iOS; bridge-components: [title badge]" });
    const nativePage = await context.newPage();
    await signInAs(nativePage, carrier.email);
    await nativePage.goto("/messages");
    await nativePage.waitForFunction(() => "HotwireNative" in window && document.querySelector("[data-controller~='bridge--badge']") !== null);
    await live(nativePage, 2); // subscribed before the message below is broadcast
    // What the iOS app does when its web view loads: it gives the bridge an adapter, which receives the queued messages.
    await nativePage.evaluate(() => {
      const scope = window as unknown as { bridged: unknown[]; HotwireNative: { web: { setAdapter(adapter: unknown): void } } };
      scope.bridged = [];
      scope.HotwireNative.web.setAdapter({
        platform: "ios",
        supportedComponents: ["title", "badge"],
        supportsComponent: (component: string) => component === "title" || component === "badge",
        receive: ({ component, event, data }: { component: string; event: string; data: Record<string, unknown> }) => {
          const { metadata: _metadata, ...rest } = data;
          scope.bridged.push({ component, event, data: rest });
        },
      });
    });
    const unreadNotifications = await db().notification.count({ where: { userId: carrier.id, readAt: null } });
    const bridged = () => nativePage.evaluate(() => (window as unknown as { bridged: unknown[] }).bridged);
    await expect.poll(bridged).toEqual(
      expect.arrayContaining([
        { component: "title", event: "setTitle", data: { title: "Messages" } },
        { component: "badge", event: "showNotificationBadge", data: { icon: false, tab: "messages" } },
        { component: "badge", event: "showNotificationBadge", data: { icon: unreadNotifications > 0, tab: "notifications" } },
      ]),
    );

    const sender = (await findUserWithAccount(shipper.id))!;
    await postMessage(await requireConversation(sender, { kind: "load", loadId }), sender, { body: "Are you close?" });

    await expect.poll(bridged).toContainEqual({ component: "badge", event: "showNotificationBadge", data: { icon: true, tab: "messages" } });
    await context.close();
    await browserPage.context().close();
  });
});

/** WCAG contrast ratio of an element's text colour against its notification card's background. */
function contrastOnCard(element: Locator): Promise<number> {
  return element.evaluate((node) => {
    const rgb = (css: string) => (css.match(/[\d.]+/g) ?? []).slice(0, 3).map(Number);
    const luminance = (css: string) => {
      const [r = 0, g = 0, b = 0] = rgb(css).map((v) => v / 255).map((v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4));
      return 0.2126 * r + 0.7152 * g + 0.0722 * b;
    };
    const text = luminance(getComputedStyle(node).color);
    const card = luminance(getComputedStyle(node.closest(".notification")!).backgroundColor);
    return (Math.max(text, card) + 0.05) / (Math.min(text, card) + 0.05);
  });
}
