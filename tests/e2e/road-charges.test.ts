import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "#db/client.server.ts";
import { type BrowserTest, fitsBothWidths, signedInPage, startBrowserTest } from "../support/browser.ts";

// Road charges as the demo's carrier meets them: Pennine's office opens a job into Bristol and sees
// the Clean Air Zone's charge, what each of its lorries pays (its Euro 5 artic £100) and the hint
// beside the quote's price that leads there; a job from Maidstone to Chelmsford crosses at Dartford.

let test: BrowserTest;

beforeAll(async () => {
  test = await startBrowserTest();
});
afterAll(async () => {
  await test?.close();
});

const jobId = async (reference: string) => (await db().job.findFirstOrThrow({ where: { reference }, select: { id: true } })).id;

describe("road charges in a real browser", () => {
  it("the carrier sees the Bristol CAZ on a job into Bristol, its Euro 5 artic's £100, and the quote form's hint", async () => {
    const page = await signedInPage(test, "carrier@example.com");
    await page.goto(`/jobs/${await jobId("Ambient pallets: Leeds to Bristol Temple Quay")}`);
    const section = page.locator("section.road-charges");
    await section.getByRole("heading", { name: "Road charges" }).waitFor();
    expect(await section.locator("li[data-zone=bristol_caz]").textContent()).toContain("£100");
    const artic = section.locator("tr", { has: page.locator(".registration", { hasText: "YK15 CAZ" }) });
    expect(await artic.locator("td[data-label=Total]").textContent()).toContain("£100.00");
    const hint = page.locator(".road-charges-hint");
    expect(await hint.textContent()).toContain("Bristol CAZ");
    await hint.getByRole("link", { name: "What each of your vehicles pays" }).click();
    await page.waitForURL("**#road_charges");
    await fitsBothWidths(page, "road-charges-bristol");
  });

  it("the carrier sees the Dartford Crossing on a job from Maidstone to Chelmsford", async () => {
    const page = await signedInPage(test, "carrier@example.com");
    await page.goto(`/jobs/${await jobId("Paper reels: Maidstone to Chelmsford")}`);
    const dartford = page.locator("section.road-charges li[data-zone=dartford]");
    await dartford.waitFor();
    expect(await dartford.textContent()).toMatch(/£4\.20.*£8\.40|£8\.40.*£4\.20/s);
    await fitsBothWidths(page, "road-charges-dartford");
  });
});
