import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { readFile } from "node:fs/promises";
import { db } from "#db/client.server.ts";
import { newPage, signInAs, startBrowserTest, type BrowserTest } from "../support/browser.ts";
import { jobWithLoads } from "../support/chart-fixtures.ts";
import { createCarrier, createShipper } from "../support/fixtures.ts";

// The dashboard's charts in a real browser: Chart.js draws the bar and pie charts from the page's
// figures in the chart colours, "Show as table" shows the same numbers, the CSV is saved under the
// name its answer gives, and a page without charts downloads no Chart.js.

const PERIOD = "/dashboard?period=custom&from=2026-01&to=2026-03";
let test: BrowserTest;
let shipper: Awaited<ReturnType<typeof createShipper>>;

beforeAll(async () => {
  test = await startBrowserTest();
  shipper = await createShipper({ company: "Browser Charts Ltd" });
  const pennine = await createCarrier({ company: "Pennine Browser Haulage" });
  const severn = await createCarrier({ company: "Severn Browser Freight" });
  await jobWithLoads(shipper, [
    { carrierAccountId: pennine.accountId, pence: 50_000, deliveredAt: new Date("2026-01-15T12:00:00Z") },
    { carrierAccountId: pennine.accountId, pence: 45_050, deliveredAt: new Date("2026-02-10T12:00:00Z") },
    { carrierAccountId: severn.accountId, pence: 120_000, deliveredAt: new Date("2026-03-31T22:30:00Z") },
    { carrierAccountId: severn.accountId, pence: 30_000, status: "assigned", pickupDate: "2026-03-20" },
  ]);
});
afterAll(async () => {
  await test?.close();
});

/** How many of the canvas's pixels are drawn in this colour (a see-through fill on the transparent canvas, or its border). */
const pixelsIn = (page: Page, selector: string, [r, g, b]: [number, number, number]) =>
  page.locator(selector).evaluate((canvas: HTMLCanvasElement, colour) => {
    const { data } = canvas.getContext("2d")!.getImageData(0, 0, canvas.width, canvas.height);
    let found = 0;
    for (let i = 0; i < data.length; i += 4) if (Math.abs(data[i]! - colour[0]!) < 3 && Math.abs(data[i + 1]! - colour[1]!) < 3 && Math.abs(data[i + 2]! - colour[2]!) < 3 && data[i + 3]! > 50) found++;
    return found;
  }, [r, g, b]);

/** The scripts the page has loaded that hold Chart.js. */
async function chartJsScripts(page: Page): Promise<string[]> {
  const scripts = await page.evaluate(() => performance.getEntriesByType("resource").map((entry) => entry.name).filter((url) => url.endsWith(".js")));
  const texts = await Promise.all(scripts.map(async (url) => [url, await (await page.request.get(url)).text()] as const));
  return texts.filter(([, text]) => text.includes("can't acquire context from the given item")).map(([url]) => url);
}

