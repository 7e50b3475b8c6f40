import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { db } from "#db/client.server.ts";
import { controllerConnected, newPage, signInAs, startBrowserTest, type BrowserTest } from "../support/browser.ts";
import { createCarrier, createShipper, createUser } from "../support/fixtures.ts";
import { createJob } from "../support/job-fixtures.ts";
import { realPng } from "../support/files.ts";

// A driver delivers with a photo and the recipient's signature on the phone; the shipper, watching
// the load's page, sees it delivered without reloading.

let test: BrowserTest;
let shipper: Awaited<ReturnType<typeof createShipper>>;
let driver: Awaited<ReturnType<typeof createUser>>;
let loadId: number;

beforeAll(async () => {
  test = await startBrowserTest();
  shipper = await createShipper({ name: "Sam Shipper", company: "Proof Foods Ltd" });
  const carrier = await createCarrier({ company: "Proof Haulage Ltd" });
  driver = await createUser("carrier", { role: "driver", accountId: carrier.accountId, name: "Dee Driver" });
  const job = await createJob(shipper.accountId, shipper.id, { status: "in_progress", reference: "Delivery with proof" });
  loadId = (await db().load.create({ data: { jobId: job.id, sequence: 1, carrierAccountId: carrier.accountId, driverId: driver.id, status: "collected", collectedAt: new Date() } })).id;
});
afterAll(async () => {
  await test?.close();
});

/** Waits until the page's <turbo-cable-stream-source> elements are all subscribed. */
async function subscribed(page: Page) {
  await expect.poll(() => page.evaluate(() => [...document.querySelectorAll("turbo-cable-stream-source")].every((source) => source.hasAttribute("connected")))).toBe(true);
}

describe("proof of delivery in a real browser", () => {
  it("a driver delivers with a signature and a photo, and the shipper's open load page updates live", async () => {
    const watching = (await newPage(test)).page;
    await signInAs(watching, shipper.email);
    await watching.goto(`/loads/${loadId}`);
    await subscribed(watching);
    expect(await watching.locator(".page-header .status-pill").textContent()).toBe("Collected");

    const { context, page } = await newPage(test);
    await context.grantPermissions(["geolocation"]);
    await context.setGeolocation({ latitude: 53.7997, longitude: -1.5492 });
    await signInAs(page, driver.email);
    await page.goto(`/loads/${loadId}`);
    await page.getByRole("link", { name: "Mark delivered" }).click();
    await page.getByLabel("Received by").fill("Mark at goods-in");

    const photo = (await realPng(800, 600)).toString("base64");
    const transfer = await page.evaluateHandle((base64) => {
      const data = new DataTransfer();
      data.items.add(new File([Uint8Array.from(atob(base64), (c) => c.charCodeAt(0))], "delivered.png", { type: "image/png" }));
      return data;
    }, photo);
    // A drop before the (lazily loaded) upload controller has connected would go unheard.
    await controllerConnected(page, "upload");
    await page.locator(".drop-area").dispatchEvent("drop", { dataTransfer: transfer });
    await page.locator("#proof_photos li.pending-file").waitFor();
    await expect.poll(() => page.locator("[data-upload-target=loading]").isHidden()).toBe(true);

    await expect.poll(() => page.locator("[data-geolocation-target=latitude]").inputValue()).not.toBe("");
    const canvas = page.locator("canvas.signature-pad");
    await canvas.hover({ position: { x: 40, y: 120 } });
    const pad = (await canvas.boundingBox())!;
    await page.mouse.down();
    for (const [x, y] of [[120, 60], [200, 140], [280, 50], [360, 130]] as const) await page.mouse.move(pad.x + x, pad.y + y, { steps: 5 });
    await page.mouse.up();
    expect(await page.locator("[data-signature-target=status]").textContent()).toBe("Signed. Clear it to sign again.");

    await page.getByRole("button", { name: "Confirm delivery" }).click();
    await page.waitForURL(`**/loads/${loadId}`);
    expect(await page.locator(".flash-notice").textContent()).toBe("Delivered. The shipper has been told.");

    await expect.poll(() => watching.locator(".page-header .status-pill").textContent(), { timeout: 10_000 }).toBe("Delivered");
    // Documents and photos load lazily, once the shipper scrolls down to them.
    await watching.locator("#files").scrollIntoViewIfNeeded();
    await watching.locator("#proof_of_delivery").waitFor();
    expect(await watching.locator("#proof_of_delivery").textContent()).toContain("Mark at goods-in");
    expect(await watching.locator("#proof_of_delivery img.signature-image").count()).toBe(1);
    // The download form's answer is saved as a file under the name the answer gives, asked for once
    // as a form the server takes (a multipart body would be refused with 415 and sent again).
    const asked: { type: string | null; status: number }[] = [];
    watching.on("response", (response) => {
      if (response.request().method() === "POST" && response.url().endsWith("/proof-of-delivery.pdf")) asked.push({ type: response.request().headers()["content-type"] ?? null, status: response.status() });
    });
    const [download] = await Promise.all([watching.waitForEvent("download"), watching.getByRole("button", { name: "Download POD as PDF" }).click()]);
    expect(download.suggestedFilename()).toBe("Proof of delivery - load 1 of Delivery with proof.pdf");
    expect(asked).toEqual([{ type: "application/x-www-form-urlencoded;charset=UTF-8", status: 200 }]);
    expect(watching.url()).toMatch(new RegExp(`/loads/${loadId}$`));
    const proof = await db().proofOfDelivery.findUniqueOrThrow({ where: { loadId }, include: { photos: true } });
    expect([proof.recipientName, proof.latitude, proof.longitude, proof.photos.length, proof.signatureBlobId !== null]).toEqual(["Mark at goods-in", 53.7997, -1.5492, 1, true]);
  });
});
