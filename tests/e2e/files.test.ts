import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { db } from "#db/client.server.ts";
import { controllerConnected, newPage, signInAs, startBrowserTest, type BrowserTest } from "../support/browser.ts";
import { createCarrier, createShipper } from "../support/fixtures.ts";
import { createJob } from "../support/job-fixtures.ts";
import { realPng } from "../support/files.ts";

// Files on a load in a real browser: the real @rails/activestorage client against our server.

let test: BrowserTest;
let shipper: Awaited<ReturnType<typeof createShipper>>;
let loadId: number;
let galleryLoadId: number;

beforeAll(async () => {
  test = await startBrowserTest();
  shipper = await createShipper({ name: "Fiona Files", company: "Paper Trail Ltd" });
  const carrier = await createCarrier({ company: "Upload Haulage Ltd" });
  const job = await createJob(shipper.accountId, shipper.id, { status: "in_progress", reference: "Photos run" });
  loadId = (await db().load.create({ data: { jobId: job.id, sequence: 1, carrierAccountId: carrier.accountId, status: "assigned" } })).id;
  galleryLoadId = (await db().load.create({ data: { jobId: job.id, sequence: 2, carrierAccountId: carrier.accountId, status: "assigned" } })).id;
});
afterAll(async () => {
  await test?.close();
});

async function loadPage(id = loadId): Promise<Page> {
  const { page } = await newPage(test);
  await signInAs(page, shipper.email);
  await page.goto(`/loads/${id}`);
  // The files frame loads when it comes into view (below the route and the map).
  await page.locator("turbo-frame#files").scrollIntoViewIfNeeded();
  await page.locator(`#photos_load_${id}`).waitFor({ state: "attached" });
  // The uploader's controller is fetched on first use: a drop before it connects would be lost.
  await page.waitForFunction(() => {
    const uploaders = [...document.querySelectorAll("[data-controller~='upload']")];
    return uploaders.length > 0 && uploaders.every((uploader) => window.Stimulus.getControllerForElementAndIdentifier(uploader, "upload"));
  });
  return page;
}

/** Drops files on the photo uploader's area, as a person dragging them from their desktop would. */
async function dropPhotos(page: Page, files: { name: string; base64: string }[]) {
  const transfer = await page.evaluateHandle((given) => {
    const data = new DataTransfer();
    for (const file of given) data.items.add(new File([Uint8Array.from(atob(file.base64), (c) => c.charCodeAt(0))], file.name, { type: "image/png" }));
    return data;
  }, files);
  const area = page.locator(".uploader", { hasText: "Add photos" }).locator(".drop-area");
  await controllerConnected(page, "upload");
  await area.dispatchEvent("dragover", { dataTransfer: transfer });
  await area.dispatchEvent("drop", { dataTransfer: transfer });
}

