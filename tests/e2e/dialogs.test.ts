import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BrowserContext, Page } from "playwright-core";
import { db } from "#db/client.server.ts";
import { awardJob } from "#models/award.server.ts";
import { newPage, signInAs, startBrowserTest, type BrowserTest } from "../support/browser.ts";
import { createCarrier, createShipper, createUser } from "../support/fixtures.ts";
import { createJob } from "../support/job-fixtures.ts";

// The page behaviours of docs/dialogs.md in Chromium: the modal (confirmations, the assign-driver
// form), toasts with click-to-copy, flash messages as toasts, the select that navigates, and what
// is removed before Turbo caches a page.

let test: BrowserTest;
let shipper: Awaited<ReturnType<typeof createShipper>>;
let carrier: Awaited<ReturnType<typeof createCarrier>>;
let drivers: Awaited<ReturnType<typeof createUser>>[];
let jobs: { id: number; reference: string }[];
let loadIds: number[];

beforeAll(async () => {
  test = await startBrowserTest();
  shipper = await createShipper({ company: "Dialog Foods" });
  carrier = await createCarrier({ company: "Dialog Haulage" });
  drivers = [await createUser("carrier", { role: "driver", accountId: carrier.accountId, name: "Ada Driver" }), await createUser("carrier", { role: "driver", accountId: carrier.accountId, name: "Ben Driver" })];
  jobs = [];
  loadIds = [];
  for (const reference of ["DLG-ALPHA", "DLG-BRAVO"]) {
    const job = await createJob(shipper.accountId, shipper.id, { reference, pickup: { bookingReference: `BK-${reference}` } });
    await db().quote.create({ data: { jobId: job.id, carrierAccountId: carrier.accountId, placedById: carrier.id, valueCents: 40_000, numberOfLoads: 1, status: "active" } });
    await awardJob(job.id);
    jobs.push(job);
    loadIds.push((await db().load.findFirstOrThrow({ where: { jobId: job.id } })).id);
  }
});
afterAll(async () => {
  await test?.close();
});

/** A page on which window.confirm/alert would fail the test: every question must be our modal. */
async function signedIn(email: string): Promise<{ context: BrowserContext; page: Page }> {
  const opened = await newPage(test);
  opened.page.on("dialog", (dialog) => {
    throw new Error(`a browser dialog was opened: ${dialog.message()}`);
  });
  await signInAs(opened.page, email);
  return opened;
}

const openDialog = (page: Page) => page.locator("dialog[open]");
const focusedText = (page: Page) => page.evaluate(() => document.activeElement?.textContent?.trim() ?? null);
const hash = (page: Page) => page.evaluate(() => location.hash);

/** A modal as views/shared/_modal.ejs writes it, added to the current page with the given values. */
function addModal(page: Page, values: Record<string, string>) {
  return page.evaluate((values) => {
    const root = document.createElement("div");
    root.dataset.controller = "modal";
    for (const [name, value] of Object.entries(values)) root.setAttribute(`data-modal-${name}-value`, value);
    root.innerHTML = `<button type="button" data-action="modal#open">Open test modal</button>
      <dialog class="modal" role="dialog" aria-modal="true" aria-labelledby="test-modal-title" data-modal-target="dialog"
        data-action="keydown->modal#keydown cancel->modal#cancel close->modal#closed click->modal#maskClick turbo:submit-end->modal#submitEnd turbo:before-cache@document->modal#dismiss">
        <div class="modal-box"><h2 id="test-modal-title">Test modal</h2><form><input name="q" aria-label="Query"></form>
        <button type="button" data-action="modal#close">Close it</button></div></dialog>`;
    document.querySelector("main")!.append(root);
  }, values);
}

async function invite(page: Page, email: string) {
  await page.getByLabel("Their name").fill("Someone New");
  await page.getByLabel("Their email").fill(email);
  await page.getByRole("radio", { name: "Member" }).check();
  await page.getByRole("button", { name: "Send invitation" }).click();
}

