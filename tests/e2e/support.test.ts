import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { db } from "#db/client.server.ts";
import { newPage, signInAs, startBrowserTest, type BrowserTest } from "../support/browser.ts";
import { awardedContract } from "../support/contract-fixtures.ts";
import { createShipper, createSupport } from "../support/fixtures.ts";

// The support chat: a person opens it from any page (300 ms toggle delay), writes, and support staff
// see it and answer live in /admin. And a carrier on a phone signs to accept a contract award in
// the e-signature embed, whose "completed" event submits the acceptance.

let test: BrowserTest;

beforeAll(async () => {
  test = await startBrowserTest();
});
afterAll(async () => {
  await test?.close();
});

/** Waits until the page's <turbo-cable-stream-source> elements are all subscribed. */
async function subscribed(page: Page) {
  await expect.poll(() => page.evaluate(() => [...document.querySelectorAll("turbo-cable-stream-source")].every((source) => source.hasAttribute("connected")))).toBe(true);
}

const controllerConnected = (page: Page, selector: string, identifier: string) =>
  expect
    .poll(() => page.evaluate(([s, id]) => Boolean(window.Stimulus.getControllerForElementAndIdentifier(document.querySelector(s!)!, id!)), [selector, identifier]))
    .toBe(true);

describe("support chat in a real browser", () => {
  it("opens 300 ms after a click; the person writes, support answers live from /admin, and back", async () => {
    const person = await createShipper({ name: "Petra Person", company: "Chatty Foods Ltd" });
    const staff = await createSupport({ name: "Stan Support" });
    const { page, context } = await newPage(test);
    await signInAs(page, person.email);
    await page.clock.install();
    await page.goto("/dashboard");
    await page.clock.pauseAt(Date.now() + 60_000);
    await controllerConnected(page, ".support-chat-widget", "support-chat");
    const button = page.getByRole("button", { name: "Help" });
    const panel = page.locator("#support_chat_panel");

    await button.click();
    await page.clock.runFor(299);
    expect(await panel.isHidden()).toBe(true);
    await page.clock.runFor(1);
    expect(await panel.isVisible()).toBe(true);
    expect(await button.getAttribute("aria-expanded")).toBe("true");
    await page.clock.resume();

    const support = await newPage(test);
    await signInAs(support.page, staff.email);
    await support.page.goto("/admin");
    await subscribed(support.page);

    await panel.getByLabel("Message to Loadline support").fill("My invoice is missing");
    await panel.getByRole("button", { name: "Send" }).click();
    await panel.locator(".support-message", { hasText: "My invoice is missing" }).waitFor();
    await expect.poll(() => panel.getByLabel("Message to Loadline support").inputValue()).toBe("");
    await subscribed(page);

    const row = support.page.locator("#support_inbox li", { hasText: "Petra Person" });
    await row.waitFor();
    expect(await row.locator(".badge").textContent()).toBe("1");
    await row.getByRole("link").click();
    await support.page.waitForURL(/\/admin\/support\/\d+$/);
    await support.page.locator(".support-message", { hasText: "My invoice is missing" }).waitFor();
    await subscribed(support.page);

    await support.page.getByLabel("Answer Petra Person").fill("Found it: it is under Account.");
    await panel.getByText("Stan Support is typing…").waitFor();
    await support.page.getByRole("button", { name: "Send" }).click();

    await panel.locator(".support-message", { hasText: "Found it: it is under Account." }).waitFor();
    await expect.poll(() => panel.getByText("Stan Support is typing…").count()).toBe(0);
    await expect.poll(() => page.locator("#support_chat_badge").textContent()).toBe("1");
    expect(await db().auditLog.count({ where: { action: "support.answer", actorId: staff.id, targetId: person.id } })).toBe(1);

    await panel.getByLabel("Message to Loadline support").fill("Thank you!");
    await panel.getByRole("button", { name: "Send" }).click();
    await support.page.locator(".support-message", { hasText: "Thank you!" }).waitFor();

    await button.click();
    await expect.poll(() => panel.isHidden()).toBe(true);
    await support.context.close();
    await context.close();
  });
});

describe("signing to accept a contract award on a phone", () => {
  it("the embed's 'completed' event (from the signing frame only) submits the acceptance at 390 px", async () => {
    const world = await awardedContract();
    const context = await test.browser.newContext({ baseURL: test.baseUrl, locale: "en-GB", timezoneId: "Europe/London", viewport: { width: 390, height: 844 }, hasTouch: true });
    const page = await context.newPage();
    page.on("pageerror", (error) => console.error("[browser error]", error.message));
    await signInAs(page, world.carrier.email);

    // The chat fits the phone's screen.
    await page.goto(`/jobs/${world.job.id}`);
    await page.getByRole("button", { name: "Help" }).click();
    await page.locator("#support_chat_panel").waitFor();
    const box = (await page.locator("#support_chat_panel").boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    await page.getByRole("button", { name: "Close the chat" }).click();

    await page.getByRole("link", { name: "Sign to accept" }).click();
    await page.waitForURL(`**/jobs/${world.job.id}/acceptance`);
    const frame = page.frameLocator("iframe.signing-frame");
    await frame.getByLabel("Your full name").waitFor();
    await controllerConnected(page, "#acceptance_form", "esignature");

    // A "completed" message from anywhere but the frame is ignored: the form is not sent.
    const posts: string[] = [];
    page.on("request", (request) => void (request.method() === "POST" && posts.push(new URL(request.url()).pathname)));
    await page.evaluate(() => window.postMessage({ event: "completed", signer_name: "Forger", signature_signed_id: "x", reference: "" }, "*"));
    await page.waitForTimeout(200);
    expect(posts).toEqual([]);

    await frame.getByLabel("Your full name").fill("Callum Wright");
    const canvas = frame.locator("canvas.signature-pad");
    await canvas.evaluate((element) => element.scrollIntoView({ block: "center" }));
    const pad = (await canvas.boundingBox())!;
    expect(pad.x + pad.width).toBeLessThanOrEqual(390);
    await page.mouse.move(pad.x + 30, pad.y + 120);
    await page.mouse.down();
    for (const [x, y] of [[90, 50], [150, 130], [220, 40], [300, 120]] as const) await page.mouse.move(pad.x + x, pad.y + y, { steps: 5 });
    await page.mouse.up();
    await frame.getByRole("button", { name: "Sign and accept" }).click();

    await page.locator(".flash-notice", { hasText: "Signed. The shipper has been told you accept the contract." }).waitFor();
    expect(await page.locator("h1").textContent()).toBe("Contract accepted: Chilled runs to Leeds");
    expect(posts).toContain(`/jobs/${world.job.id}/acceptance`);
    expect(await db().contractAcceptance.findMany({ where: { jobId: world.job.id } })).toEqual([
      expect.objectContaining({ signerName: "Callum Wright", provider: "drawn", signatureBlobId: expect.any(Number) }),
    ]);
    await context.close();
  });
});