describe("documents and photos in a real browser", () => {
  it("uploads two dropped photos with progress to 100 and adds both to the load's photos", async () => {
    const page = await loadPage();
    const [one, two] = await Promise.all([realPng(640, 480), realPng(320, 240)]);
    await dropPhotos(page, [{ name: "dock.png", base64: one.toString("base64") }, { name: "seal.png", base64: two.toString("base64") }]);
    const photos = page.locator(`#photos_load_${loadId} li.photo`);
    await expect.poll(() => photos.count(), { timeout: 15_000 }).toBe(2);
    const bars = page.locator(".uploader", { hasText: "Add photos" }).locator("progress");
    expect(await bars.evaluateAll((all) => all.map((bar) => (bar as HTMLProgressElement).value))).toEqual([100, 100]);
    expect(await photos.locator("img").evaluateAll((all) => all.map((img) => img.getAttribute("alt")?.split(",")[0]).sort())).toEqual(["dock.png", "seal.png"]);
    expect(await page.locator(".uploader", { hasText: "Add photos" }).locator("input[type=file]").isDisabled()).toBe(false);
  });

  it("says 'Error creating Blob for \"x.png\". Status: 500' when the server fails, and enables the input again", async () => {
    const page = await loadPage();
    await page.route("**/api/v1/direct_uploads?use=photo", (route) => route.fulfill({ status: 500, body: "boom" }));
    const dialog = page.waitForEvent("dialog");
    const errors: string[] = [];
    page.on("console", (message) => message.type() === "error" && errors.push(message.text()));
    await dropPhotos(page, [{ name: "x.png", base64: (await realPng(20, 20)).toString("base64") }]);
    const shown = await dialog;
    expect(shown.message()).toBe('Error creating Blob for "x.png". Status: 500');
    await shown.dismiss();
    const input = page.locator(".uploader", { hasText: "Add photos" }).locator("input[type=file]");
    await expect.poll(() => input.isDisabled()).toBe(false);
    expect(errors).toContain('Error creating Blob for "x.png". Status: 500');
  });

  it("opens the gallery at the clicked photo, counts '2 / 3', captions it with its alt text, moves next and previous (looping) by buttons and arrow keys, and closes with Escape", async () => {
    const page = await loadPage(galleryLoadId);
    const photos = page.locator(`#photos_load_${galleryLoadId} li.photo`);
    const files = await Promise.all(["north.png", "east.png", "south.png"].map(async (name, i) => ({ name, base64: (await realPng(400 + i * 100, 300)).toString("base64") })));
    for (const [i, file] of files.entries()) {
      await dropPhotos(page, [file]);
      await expect.poll(() => photos.count(), { timeout: 15_000 }).toBe(i + 1);
    }
    await page.reload();
    await expect.poll(() => photos.count()).toBe(3);
    const captions = await photos.locator("img").evaluateAll((all) => all.map((img) => img.getAttribute("alt")));
    expect(captions).toEqual(["north.png, added by Fiona Files", "east.png, added by Fiona Files", "south.png, added by Fiona Files"]);
    await photos.nth(1).locator("a").click();
    const counter = page.locator(".pswp__counter");
    const caption = page.locator(".pswp__caption");
    await expect.poll(() => counter.textContent()).toBe("2 / 3");
    expect(await caption.textContent()).toBe("east.png, added by Fiona Files");
    await page.locator(".pswp__button--arrow--next").click();
    await expect.poll(() => counter.textContent()).toBe("3 / 3");
    await expect.poll(() => caption.textContent()).toBe("south.png, added by Fiona Files");
    const previous = page.locator(".pswp__button--arrow--prev");
    await previous.click();
    await expect.poll(() => counter.textContent()).toBe("2 / 3");
    await previous.click();
    await expect.poll(() => counter.textContent()).toBe("1 / 3");
    // It loops: before the first is the last.
    await previous.click();
    await expect.poll(() => counter.textContent()).toBe("3 / 3");
    // Keyboard first: once open, the arrow keys move and Escape closes.
    await page.locator(`#photos_load_${galleryLoadId}[data-gallery-state="open"]`).waitFor();
    await page.keyboard.press("ArrowRight");
    await expect.poll(() => counter.textContent()).toBe("1 / 3");
    await page.keyboard.press("ArrowLeft");
    await expect.poll(() => counter.textContent()).toBe("3 / 3");
    await page.keyboard.press("Escape");
    await expect.poll(() => page.locator(".pswp").count(), { timeout: 3_000 }).toBe(0);
    expect(await page.locator(`#photos_load_${galleryLoadId}`).getAttribute("data-gallery-state")).toBeNull();
  });
});