describe("Turbo's confirmations in a modal", () => {
  it("asks before cancelling a job: Cancel and Escape keep it, the confirm button (the form's own label) cancels it", async () => {
    const job = await createJob(shipper.accountId, shipper.id, { reference: "DLG-CANCEL-ME" });
    const { page, context } = await signedIn(shipper.email);
    await page.goto(`/jobs/${job.id}`);
    expect(await page.locator("template#confirm-modal").count()).toBe(1);
    const cancelJob = page.getByRole("button", { name: "Cancel job" });

    await cancelJob.click();
    const modal = page.getByRole("dialog", { name: "Cancel this job? Carriers will no longer be able to quote on it." });
    await modal.waitFor();
    expect(await modal.getAttribute("aria-modal")).toBe("true");
    expect(await modal.getByRole("button").allTextContents()).toEqual(["Cancel", "Cancel job"]);
    expect(await focusedText(page)).toBe("Cancel");
    await modal.getByRole("button", { name: "Cancel", exact: true }).click();
    await expect.poll(() => page.locator("#confirm-dialog").count()).toBe(0);
    expect(await focusedText(page)).toBe("Cancel job");

    await cancelJob.click();
    await modal.waitFor();
    await page.keyboard.press("Escape");
    await expect.poll(() => page.locator("#confirm-dialog").count()).toBe(0);
    expect((await db().job.findUniqueOrThrow({ where: { id: job.id } })).status).toBe("open");

    await cancelJob.click();
    await modal.getByRole("button", { name: "Cancel job" }).click();
    await page.locator(".flash-notice", { hasText: "Job cancelled. Carriers can no longer quote on it." }).waitFor();
    expect((await db().job.findUniqueOrThrow({ where: { id: job.id } })).status).toBe("cancelled");
    await context.close();
  });

  it("before Turbo caches the page, removes the confirm modal and the flash (a page restored from the cache shows neither)", async () => {
    await createUser("carrier", { accountId: carrier.accountId, role: "member", name: "Cy Member" });
    const { page, context } = await signedIn(carrier.email);
    await page.goto("/team");
    await invite(page, `cached.${Date.now()}@test.example`);
    await page.locator(".flash-notice").waitFor();
    await page.getByRole("button", { name: "Remove Cy Member" }).click();
    await page.getByRole("dialog", { name: /^Remove Cy Member from Dialog Haulage\?/ }).waitFor();

    await page.evaluate(() => (window as unknown as { Turbo: { visit(url: string): void } }).Turbo.visit("/dashboard"));
    await page.waitForURL("**/dashboard");
    await page.goBack();
    await page.waitForURL("**/team");
    await page.getByRole("button", { name: "Remove Cy Member" }).waitFor();
    expect(await page.locator("#confirm-dialog").count()).toBe(0);
    expect(await page.locator(".flash").count()).toBe(0);
    expect(await db().user.count({ where: { accountId: carrier.accountId, name: "Cy Member", removedAt: null } })).toBe(1);
    await context.close();
  });
});

