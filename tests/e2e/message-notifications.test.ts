import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { db } from "#db/client.server.ts";
import { newPage, signInAs, startBrowserTest, type BrowserTest } from "../support/browser.ts";
import { createCarrier, createShipper } from "../support/fixtures.ts";
import { createJob } from "../support/job-fixtures.ts";

// Two browsers: the shipper writes; the carrier has the load's conversation open in one tab and the
// dashboard in another. The open conversation shows the message and pops no card for it; the other
// tab gets the card; and reading it in the thread clears the notification too (one unread, not two).

let test: BrowserTest;
let shipper: Awaited<ReturnType<typeof createShipper>>;
let carrier: Awaited<ReturnType<typeof createCarrier>>;
let loadId: number;

beforeAll(async () => {
  test = await startBrowserTest();
  shipper = await createShipper({ name: "Sue Sender", company: "Quiet Foods Ltd" });
  carrier = await createCarrier({ name: "Cal Reader", company: "Quiet Haulage Ltd" });
  const job = await createJob(shipper.accountId, shipper.id, { status: "awarded", reference: "Quiet run: Hull to York" });
  loadId = (await db().load.create({ data: { jobId: job.id, sequence: 1, carrierAccountId: carrier.accountId, status: "assigned" } })).id;
});
afterAll(async () => {
  await test?.close();
});

async function live(page: Page, streams: number) {
  await expect.poll(() => page.locator("turbo-cable-stream-source[connected]").count(), { timeout: 10_000 }).toBe(streams);
}
const cards = (page: Page) => page.locator("#notification_cards .notification-card");
const notificationBadge = (page: Page) => page.locator("#nav_notifications_badge");

describe("a message in the conversation the person has open", () => {
  it("pops no card there, pops one elsewhere, and reading it in the thread reads its notification", async () => {
    const { context: carrierContext, page: reading } = await newPage(test);
    await signInAs(reading, carrier.email);
    const elsewhere = await carrierContext.newPage();
    await elsewhere.goto("/dashboard");
    await reading.goto(`/loads/${loadId}/messages`);
    await Promise.all([live(reading, 3), live(elsewhere, 2)]);
    expect([await notificationBadge(reading).textContent(), await notificationBadge(elsewhere).textContent()]).toEqual(["0", "0"]);

    const { page: writing } = await newPage(test);
    await signInAs(writing, shipper.email);
    await writing.goto(`/loads/${loadId}/messages`);
    await live(writing, 3);
    await writing.getByLabel("Message to Quiet Haulage Ltd").fill("Dock 7, ask for Mo");
    await writing.getByLabel("Message to Quiet Haulage Ltd").press("Enter");

    // The other tab shows the card, so it was pushed to this person; the open conversation shows the message instead.
    await cards(elsewhere).filter({ hasText: "Sue Sender (Quiet Foods Ltd)" }).waitFor();
    await reading.locator(".message", { hasText: "Dock 7, ask for Mo" }).waitFor();
    expect(await cards(reading).count()).toBe(0);

    // Shown in the thread, it is read, and its notification with it: both tabs' notification badges go back to 0.
    await expect.poll(() => db().notification.count({ where: { userId: carrier.id, kind: "message", readAt: null } })).toBe(0);
    await expect.poll(() => notificationBadge(elsewhere).textContent()).toBe("0");
    await expect.poll(() => notificationBadge(reading).textContent()).toBe("0");
    expect(await reading.locator("#nav_messages_badge").textContent()).toBe("0");
    await carrierContext.close();
    await writing.context().close();
  });
});
