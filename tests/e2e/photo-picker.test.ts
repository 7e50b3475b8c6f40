import AxeBuilder from "@axe-core/playwright";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { db } from "#db/client.server.ts";
import { toDateInputValue } from "#domain/format/dates.ts";
import { newPage, signInAs, startBrowserTest, type BrowserTest } from "../support/browser.ts";
import { createCarrier, createShipper, createUser } from "../support/fixtures.ts";
import { createJob } from "../support/job-fixtures.ts";
import { realPng } from "../support/files.ts";

// A driver on a phone (390 px) proving a delivery: photos are taken or chosen ("image/*", the phone
// offers camera or library), each shows as a thumbnail, and a wrong one is removed before sending.

const PHONE = { width: 390, height: 844 };
const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa"];
const LEEDS = { latitude: 53.7997, longitude: -1.5492 };
const tomorrow = () => new Date(`${toDateInputValue(new Date(Date.now() + 86_400_000))}T00:00:00Z`);

let test: BrowserTest;
let shipper: Awaited<ReturnType<typeof createShipper>>;
let carrier: Awaited<ReturnType<typeof createCarrier>>;
let driver: Awaited<ReturnType<typeof createUser>>;

beforeAll(async () => {
  test = await startBrowserTest();
  shipper = await createShipper({ company: "Handover Foods Ltd" });
  carrier = await createCarrier({ name: "Carla Office", company: "Handover Haulage Ltd" });
  driver = await createUser("carrier", { role: "driver", accountId: carrier.accountId, name: "Dee Driver" });
});
afterAll(async () => {
  await test?.close();
});

async function newLoad(status: "driver_assigned" | "collected") {
  const job = await createJob(shipper.accountId, shipper.id, { status: "awarded", reference: `Handover ${status}`, pickup: { ...LEEDS, windowDate: tomorrow() } });
  return (await db().load.create({ data: { jobId: job.id, sequence: 1, carrierAccountId: carrier.accountId, driverId: driver.id, status, pickupDate: tomorrow(), collectedAt: status === "collected" ? new Date() : null } })).id;
}

async function driverOnPhone(): Promise<Page> {
  const { context, page } = await newPage(test);
  await context.grantPermissions(["geolocation"]);
  await context.setGeolocation({ ...LEEDS, accuracy: 20 });
  await page.setViewportSize(PHONE);
  await signInAs(page, driver.email);
  return page;
}

async function noAxeViolations(page: Page) {
  // Turbo marks <html aria-busy> while a visit or a live refresh is under way: check the page at rest.
  await page.waitForFunction(() => !document.documentElement.hasAttribute("aria-busy"));
  const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

describe("the proof-of-delivery photo picker on a phone", () => {
  it("takes or chooses photos, shows each as a thumbnail, and sends only those not removed", async () => {
    const loadId = await newLoad("collected");
    const page = await driverOnPhone();
    await page.goto(`/loads/${loadId}/delivery`);
    const picker = page.locator(".drop-area");
    expect(await picker.textContent()).toContain("Take or choose photos");
    const input = page.locator("input[type=file][data-upload-target=input]");
    expect([await input.getAttribute("accept"), await input.getAttribute("capture")]).toEqual(["image/*", null]);

    const png = await realPng(640, 480);
    await input.setInputFiles([
      { name: "wrong-load.png", mimeType: "image/png", buffer: png },
      { name: "pallets-at-dock.png", mimeType: "image/png", buffer: png },
    ]);
    const pending = page.locator("#proof_photos li.pending-file");
    // Uploads take their time on a busy machine: wait as long as a person would.
    await expect.poll(() => pending.count(), { timeout: 15_000 }).toBe(2);
    // Each thumbnail has loaded (an image that failed has no natural width).
    await expect.poll(() => pending.locator("img.pending-thumbnail").evaluateAll((images) => images.map((image) => (image as HTMLImageElement).naturalWidth > 0)), { timeout: 15_000 }).toEqual([true, true]);
    await expect.poll(() => page.locator("[data-upload-target=loading]").isHidden(), { timeout: 15_000 }).toBe(true);
    await noAxeViolations(page);

    await page.getByRole("button", { name: "Remove wrong-load.png" }).click();
    await expect.poll(() => pending.count()).toBe(1);
    expect(await pending.textContent()).toContain("pallets-at-dock.png");
    expect(await page.locator("input[name='blob_signed_ids[]']").count()).toBe(1);
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Remove pallets-at-dock.png");

    await page.getByLabel("Received by").fill("Mo at goods-in");
    await page.getByRole("button", { name: "Confirm delivery" }).click();
    await page.waitForURL(`**/loads/${loadId}`);
    const proof = await db().proofOfDelivery.findUniqueOrThrow({ where: { loadId }, include: { photos: { include: { blob: true } } } });
    expect(proof.photos.map((photo) => photo.blob.filename)).toEqual(["pallets-at-dock.png"]);
    await page.context().close();
  });
});