describe("the modal dialog", () => {
  it("assigns a driver from the carrier's /loads: anchored in the URL, focus kept inside and returned, closed by Escape and the mask", async () => {
    const { page, context } = await signedIn(carrier.email);
    await page.goto("/loads");
    const row = page.locator(`tr[data-load-id="${loadIds[0]}"]`);
    const opener = row.getByRole("button", { name: "Assign driver" });
    await opener.click();
    const modal = page.getByRole("dialog", { name: "Driver for load DLG-ALPHA · 1" });
    await modal.waitFor();
    expect(await modal.getAttribute("aria-modal")).toBe("true");
    expect(await hash(page)).toBe(`#assign-driver-${loadIds[0]}`);

    // Focus starts on the first control and Tab / Shift+Tab cycle inside the dialog.
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe("SELECT");
    await page.keyboard.press("Tab");
    expect(await focusedText(page)).toBe("Cancel");
    await page.keyboard.press("Tab");
    expect(await focusedText(page)).toBe("Save driver");
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe("SELECT");
    await page.keyboard.press("Shift+Tab");
    expect(await focusedText(page)).toBe("Save driver");

    await page.keyboard.press("Escape");
    await expect.poll(() => openDialog(page).count()).toBe(0);
    expect(await hash(page)).toBe("");
    expect(new URL(page.url()).pathname).toBe("/loads");
    expect(await focusedText(page)).toBe("Assign driver");

    await opener.click();
    await modal.waitFor();
    await page.mouse.click(5, 5); // on the mask, outside the box
    await expect.poll(() => openDialog(page).count()).toBe(0);
    expect(await hash(page)).toBe("");
    await context.close();
  });

  it("opens the modal named by the URL's hash on load; a refused driver answers 422 inside it, a saved one lands on /loads with a flash", async () => {
    const { page, context } = await signedIn(carrier.email);
    await page.goto(`/loads#assign-driver-${loadIds[1]}`);
    const modal = page.getByRole("dialog", { name: "Driver for load DLG-BRAVO · 1" });
    await modal.waitFor();

    // The chosen driver leaves the company before the form is sent.
    await modal.getByLabel("Driver").selectOption({ label: "Ada Driver" });
    await db().user.update({ where: { id: drivers[0]!.id }, data: { removedAt: new Date() } });
    const refused = page.waitForResponse((response) => response.url().endsWith(`/loads/${loadIds[1]}/driver`));
    await modal.getByRole("button", { name: "Save driver" }).click();
    expect((await refused).status()).toBe(422);
    // The message stands beside the field and, as a link to it, in the dialog's error summary.
    await modal.locator(".field-error").getByText("Choose one of your drivers").waitFor();
    expect(await modal.locator(".error-summary a").textContent()).toBe("Choose one of your drivers");
    expect(await modal.isVisible()).toBe(true);
    await db().user.update({ where: { id: drivers[0]!.id }, data: { removedAt: null } });

    await modal.getByLabel("Driver").selectOption({ label: "Ben Driver" });
    await modal.getByRole("button", { name: "Save driver" }).click();
    await page.locator(".flash-notice", { hasText: "Driver assigned" }).waitFor();
    expect(new URL(page.url()).pathname).toBe("/loads");
    expect(await openDialog(page).count()).toBe(0);
    expect(await page.locator(`tr[data-load-id="${loadIds[1]}"] td[data-label="Driver"]`).textContent()).toContain("Ben Driver");
    expect(await db().load.findUniqueOrThrow({ where: { id: loadIds[1] } })).toMatchObject({ driverId: drivers[1]!.id, status: "driver_assigned" });
    await context.close();
  });

  it("closes on a successful submit inside it and before Turbo caches the page; closable=false and close-on-submit=false keep it open", async () => {
    const { page, context } = await signedIn(carrier.email);
    await page.goto("/loads");
    const submitEnd = (success: boolean) =>
      page.evaluate((success) => document.querySelector("main > [data-controller=modal] form")!.dispatchEvent(new CustomEvent("turbo:submit-end", { bubbles: true, detail: { success } })), success);
    const beforeCache = () => page.evaluate(() => document.dispatchEvent(new Event("turbo:before-cache")));
    const open = async () => {
      await page.getByRole("button", { name: "Open test modal" }).click();
      await page.getByRole("dialog", { name: "Test modal" }).waitFor();
    };

    await addModal(page, {});
    await open();
    await submitEnd(false);
    expect(await openDialog(page).count()).toBe(1);
    await submitEnd(true);
    await expect.poll(() => openDialog(page).count()).toBe(0);
    await open();
    await beforeCache();
    await expect.poll(() => openDialog(page).count()).toBe(0);
    await page.evaluate(() => document.querySelector("main > [data-controller=modal]")!.remove());

    await addModal(page, { "close-on-submit": "false" });
    await open();
    await submitEnd(true);
    expect(await openDialog(page).count()).toBe(1);
    await page.getByRole("button", { name: "Close it" }).click();
    await expect.poll(() => openDialog(page).count()).toBe(0);
    await page.evaluate(() => document.querySelector("main > [data-controller=modal]")!.remove());

    await addModal(page, { closable: "false" });
    await open();
    await page.keyboard.press("Escape");
    await page.mouse.click(5, 5);
    await submitEnd(true);
    await beforeCache();
    expect(await openDialog(page).count()).toBe(1);
    await page.getByRole("button", { name: "Close it" }).click();
    await expect.poll(() => openDialog(page).count()).toBe(0);
    expect(await focusedText(page)).toBe("Open test modal");
    await context.close();
  });
});

