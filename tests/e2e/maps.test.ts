import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BrowserContext, Page } from "playwright-core";
import sharp from "sharp";
import { db } from "#db/client.server.ts";
import { awardJob } from "#models/award.server.ts";
import { controllerConnected, newPage, signInAs, startBrowserTest, type BrowserTest } from "../support/browser.ts";
import { createCarrier, createShipper, createUser } from "../support/fixtures.ts";
import { createJob } from "../support/job-fixtures.ts";

// Maps in a real browser: a multi-drop load's stops and route, the driver's phone moving the marker
// on the shipper's open page, the job form's map picker, and pages without a map left without
// Leaflet. Map tiles are answered locally (the tests run offline) from the configured tile host.

const LEEDS = { latitude: 53.7997, longitude: -1.5492 };
const YORK = { latitude: 53.9591, longitude: -1.0815 };
const HULL = { latitude: 53.7676, longitude: -0.3274 };
// On the A64 towards York, then further on: two fixes ten minutes apart, about 9 miles.
const ON_THE_WAY = { latitude: 53.836, longitude: -1.43 };
const FURTHER_ON = { latitude: 53.905, longitude: -1.25 };

let test: BrowserTest;
let shipper: Awaited<ReturnType<typeof createShipper>>;
let driver: Awaited<ReturnType<typeof createUser>>;
let loadId: number;
let tile: Buffer;
const tileRequests: string[] = [];

beforeAll(async () => {
  test = await startBrowserTest();
  tile = await sharp({ create: { width: 256, height: 256, channels: 3, background: "#e8eef2" } }).png().toBuffer();
  shipper = await createShipper({ name: "Mia Shipper", company: "Map Foods Ltd" });
  const carrier = await createCarrier({ company: "Map Haulage Ltd" });
  driver = await createUser("carrier", { role: "driver", accountId: carrier.accountId, name: "Drew Driver" });
  const job = await createJob(shipper.accountId, shipper.id, {
    reference: "Chilled to York and Hull",
    locations: [
      { kind: "pickup", position: 0, city: "Leeds", countryCode: "GB", ...LEEDS },
      { kind: "delivery", position: 0, city: "York", countryCode: "GB", ...YORK },
      { kind: "delivery", position: 1, city: "Hull", countryCode: "GB", ...HULL },
    ],
  });
  await db().quote.create({ data: { jobId: job.id, carrierAccountId: carrier.accountId, placedById: carrier.id, valueCents: 52_000, numberOfLoads: 1, status: "active" } });
  await awardJob(job.id);
  const load = await db().load.findFirstOrThrow({ where: { jobId: job.id } });
  loadId = load.id;
  await db().load.update({ where: { id: loadId }, data: { status: "collected", collectedAt: new Date(Date.now() - 3_600_000), driverId: driver.id } });
  // The phone's earlier fix, ten minutes ago.
  await db().loadPosition.create({ data: { loadId, driverId: driver.id, ...ON_THE_WAY, recordedAt: new Date(Date.now() - 10 * 60_000) } });
});
afterAll(async () => {
  await test?.close();
});

/** A signed-in page whose map tiles come from here instead of tile.openstreetmap.org. */
async function signedIn(email: string, setUp?: (context: BrowserContext) => Promise<void>): Promise<Page> {
  const { context, page } = await newPage(test);
  await setUp?.(context);
  await context.route("https://tile.openstreetmap.org/**", (route) => {
    tileRequests.push(route.request().url());
    return route.fulfill({ status: 200, contentType: "image/png", body: tile });
  });
  await signInAs(page, email);
  return page;
}

/** Every script the page has loaded whose text is Leaflet's. */
async function leafletScripts(page: Page): Promise<string[]> {
  const scripts = await page.evaluate(() => performance.getEntriesByType("resource").map((entry) => entry.name).filter((url) => url.endsWith(".js")));
  const texts = await Promise.all(scripts.map(async (url) => [url, await (await page.request.get(url)).text()] as const));
  return texts.filter(([, text]) => text.includes("leafletjs.com")).map(([url]) => url);
}

const markers = (page: Page) =>
  page.locator(".map-marker").evaluateAll((elements) => elements.map((e) => [e.getAttribute("data-letter"), e.getAttribute("data-colour"), e.getAttribute("title")]));

