import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { db } from "#db/client.server.ts";
import { newPage, signInAs, startBrowserTest, type BrowserTest } from "../support/browser.ts";
import { createCarrier, createShipper, createUser } from "../support/fixtures.ts";
import { createJob } from "../support/job-fixtures.ts";

// Room on the page: the cards of a job's and a load's page stand apart at every width, an empty
// files list says so (and stops saying it once a file is there), and on a phone the floating Help
// button has room of its own below the page's last line, so it covers no button when scrolled to the end.

let test: BrowserTest;
let shipper: Awaited<ReturnType<typeof createShipper>>;
let driver: Awaited<ReturnType<typeof createUser>>;
let jobId: number;
let loadId: number;

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

beforeAll(async () => {
  test = await startBrowserTest();
  shipper = await createShipper({ company: "Roomy Foods Ltd" });
  const carrier = await createCarrier({ company: "Roomy Haulage Ltd" });
  driver = await createUser("carrier", { role: "driver", accountId: carrier.accountId, name: "Rhys Driver" });
  const placed = { pickup: { latitude: 53.8, longitude: -1.55 }, delivery: { latitude: 51.45, longitude: -2.59 } };
  jobId = (await createJob(shipper.accountId, shipper.id, { reference: "Roomy open job", ...placed })).id;
  const awarded = await createJob(shipper.accountId, shipper.id, { status: "in_progress", reference: "Roomy run", ...placed });
  loadId = (await db().load.create({ data: { jobId: awarded.id, sequence: 1, carrierAccountId: carrier.accountId, driverId: driver.id, status: "collected", collectedAt: new Date() } })).id;
});
afterAll(async () => {
  await test?.close();
});

async function open(email: string, path: string, viewport: { width: number; height: number }): Promise<Page> {
  const { page } = await newPage(test);
  await page.setViewportSize(viewport);
  await signInAs(page, email);
  await page.goto(path);
  // The documents and photos come in a lazy frame; this test is about layout, not lazy loading
  // (a map arriving above it can push it out of view again), so it is asked to load now.
  await page.locator("turbo-frame#files").evaluate((frame) => frame.setAttribute("loading", "eager"));
  await page.locator("turbo-frame#files section.files").waitFor();
  return page;
}

/** Each card of the page (not a card inside a card) and the nearest card below it in its column: the space between them. */
const gapsBetweenCards = (page: Page) =>
  page.evaluate(() => {
    const cards = [...document.querySelectorAll("main .card")].filter((card) => !card.parentElement?.closest(".card"));
    const boxes = cards.map((card) => ({ name: card.querySelector("h2")?.textContent?.trim() ?? card.className, box: card.getBoundingClientRect() }));
    return boxes.flatMap(({ name, box }) => {
      const below = boxes
        .filter((other) => other.box.top > box.top && other.box.left < box.right && other.box.right > box.left)
        .sort((a, b) => a.box.top - b.box.top)[0];
      return below ? [{ between: `${name} / ${below.name}`, gap: Math.round(below.box.top - box.bottom) }] : [];
    });
  });

describe("cards on a job's page and a load's page", () => {
  for (const viewport of [DESKTOP, PHONE]) {
    it(`stand apart at ${viewport.width} px`, async () => {
      for (const [email, path] of [[shipper.email, `/jobs/${jobId}`], [driver.email, `/loads/${loadId}`]] as const) {
        const page = await open(email, path, viewport);
        const gaps = await gapsBetweenCards(page);
        expect(gaps.length, path).toBeGreaterThanOrEqual(4);
        expect(gaps.filter(({ gap }) => gap <= 0), `${path}: ${JSON.stringify(gaps)}`).toEqual([]);
        await page.close();
      }
    });
  }
});

describe("empty lists of documents and photos", () => {
  it("say so while empty, and stop once a file is in the list", async () => {
    const page = await open(driver.email, `/loads/${loadId}`, DESKTOP);
    const documents = page.locator(`#documents_load_${loadId}`);
    expect(await documents.locator(".attachment-list-empty").isVisible()).toBe(true);
    expect(await documents.locator(".attachment-list-empty").textContent()).toBe("No documents yet. Drop files on the area below, or choose them, to add one.");
    // A file arrives in the list as an upload's stream answer appends it.
    await documents.evaluate((list) => list.insertAdjacentHTML("beforeend", '<li id="attachment_0" class="document"><a href="#">CMR.pdf</a></li>'));
    expect(await documents.locator(".attachment-list-empty").isVisible()).toBe(false);
    await documents.locator("#attachment_0").evaluate((item) => item.remove());
    expect(await documents.locator(".attachment-list-empty").isVisible()).toBe(true);
    await page.close();
  });
});

describe("the floating Help button on a phone", () => {
  it("covers neither Mark delivered nor anything else once the page is scrolled to its end", async () => {
    const page = await open(driver.email, `/loads/${loadId}`, PHONE);
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect.poll(() => page.evaluate(() => Math.ceil(window.scrollY + innerHeight) >= document.documentElement.scrollHeight)).toBe(true);
    const help = (await page.locator(".support-chat-button").boundingBox())!;
    const button = (await page.getByRole("link", { name: "Mark delivered" }).boundingBox())!;
    const overlaps = (a: typeof help, b: typeof help) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
    expect(overlaps(help, button)).toBe(false);
    // The page keeps room below its last line (the footer's) for the button: nothing passes under it.
    const lastLine = await page.evaluate(() => Math.max(...[...document.querySelectorAll("main > *, .site-footer > *")].map((el) => el.getBoundingClientRect().bottom)));
    expect(lastLine).toBeLessThanOrEqual(help.y);
    await page.close();
  });
});
