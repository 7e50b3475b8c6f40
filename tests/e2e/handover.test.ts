import AxeBuilder from "@axe-core/playwright";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { db } from "#db/client.server.ts";
import { toDateInputValue } from "#domain/format/dates.ts";
import { newPage, signInAs, startBrowserTest, type BrowserTest } from "../support/browser.ts";
import { createCarrier, createShipper, createUser } from "../support/fixtures.ts";
import { createJob } from "../support/job-fixtures.ts";

// A driver on a phone (390 px): marking a load collected asks in the app's dialog, warns when it is
// early and can be undone; the timeline keeps both, with the phone's place as a town.

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

describe("the driver's hand-over on a phone", () => {
  it("confirms in the dialog, is warned it is early, goes on anyway, then undoes it; the timeline keeps both", async () => {
    const loadId = await newLoad("driver_assigned");
    const page = await driverOnPhone();
    await page.goto(`/loads/${loadId}`);
    // The page measures the phone against the collection point by the server's own 5-mile rule.
    await expect.poll(() => page.locator(".collect-form [data-geolocation-target=status]").textContent()).toBe("You are 0 miles from the collection point. Your position will be recorded with the collection.");
    await noAxeViolations(page);

    await page.getByRole("button", { name: "Mark collected" }).click();
    const dialog = page.getByRole("dialog");
    expect(await dialog.textContent()).toContain("Mark load 1 of Handover driver_assigned collected? You can undo it for 10 minutes.");
    await dialog.getByRole("button", { name: "Mark collected" }).click();

    const warning = page.getByRole("alert").filter({ hasText: "Check before marking it collected" });
    await warning.waitFor();
    expect(await warning.textContent()).toContain("The collection is booked for");
    expect((await db().load.findUniqueOrThrow({ where: { id: loadId } })).status).toBe("driver_assigned");
    await noAxeViolations(page);
    await page.getByRole("button", { name: "Mark collected anyway" }).click();

    await page.locator(".flash", { hasText: "Load collected" }).waitFor();
    expect(await page.locator(".page-header .status-pill").textContent()).toBe("Collected");
    const event = await db().loadEvent.findFirstOrThrow({ where: { loadId } });
    expect([event.kind, event.latitude, event.longitude]).toEqual(["collected", LEEDS.latitude, LEEDS.longitude]);
    await noAxeViolations(page);

    await page.getByRole("button", { name: "Undo" }).click();
    await page.locator(".flash", { hasText: "Collection undone" }).waitFor();
    expect(await page.locator(".page-header .status-pill").textContent()).toBe("Driver assigned");
    await page.locator(`#load_timeline_${loadId}`).scrollIntoViewIfNeeded();
    const timeline = page.locator(`#load_timeline_${loadId} .timeline`);
    await timeline.waitFor();
    expect(await timeline.locator("li").allTextContents()).toEqual([
      expect.stringMatching(/ Collected · near Leeds, England, UK$/),
      expect.stringMatching(/ Collection undone$/),
    ]);
    await page.context().close();
  });
});