describe("dashboard charts in a real browser", () => {
  it("draws the spend bars and the status pie from the page's figures, in the chart colours", async () => {
    const { page } = await newPage(test);
    await signInAs(page, shipper.email);
    await page.goto(PERIOD);
    const bar = page.locator('#chart-spend-per-month-drawing canvas[data-chart-drawn="bar"]');
    const pie = page.locator('#chart-loads-by-status-drawing canvas[data-chart-drawn="pie"]');
    await bar.waitFor();
    await pie.waitFor();
    await expect.poll(() => bar.getAttribute("aria-label")).toBe(
      "Spend per month. Jan 2026: Severn Browser Freight £0, Pennine Browser Haulage £500; Feb 2026: Severn Browser Freight £0, Pennine Browser Haulage £450.5; Mar 2026: Severn Browser Freight £1,200, Pennine Browser Haulage £0.",
    );
    expect(await pie.getAttribute("role")).toBe("img");
    expect(await pie.getAttribute("aria-label")).toBe("Loads by status. Awaiting driver 1 (25%); Delivered 3 (75%).");
    // The first dataset (Severn: most spend) in blue and the second in red; the pie's slices the same.
    expect(await pixelsIn(page, "#chart-spend-per-month-drawing canvas", [54, 162, 235])).toBeGreaterThan(20);
    expect(await pixelsIn(page, "#chart-spend-per-month-drawing canvas", [255, 99, 132])).toBeGreaterThan(20);
    expect(await pixelsIn(page, "#chart-loads-by-status-drawing canvas", [54, 162, 235])).toBeGreaterThan(20);
    expect(await pixelsIn(page, "#chart-loads-by-status-drawing canvas", [255, 99, 132])).toBeGreaterThan(20);
    expect(await chartJsScripts(page)).toHaveLength(1);

    await page.goto("/jobs");
    await page.getByRole("heading", { level: 1 }).waitFor();
    expect(await chartJsScripts(page)).toEqual([]);
  });

  it("shows the same numbers as a table, and back as the chart", async () => {
    const { page } = await newPage(test);
    await signInAs(page, shipper.email);
    await page.goto(PERIOD);
    const figure = page.locator("#chart-spend-per-month");
    await figure.locator("canvas[data-chart-drawn]").waitFor();
    const table = figure.getByRole("table", { name: "Spend per month" });
    // Until asked for, the table is there for screen readers only (clipped to a pixel).
    const width = async () => (await page.locator("#chart-spend-per-month-table").boundingBox())?.width ?? 0;
    expect(await width()).toBeLessThan(2);
    await figure.getByRole("button", { name: "Show as table" }).click();
    await expect.poll(width).toBeGreaterThan(100);
    expect(await figure.locator("canvas").isVisible()).toBe(false);
    const rows = await table.locator("tr").evaluateAll((trs) => trs.map((tr) => [...tr.children].map((cell) => cell.textContent!.trim())));
    expect(rows).toEqual([
      ["Month", "Severn Browser Freight", "Pennine Browser Haulage"],
      ["Jan 2026", "£0", "£500"],
      ["Feb 2026", "£0", "£450.5"],
      ["Mar 2026", "£1,200", "£0"],
    ]);
    const button = figure.getByRole("button", { name: "Show as chart" });
    expect(await button.getAttribute("aria-expanded")).toBe("true");
    await button.click();
    await figure.locator("canvas").waitFor({ state: "visible" });
    expect(await width()).toBeLessThan(2);
  });

  it("saves a chart's CSV under the file name its answer gives", async () => {
    const { page } = await newPage(test);
    await signInAs(page, shipper.email);
    await page.goto(PERIOD);
    const figure = page.locator("#chart-spend-per-month");
    const answer = await page.request.get(await figure.getByRole("link", { name: "Download CSV" }).getAttribute("href") as string);
    expect(answer.headers()["content-disposition"]).toBe('attachment; filename="spend-per-month-2026-01-to-2026-03.csv"');
    const [download] = await Promise.all([page.waitForEvent("download"), figure.getByRole("link", { name: "Download CSV" }).click()]);
    expect(download.suggestedFilename()).toBe("spend-per-month-2026-01-to-2026-03.csv");
    const text = await readFile((await download.path())!, "utf8");
    expect(text).toBe("Month,Severn Browser Freight (GBP),Pennine Browser Haulage (GBP)\r\n2026-01-01,0.00,500.00\r\n2026-02-01,0.00,450.50\r\n2026-03-01,1200.00,0.00\r\n");
    expect(page.url()).toContain(PERIOD);
  });

  it("draws a contract's call-offs beside its estimate when the job page scrolls to them", async () => {
    const { page } = await newPage(test);
    await signInAs(page, "shipper@example.com");
    const { HISTORY_CONTRACT_REFERENCE } = await import("../../prisma/seeds/history.ts");
    const job = await db().job.findFirstOrThrow({ where: { reference: HISTORY_CONTRACT_REFERENCE } });
    await page.goto(`/jobs/${job.id}`);
    await page.locator("#call-offs").scrollIntoViewIfNeeded();
    const canvas = page.locator('#call-offs-chart-drawing canvas[data-chart-drawn="bar"]');
    await canvas.waitFor();
    expect(await canvas.getAttribute("aria-label")).toMatch(/^Loads called off against the estimate\. \w+ \d{4}: Estimated loads 10, Loads called off 10; /);
    expect(await page.locator("#call-offs li[data-variance]").count()).toBeGreaterThanOrEqual(2);
  });
});