/** An uploader drawn as views/attachments/_uploader.ejs draws it, with these data-upload-*-value attributes, added to the page (inside a form posting to `formAction`, when given). */
async function addUploader(page: Page, values: Record<string, string>, formAction?: string) {
  await page.evaluate(
    ({ values, formAction }) => {
      const uploader = document.createElement("div");
      uploader.className = "uploader probe-uploader";
      for (const [name, value] of Object.entries(values)) uploader.setAttribute(`data-upload-${name}-value`, value);
      uploader.dataset.action = "direct-upload:progress->upload#progress direct-upload:error->upload#failed direct-upload:end->upload#ended";
      uploader.innerHTML = `<label data-upload-target="area"><input type="file" data-upload-target="input" data-direct-upload-url="/api/v1/direct_uploads?use=photo" data-action="change->upload#upload"></label>
        <p data-upload-target="loading" hidden>Uploading…</p><ol data-upload-target="progress"></ol><ul id="probe_list"></ul>`;
      uploader.dataset.controller = "upload";
      if (!formAction) return void document.body.append(uploader);
      const form = document.createElement("form");
      Object.assign(form, { method: "post", action: formAction, id: "probe_form" });
      form.dataset.turbo = "false";
      form.append(uploader);
      document.body.append(form);
    },
    { values, formAction },
  );
  await page.waitForFunction(() => window.Stimulus.getControllerForElementAndIdentifier(document.querySelector(".probe-uploader")!, "upload"));
}

/** Chooses a photo in the added uploader; resolves to the signed id the server announced for it. */
async function chooseProbePhoto(page: Page): Promise<string> {
  const announced = page.waitForResponse((response) => response.url().includes("/api/v1/direct_uploads?use=photo") && response.request().method() === "POST");
  await page.locator(".probe-uploader input[type=file]").setInputFiles({ name: "probe.png", mimeType: "image/png", buffer: await realPng(30, 20) });
  return ((await (await announced).json()) as { signed_id: string }).signed_id;
}

describe("how the uploader hands an upload over", () => {
  it("asks GET /file_attachments/:signed_id?list_id= by default, and renders the answer's stream", async () => {
    const page = await loadPage();
    await addUploader(page, { "list-id": "probe_list" });
    const asked = page.waitForRequest((request) => request.url().includes("/file_attachments/"));

    const signedId = await chooseProbePhoto(page);

    const request = await asked;
    expect(request.method()).toBe("GET");
    expect(new URL(request.url()).pathname + new URL(request.url()).search).toBe(`/file_attachments/${encodeURIComponent(signedId)}?list_id=probe_list`);
    await page.locator(`#probe_list input[type=hidden][value="${signedId}"]`).waitFor({ state: "attached" });
  });

  it("uses a configured method and path: JSON {blob_signed_id, list_id} with the CSRF header, and renders the answer's stream", async () => {
    const page = await loadPage();
    await addUploader(page, { "list-id": "probe_list", method: "patch", url: "/probe/attachments" });
    const stream = '<turbo-stream action="append" target="probe_list"><template><li class="probe-attached">attached</li></template></turbo-stream>';
    await page.route("**/probe/attachments", (route) => route.fulfill({ status: 200, contentType: "text/vnd.turbo-stream.html", body: stream }));
    const asked = page.waitForRequest((request) => request.url().endsWith("/probe/attachments"));

    const signedId = await chooseProbePhoto(page);

    const request = await asked;
    const csrf = await page.locator('meta[name="csrf-token"]').getAttribute("content");
    expect(request.method()).toBe("PATCH");
    expect(request.postDataJSON()).toEqual({ blob_signed_id: signedId, list_id: "probe_list" });
    expect(await request.headerValue("x-csrf-token")).toBe(csrf);
    expect(await request.headerValue("content-type")).toBe("application/json");
    await page.locator("#probe_list li.probe-attached").waitFor();
  });

  it("in form-submit mode adds a hidden blob_signed_id field to the form and sends it once the upload is done", async () => {
    const page = await loadPage();
    await addUploader(page, { mode: "submit" }, "/probe/submission");
    await page.route("**/probe/submission", (route) => route.fulfill({ status: 200, contentType: "text/html", body: "<p>Sent</p>" }));
    const sent = page.waitForRequest((request) => request.url().endsWith("/probe/submission"));

    const signedId = await chooseProbePhoto(page);

    const request = await sent;
    expect(request.method()).toBe("POST");
    expect(new URLSearchParams(request.postData() ?? "").getAll("blob_signed_id")).toEqual([signedId]);
  });
});
