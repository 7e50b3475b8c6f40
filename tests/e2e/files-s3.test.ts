import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { db } from "#db/client.server.ts";
import { controllerConnected, newPage, signInAs, startBrowserTest, type BrowserTest } from "../support/browser.ts";
import { createCarrier, createShipper } from "../support/fixtures.ts";
import { createJob } from "../support/job-fixtures.ts";
import { realPng } from "../support/files.ts";
import { freePort, startS3, useBucket } from "../support/services.ts";

// Files kept in an S3 bucket (a real s3rver on another origin), in a real browser: the real
// @rails/activestorage DirectUpload PUTs straight to the bucket (the bucket's CORS rule names the
// app's origin, the page's CSP the bucket's), and photos are shown from presigned URLs.

const BUCKET = "loadline-e2e";

let forgetBucket = () => {};
let test: BrowserTest;
let s3: Awaited<ReturnType<typeof startS3>>;
let shipper: Awaited<ReturnType<typeof createShipper>>;
let loadId: number;

beforeAll(async () => {
  const port = await freePort();
  s3 = await startS3([BUCKET], { corsOrigins: [`http://127.0.0.1:${port}`] });
  forgetBucket = useBucket(s3.endpoint, BUCKET);
  test = await startBrowserTest({ PORT: String(port) });
  shipper = await createShipper({ name: "Bea Bucket", company: "Cloud Paper Ltd" });
  const carrier = await createCarrier({ company: "Bucket Haulage Ltd" });
  const job = await createJob(shipper.accountId, shipper.id, { status: "in_progress", reference: "Photos to the bucket" });
  loadId = (await db().load.create({ data: { jobId: job.id, sequence: 1, carrierAccountId: carrier.accountId, status: "assigned" } })).id;
});
afterAll(async () => {
  forgetBucket();
  await test?.close();
  await s3?.stop();
});

/** The load page, with what the browser sent to the bucket and any policy it broke. */
async function loadPage() {
  const { page } = await newPage(test);
  const sentToBucket: string[] = [];
  const refusedByPolicy: string[] = [];
  page.on("request", (request) => request.url().startsWith(s3.endpoint) && sentToBucket.push(request.method()));
  page.on("console", (message) => message.text().includes("Content Security Policy") && refusedByPolicy.push(message.text()));
  await signInAs(page, shipper.email);
  await page.goto(`/loads/${loadId}`);
  await page.locator("turbo-frame#files").scrollIntoViewIfNeeded();
  await page.locator(`#photos_load_${loadId}`).waitFor({ state: "attached" });
  return { page, sentToBucket, refusedByPolicy };
}

/** Drops one file, typed as a PNG, on the photo uploader's area. */
async function dropPhoto(page: Page, name: string, bytes: Buffer) {
  const transfer = await page.evaluateHandle(
    ({ name, base64 }) => {
      const data = new DataTransfer();
      data.items.add(new File([Uint8Array.from(atob(base64), (c) => c.charCodeAt(0))], name, { type: "image/png" }));
      return data;
    },
    { name, base64: bytes.toString("base64") },
  );
  const area = page.locator(".uploader", { hasText: "Add photos" }).locator(".drop-area");
  await controllerConnected(page, "upload");
  await area.dispatchEvent("dragover", { dataTransfer: transfer });
  await area.dispatchEvent("drop", { dataTransfer: transfer });
}

describe("photos kept in an S3 bucket, in a real browser", () => {
  it("uploads a dropped photo straight to the bucket, adds it to the load, and shows its thumbnail from the bucket", async () => {
    const { page, sentToBucket, refusedByPolicy } = await loadPage();
    await dropPhoto(page, "dock.png", await realPng(640, 480));
    const photos = page.locator(`#photos_load_${loadId} li.photo`);
    await expect.poll(() => photos.count(), { timeout: 15_000 }).toBe(1);
    expect(sentToBucket).toContain("PUT");
    const thumbnail = photos.locator("img");
    await expect.poll(() => thumbnail.evaluate((img) => (img as HTMLImageElement).naturalWidth), { timeout: 10_000 }).toBe(480);
    expect(sentToBucket).toContain("GET");
    expect(refusedByPolicy).toEqual([]);
  });

  it("says why when the bucket got a file that is not what it claimed to be, adds nothing, and enables the input again", async () => {
    const { page, sentToBucket } = await loadPage();
    const before = await db().attachment.count({ where: { loadId } });
    const dialog = page.waitForEvent("dialog");
    await dropPhoto(page, "invoice.png", Buffer.from(`<html><body>${"Not a picture. ".repeat(40)}</body></html>`));
    const shown = await dialog;
    expect(shown.message()).toBe('Error storing "invoice.png". The file is not image/png');
    await shown.dismiss();
    expect(sentToBucket).toContain("PUT");
    const input = page.locator(".uploader", { hasText: "Add photos" }).locator("input[type=file]");
    await expect.poll(() => input.isDisabled()).toBe(false);
    expect(await page.locator(".upload-failed").count()).toBe(1);
    expect(await db().attachment.count({ where: { loadId } })).toBe(before);
  });
});