describe("toasts and click-to-copy", () => {
  it("copies the job reference, load numbers and booking references, each saying 'Copied to Clipboard'", async () => {
    const { page, context } = await signedIn(shipper.email);
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: test.baseUrl });
    const clipboard = () => page.evaluate(() => navigator.clipboard.readText());
    const toast = page.locator("#copied-toast");

    await page.goto(`/jobs/${jobs[0]!.id}`);
    await page.getByRole("button", { name: "Copy job reference DLG-ALPHA" }).click();
    await expect.poll(clipboard).toBe("DLG-ALPHA");
    await toast.waitFor();
    expect(await toast.textContent()).toBe("Copied to Clipboard");
    expect(await toast.getAttribute("role")).toBe("status");

    await page.goto(`/loads/${loadIds[0]}`);
    await page.getByRole("button", { name: "Copy load number DLG-ALPHA · 1" }).click();
    await expect.poll(clipboard).toBe("DLG-ALPHA · 1");
    await page.getByRole("button", { name: "Copy booking-in reference BK-DLG-ALPHA" }).click();
    await expect.poll(clipboard).toBe("BK-DLG-ALPHA");
    await toast.waitFor();
    await context.close();

    const office = await signedIn(carrier.email);
    await office.context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: test.baseUrl });
    await office.page.goto("/loads");
    await office.page.locator(`tr[data-load-id="${loadIds[1]}"]`).getByRole("button", { name: "Copy load number DLG-BRAVO · 1" }).click();
    await expect.poll(() => office.page.evaluate(() => navigator.clipboard.readText())).toBe("DLG-BRAVO · 1");
    await office.page.getByText("Copied to Clipboard").waitFor();
    await office.context.close();
  });

  it("shows a toast for 3 s, fades it for 200 ms, then hides it (fake clock)", async () => {
    const { page, context } = await signedIn(shipper.email);
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: test.baseUrl });
    await page.clock.install();
    await page.goto(`/jobs/${jobs[1]!.id}`);
    await page.clock.pauseAt(Date.now() + 60_000);
    await page.getByRole("button", { name: "Copy job reference DLG-BRAVO" }).click();
    const toast = page.locator("#copied-toast");
    await toast.waitFor();
    await expect.poll(() => toast.getAttribute("data-controller")).toBe("toast");
    // Wait until the toast's controller has started its timers.
    await expect.poll(() => page.evaluate(() => Boolean(window.Stimulus.getControllerForElementAndIdentifier(document.getElementById("copied-toast")!, "toast")))).toBe(true);

    await page.clock.runFor(2_999);
    expect(await toast.getAttribute("class")).toBe("toast");
    await page.clock.runFor(1);
    expect(await toast.getAttribute("class")).toBe("toast toast-fading");
    expect(await toast.evaluate((el) => getComputedStyle(el).transitionDuration)).toBe("0.2s");
    await page.clock.runFor(199);
    expect(await toast.isVisible()).toBe(true);
    await page.clock.runFor(1);
    expect(await toast.isHidden()).toBe(true);
    expect(await toast.textContent()).toBe("Copied to Clipboard");
    await context.close();
  });

  it("shows flash messages as announced toasts that leave after 3.2 s and keep their text in the page", async () => {
    const { page, context } = await signedIn(carrier.email);
    await page.goto("/team");
    await page.clock.install();
    const email = `toast.${Date.now()}@test.example`;
    await invite(page, email);
    const flash = page.locator(".flash-notice");
    await flash.waitFor();
    expect(await flash.getAttribute("role")).toBe("status");
    expect(await flash.getAttribute("class")).toBe("flash flash-notice toast");
    await page.clock.runFor(3_200);
    await expect.poll(() => flash.isHidden()).toBe(true);
    expect(await flash.textContent()).toBe(`Invitation sent to ${email}`);
    await context.close();
  });
});

describe("the select that navigates", () => {
  it("switches the shipper's /loads between jobs with a Turbo visit", async () => {
    const { page, context } = await signedIn(shipper.email);
    await page.goto("/loads");
    await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
    const switcher = page.getByLabel("Job", { exact: true });
    expect(await switcher.locator("option").allTextContents()).toEqual(expect.arrayContaining(["All jobs", "DLG-ALPHA", "DLG-BRAVO"]));

    await switcher.selectOption({ label: "DLG-BRAVO" });
    await page.waitForURL(`**/loads?job=${jobs[1]!.id}`);
    await expect.poll(() => page.locator("tr[data-load-id]").count()).toBe(1);
    expect(await page.locator(`tr[data-load-id="${loadIds[1]}"]`).count()).toBe(1);
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);

    await page.getByLabel("Job", { exact: true }).selectOption({ label: "All jobs" });
    await page.waitForURL((url) => url.pathname === "/loads" && url.search === "");
    await expect.poll(() => page.locator("tr[data-load-id]").count()).toBe(2);
    await context.close();
  });
});
