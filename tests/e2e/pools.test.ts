import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { db } from "#db/client.server.ts";
import { reachMarketDue } from "#models/jobs/market-step.server.ts";
import { type BrowserTest, fitsBothWidths, signedInPage, startBrowserTest } from "../support/browser.ts";
import { createCarrier, createShipper } from "../support/fixtures.ts";
import { formBody, jobFormBody } from "../support/job-fixtures.ts";

// Pools first, then the market, walked by three offices in three browsers: the shipper makes a
// pool and adds one carrier, publishes a job to its pools first; the pool's carrier finds it and
// quotes; the carrier outside the pool gets "not found" and no board row until the market step,
// then sees the job and may quote. The shipper's page says who was invited, who looked and quoted.

const REFERENCE = "Pools first: chilled to Leeds";

let test: BrowserTest;
let emails: { shipper: string; inside: string; outside: string };
let insideName: string;

beforeAll(async () => {
  test = await startBrowserTest();
  const shipper = await createShipper({ company: "Pool Test Foods" });
  const inside = await createCarrier({ company: "Trusted Chilled Haulage" });
  const outside = await createCarrier({ company: "Outside Freight" });
  emails = { shipper: shipper.email, inside: inside.email, outside: outside.email };
  insideName = inside.account.name;
});
afterAll(async () => {
  await test?.close();
});

const signedIn = (email: string) => signedInPage(test, email);


/** A draft saved through the app's own form route, as the "Save draft" button would. */
async function saveDraft(page: Page): Promise<number> {
  await page.goto("/jobs/new");
  const token = await page.locator('meta[name="csrf-token"]').getAttribute("content");
  const body = formBody({ ...jobFormBody({ reference: REFERENCE, number_of_loads: "2", call_off_load_type: "all_at_once" }), draft: "1" });
  const response = await page.request.post("/jobs", {
    headers: { "Content-Type": "application/x-www-form-urlencoded", "X-CSRF-Token": token ?? "" },
    data: body,
    maxRedirects: 0,
  });
  expect(response.status()).toBe(303);
  return (await db().job.findFirstOrThrow({ where: { reference: REFERENCE }, select: { id: true } })).id;
}

describe("pools first, then the market, in a real browser", () => {
  it("the shipper offers a job to its pool; the pool's carrier quotes; the outside carrier sees it only after the market step", async () => {
    const shipper = await signedIn(emails.shipper);
    await shipper.goto("/pools");
    await shipper.getByLabel("Name").fill("Chilled regulars");
    await shipper.getByRole("button", { name: "Make pool" }).click();
    await shipper.locator(".flash-notice", { hasText: "Pool Chilled regulars made." }).waitFor();
    await shipper.getByLabel("Carrier's company name").fill("Trusted Chilled");
    await shipper.getByRole("button", { name: "Search" }).click();
    await shipper.getByRole("button", { name: `Add ${insideName}` }).click();
    await shipper.locator("td[data-label=Carrier]", { hasText: insideName }).waitFor();
    await fitsBothWidths(shipper, "pools-pool");

    const jobId = await saveDraft(shipper);
    await shipper.goto(`/jobs/${jobId}/edit`);
    await shipper.locator('label.choice:has(input[name="job[audience]"][value="pools_then_market"])').click();
    await shipper.getByLabel("Chilled regulars").check();
    await shipper.getByLabel("Hours before the open market sees it").fill("2");
    await shipper.getByRole("button", { name: "Publish job" }).click();
    await shipper.waitForURL(`**/jobs/${jobId}`);
    const audience = shipper.locator("#audience");
    expect(await audience.textContent()).toContain("Chilled regulars");
    expect(await audience.locator(".invited-carriers").textContent()).toContain(insideName);
    const job = await db().job.findUniqueOrThrow({ where: { id: jobId } });
    expect(job).toMatchObject({ audience: "pools_then_market", onMarket: false });

    // The pool's carrier is told of the invitation, follows it and quotes.
    const inside = await signedIn(emails.inside);
    await inside.goto("/notifications");
    await inside.locator("a", { hasText: `Pool Test Foods invites you to quote: ${REFERENCE}` }).first().click();
    await inside.waitForURL(`**/jobs/${jobId}`);
    await inside.getByLabel("Price per load (£)").fill("420");
    await inside.getByLabel("Number of loads").fill("1");
    await inside.getByRole("button", { name: "Place quote" }).click();
    await inside.getByText("Your quote has been placed").waitFor();
    await fitsBothWidths(inside, "pools-inside-quoted");

    // The carrier outside the pool: not on its board, and the address answers "not found".
    const outside = await signedIn(emails.outside);
    await outside.goto("/jobs");
    expect(await outside.locator("main").textContent()).not.toContain(REFERENCE);
    const hidden = await outside.goto(`/jobs/${jobId}`);
    expect(hidden?.status()).toBe(404);

    // The shipper's page tells who looked and quoted.
    await shipper.reload();
    const row = shipper.locator(".invited-carriers tr", { hasText: insideName });
    expect(await row.locator("td").nth(1).textContent()).toMatch(/^Looked on /);
    expect(await row.locator("td").nth(2).textContent()).toBe("Quoted");
    await fitsBothWidths(shipper, "pools-shipper-job");

    // The market step comes due with one of the two loads still unallocated (the server's sweep
    // would take it within 15 s; the test takes it now).
    expect((await reachMarketDue(job.marketAt!)).reached).toEqual([jobId]);
    const shown = await outside.goto(`/jobs/${jobId}`);
    expect(shown?.status()).toBe(200);
    await outside.locator("#bid-form").waitFor();
    await fitsBothWidths(outside, "pools-outside-after-step");
    expect(await db().notification.count({ where: { user: { email: emails.outside }, kind: "job_invited" } })).toBe(0);

    await shipper.reload();
    expect(await shipper.locator(".audience-timeline").textContent()).toContain("Reached the open market");
  });
});
