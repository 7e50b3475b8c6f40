import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Locator, Page } from "playwright-core";
import { db } from "#db/client.server.ts";
import { controllerConnected, newPage, signInAs, startBrowserTest, type BrowserTest } from "../support/browser.ts";
import { createShipper } from "../support/fixtures.ts";
import { realPng } from "../support/files.ts";
import { lettersTo } from "../support/outbox.ts";

// A shipper with its own lorries: the admin invites a driver, who joins on a phone; the office posts
// a single load for that driver, and the driver collects and delivers it with a photo as proof.

let test: BrowserTest;
let admin: Awaited<ReturnType<typeof createShipper>>;
const DRIVER_EMAIL = `own.fleet.driver.${Date.now()}@test.example`;
const REFERENCE = "Bread to Bristol, own lorry";

beforeAll(async () => {
  test = await startBrowserTest();
  admin = await createShipper({ name: "Rhian Retail", company: "Own Fleet Bakery" });
});
afterAll(async () => {
  await test?.close();
});

/** Types into an address field and picks the suggestion with this label. */
async function chooseAddress(page: Page, field: Locator, typed: string, label: string) {
  await field.click();
  await field.pressSequentially(typed, { delay: 20 });
  const option = page.getByRole("option", { name: label, exact: true });
  await option.waitFor();
  await option.dispatchEvent("mousedown");
}

/** Drops a photo on the page's upload area and waits until it is uploaded. */
async function dropPhoto(page: Page) {
  const photo = (await realPng(800, 600)).toString("base64");
  const transfer = await page.evaluateHandle((base64) => {
    const data = new DataTransfer();
    data.items.add(new File([Uint8Array.from(atob(base64), (c) => c.charCodeAt(0))], "delivered.png", { type: "image/png" }));
    return data;
  }, photo);
  await controllerConnected(page, "upload");
  await page.locator(".drop-area").dispatchEvent("drop", { dataTransfer: transfer });
  await page.locator("#proof_photos li.pending-file").waitFor();
  await expect.poll(() => page.locator("[data-upload-target=loading]").isHidden()).toBe(true);
}

describe("a shipper's own fleet in a real browser", () => {
  it("the admin invites a driver, posts a single load for them, and the driver collects and delivers it with proof", async () => {
    const office = (await newPage(test)).page;
    await signInAs(office, admin.email);
    await office.goto("/team");
    await office.getByLabel("Their name").fill("Owen Fleet");
    await office.getByLabel("Their email").fill(DRIVER_EMAIL);
    await office.getByRole("radio", { name: "Driver" }).check();
    await office.getByRole("button", { name: "Send invitation" }).click();
    await office.getByText(`Invitation sent to ${DRIVER_EMAIL}`).waitFor();

    const phoneContext = await test.browser.newContext({ baseURL: test.baseUrl, locale: "en-GB", timezoneId: "Europe/London", viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const phone = await phoneContext.newPage();
    phone.on("pageerror", (error) => console.error("[browser error]", error.message));
    await phone.goto(new URL(lettersTo(DRIVER_EMAIL).at(-1)!.link!).pathname);
    await phone.getByLabel("Choose a password").fill("owen-drives-our-lorry");
    await phone.getByRole("button", { name: "Join Own Fleet Bakery" }).click();
    await phone.waitForURL("**/loads");
    await phone.getByText("No loads assigned to you yet.").waitFor();
    // The driver works only their loads: no jobs in their menu.
    expect(await phone.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Jobs" }).count()).toBe(0);

    // The office posts a single load and puts its own driver on it.
    await office.goto("/jobs/new");
    await office.getByLabel("Reference", { exact: true }).fill(REFERENCE);
    await office.getByLabel("Load type").selectOption("without_pallets");
    await office.getByLabel("Total weight (kg)").fill("8000");
    const vehicles = office.locator("#job_vehicle_types-ts-control");
    await vehicles.click();
    await vehicles.pressSequentially("Box");
    await office.locator(".ts-dropdown .option", { hasText: "Box" }).first().click();
    await office.keyboard.press("Escape");
    await chooseAddress(office, office.getByLabel("Pickup address").first(), "Leeds", "Leeds, England, UK");
    await chooseAddress(office, office.getByLabel("Delivery address").first(), "Bristol", "Bristol, England, UK");
    await office.getByLabel("Collection date").first().fill("2031-03-03");
    await office.getByLabel("Delivery date").first().fill("2031-03-04");
    await office.getByLabel("Assigned driver").selectOption({ label: "Owen Fleet" });
    await office.getByLabel("Loading method").selectOption("side");
    await office.getByRole("button", { name: "Publish job" }).click();
    await office.getByText("Your job is published for your own driver: its load is on your Loads page.").waitFor();
    expect(await office.locator(".page-header .status-pill").first().textContent()).toBe("Awarded");
    await office.getByText("Owen Fleet").first().waitFor();
    const load = await db().load.findFirstOrThrow({ where: { job: { reference: REFERENCE, shipperAccountId: admin.accountId } } });

    // The driver finds it on their phone and runs it.
    await phone.reload();
    const card = phone.locator(`[data-load-id="${load.id}"] .driver-load`);
    await card.waitFor();
    expect(await card.locator(".driver-load-next").textContent()).toBe("Collect from Leeds, GB");
    expect(await card.locator(".driver-load-when").textContent()).toBe("on 3 Mar 2031");
    await card.click();
    await phone.waitForURL(`**/loads/${load.id}`);
    await phone.getByRole("button", { name: "Mark collected" }).click();
    // Asked in the app's dialog, then warned that it is booked for 3 March 2031.
    await phone.getByRole("dialog").getByRole("button", { name: "Mark collected" }).click();
    await phone.getByRole("button", { name: "Mark collected anyway" }).click();
    await phone.locator(".flash", { hasText: "Load collected" }).waitFor();
    await phone.getByRole("link", { name: "Mark delivered" }).click();
    await phone.getByLabel("Received by").fill("Pat at goods-in");
    await dropPhoto(phone);
    await phone.getByRole("button", { name: "Confirm delivery" }).click();
    await phone.waitForURL(`**/loads/${load.id}`);
    expect(await phone.locator(".flash-notice").textContent()).toBe("Delivered. The shipper has been told.");
    await phoneContext.close();

    // The office sees it delivered, and the job done.
    await office.goto(`/loads/${load.id}`);
    expect(await office.locator(".page-header .status-pill").textContent()).toBe("Delivered");
    expect((await db().job.findUniqueOrThrow({ where: { id: load.jobId } })).status).toBe("completed");
  });
});
