import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "#db/client.server.ts";
import { type BrowserTest, fitsBothWidths, signedInPage, startBrowserTest } from "../support/browser.ts";

// Return loads as the demo's carrier finds them: Pennine Haulage opens its load on the way to
// Avonmouth, follows "Find return loads", sees the open jobs collecting near Bristol (at 1280 and
// 390 px), widens nothing, opens the nearest and quotes on it.

let test: BrowserTest;

beforeAll(async () => {
  test = await startBrowserTest();
});
afterAll(async () => {
  await test?.close();
});

describe("return loads in a real browser", () => {
  it("the carrier opens a load delivering in Bristol, sees return loads near it and quotes on one", async () => {
    const pennine = await db().user.findUniqueOrThrow({ where: { email: "carrier@example.com" } });
    const load = await db().load.findFirstOrThrow({
      where: { carrierAccountId: pennine.accountId, status: { notIn: ["delivered", "cancelled"] }, deliveryDate: { not: null }, job: { locations: { some: { kind: "delivery", postCode: { startsWith: "BS" } } } } },
      orderBy: [{ collectedAt: { sort: "asc", nulls: "last" } }, { deliveryDate: "asc" }],
    });
    const page = await signedInPage(test, "carrier@example.com");
    await page.goto(`/loads/${load.id}`);
    await page.getByRole("link", { name: "Find return loads" }).click();
    await page.waitForURL(`**/loads/${load.id}/return_loads`);
    const rows = page.locator(".return-loads-table tbody tr");
    expect(await rows.count()).toBeGreaterThanOrEqual(2);
    expect(await rows.first().locator("td[data-label=Job]").textContent()).toMatch(/^Return load: /);
    await fitsBothWidths(page, "return-loads");

    const first = rows.first().locator("td[data-label=Job] a");
    const reference = (await first.textContent())!;
    await first.click();
    await page.getByRole("heading", { name: reference }).waitFor();
    await page.getByLabel("Price per load (£)").fill("310");
    await page.getByLabel("Number of loads").fill("1");
    await page.getByRole("button", { name: "Place quote" }).click();
    await page.getByText("Your quote has been placed").waitFor();
    const job = await db().job.findFirstOrThrow({ where: { reference } });
    expect(await db().quote.count({ where: { jobId: job.id, carrierAccountId: pennine.accountId, valueCents: 31_000, status: "active" } })).toBe(1);
  });
});