describe("maps in a real browser", () => {
  it("shows the load's stops as lettered markers in their colours, with the route and the driver's last position", async () => {
    const page = await signedIn(shipper.email);
    await page.goto(`/loads/${loadId}`);
    const map = page.getByRole("region", { name: /^Route of load 1 of Chilled to York and Hull$/ });
    await map.waitFor();
    await expect.poll(() => markers(page)).toEqual([
      ["A", "green", "Collection: Leeds"],
      ["B", "red", "Delivery: York"],
      // The other drop is not the next one: shown inactive.
      ["C", "grey", "Delivery: Hull"],
    ]);
    expect(await page.locator("path.map-route").count()).toBe(1);
    expect(await page.locator("path.map-route").getAttribute("stroke")).toBe("blue");
    expect(await page.locator(".map-driver").count()).toBe(1);
    expect(await page.locator(".map-progress").count()).toBe(1);
    expect(tileRequests.length).toBeGreaterThan(0);
    expect(await page.locator("#load_tracking_" + loadId).textContent()).toMatch(/\d+% of the route done/);
  });

  it("moves the driver's marker on the shipper's open page when the driver's phone sends a new position", async () => {
    const watching = await signedIn(shipper.email);
    await watching.goto(`/loads/${loadId}`);
    await watching.locator(".map-driver").waitFor();
    await expect.poll(() => watching.locator("turbo-cable-stream-source[connected]").count()).toBeGreaterThan(0);
    const tracking = watching.locator(`#load_tracking_${loadId}`);
    expect(await tracking.getAttribute("data-latitude")).toBe(String(ON_THE_WAY.latitude));
    const before = await watching.locator(".map-driver").boundingBox();

    const driving = await signedIn(driver.email, async (context) => {
      await context.grantPermissions(["geolocation"]);
      await context.setGeolocation(FURTHER_ON);
    });
    await driving.goto(`/loads/${loadId}`);
    await expect.poll(() => driving.locator(".position-share [data-position-share-target='status']").textContent()).toMatch(/^Position shared at/);

    await expect.poll(() => tracking.getAttribute("data-latitude"), { timeout: 10_000 }).toBe(String(FURTHER_ON.latitude));
    await expect.poll(async () => (await watching.locator(".map-driver").boundingBox())?.x).not.toBe(before?.x);
    expect(await watching.locator(".map-driver").count()).toBe(1);
    expect(await db().loadPosition.count({ where: { loadId, latitude: FURTHER_ON.latitude } })).toBe(1);
  });

  it("lets a shipper pin a delivery point: one marker kept, the location's fields filled", async () => {
    const page = await signedIn(shipper.email);
    await page.goto("/jobs/new");
    expect(await leafletScripts(page)).toEqual([]);
    const delivery = page.locator("fieldset[data-location-kind='delivery']").first();
    // The pin's controller is fetched on first use: a click before it connects does nothing.
    await controllerConnected(page, "map-pin");
    await delivery.getByRole("button", { name: "Pin the delivery point on a map" }).click();
    const map = delivery.getByRole("region", { name: "Delivery location on a map" });
    await map.waitFor();
    const latitude = delivery.locator("input[data-address-form-field='latitude']");
    const longitude = delivery.locator("input[data-address-form-field='longitude']");
    const box = (await map.boundingBox())!;

    await map.click({ position: { x: box.width / 2, y: box.height / 2 } });
    await expect.poll(() => latitude.inputValue()).not.toBe("");
    const first = [Number(await latitude.inputValue()), Number(await longitude.inputValue())];
    expect(first[0]).toBeCloseTo(54, 0);
    expect(first[1]).toBeCloseTo(-4, 0);

    await map.click({ position: { x: box.width / 2 + 40, y: box.height / 2 - 30 } });
    await expect.poll(async () => Number(await longitude.inputValue())).toBeGreaterThan(first[1]!);
    expect(Number(await latitude.inputValue())).toBeGreaterThan(first[0]!);
    expect(await delivery.locator(".map-picker-marker").count()).toBe(1);
    expect(await delivery.getByLabel("Delivery address").inputValue()).not.toBe("");
    expect(await delivery.locator(".map-picker-status").textContent()).toMatch(/^Pinned (near|at) /);
  });

  it("downloads no Leaflet on a page without a map, and does on a page with one", async () => {
    const page = await signedIn(driver.email);
    await page.goto("/loads");
    expect(await leafletScripts(page)).toEqual([]);
    await page.goto(`/loads/${loadId}`);
    await page.locator(".map-marker").first().waitFor();
    expect(await leafletScripts(page)).toHaveLength(1);
  });
});
