import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "#db/client.server.ts";
import { type BrowserTest, fitsBothWidths, signedInPage, startBrowserTest } from "../support/browser.ts";
import { formBody, jobFormBody } from "../support/job-fixtures.ts";

// The price guide as the demo's people meet it: the shipper's job form asks /api/v1/price_guide for
// its lane from the browser (Leeds LS to Bristol BS, curtain-sider, palletised: backed by the demo's
// accepted prices from three shippers) and says too few when the load type leaves that lane; the
// carrier sees the same lane's guide beside the quote form.

const REFERENCE = "Price guide: pallets to Bristol";
let test: BrowserTest;

beforeAll(async () => {
  test = await startBrowserTest();
});
afterAll(async () => {
  await test?.close();
});

describe("the price guide in a real browser", () => {
  it("the shipper's job form shows the lane's guide, and says too few once the load type has no backing", async () => {
    const page = await signedInPage(test, "shipper@example.com");
    await page.goto("/jobs/new");
    const token = await page.locator('meta[name="csrf-token"]').getAttribute("content");
    const saved = await page.request.post("/jobs", {
      headers: { "Content-Type": "application/x-www-form-urlencoded", "X-CSRF-Token": token ?? "" },
      data: formBody({ ...jobFormBody({ reference: REFERENCE, vehicle_types: ["curtain_side"] }), draft: "1" }),
      maxRedirects: 0,
    });
    expect(saved.status()).toBe(303);
    const job = await db().job.findFirstOrThrow({ where: { reference: REFERENCE }, select: { id: true } });

    await page.goto(`/jobs/${job.id}/edit`);
    const guide = page.locator("#price-guide [data-price-guide-target=output]");
    await guide.filter({ hasText: "Similar loads on LS → BS were accepted at a median of £" }).waitFor();
    expect(await guide.textContent()).toMatch(/^Similar loads on LS → BS were accepted at a median of £[\d,.]+ a load \(middle half £[\d,.]+ to £[\d,.]+\).*, from \d+ loads in the last 90 days\.$/);
    await fitsBothWidths(page, "price-guide-form");

    await page.getByLabel("Load type").selectOption("drums");
    await guide.filter({ hasText: "Not enough accepted prices on this lane yet to show a guide." }).waitFor();
  });

  it("the carrier sees the lane's guide beside the quote form on the demo's Leeds to Bristol job", async () => {
    const job = await db().job.findFirstOrThrow({ where: { reference: "Ambient groceries Leeds to Bristol" }, select: { id: true } });
    const page = await signedInPage(test, "carrier@example.com");
    await page.goto(`/jobs/${job.id}`);
    const guide = page.locator(".price-guide", { has: page.getByRole("heading", { name: "Price guide: LS → BS" }) });
    await guide.waitFor();
    expect(await guide.locator("dt").allTextContents()).toEqual(["Per load", "Per mile"]);
    expect(await guide.locator(".hint").textContent()).toMatch(/^From \d+ loads accepted on this lane in the last 90 days\.$/);
    await fitsBothWidths(page, "price-guide-quote");
  });
});
