import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { db } from "#db/client.server.ts";
import { type BrowserTest, fitsBothWidths, signedInPage, startBrowserTest } from "../support/browser.ts";
import { createJob } from "../support/job-fixtures.ts";
import { createParties, type Parties } from "../http/invoices/invoice-fixtures.ts";

// Two-way ratings, blind until both have rated, walked by the two offices in two browsers: the
// shipper rates the carrier after delivery; the carrier cannot see that rating until it has rated
// too; then both see both, and the carrier's score beside its quote on the shipper's quotes page
// moves from "No ratings yet" to its stars.

let test: BrowserTest;
let parties: Parties;
let loadId: number;
let openJobId: number;

beforeAll(async () => {
  test = await startBrowserTest();
  parties = await createParties();
  const done = await createJob(parties.shipper.accountId, parties.shipper.id, { status: "in_progress", reference: "Rated run: York to Hull" });
  const deliveredAt = new Date(Date.now() - 86_400_000);
  const load = { jobId: done.id, sequence: 1, carrierAccountId: parties.carrier.accountId, status: "delivered", priceCents: 38_000, deliveredAt, proofStatus: "accepted", proofAcceptedAt: deliveredAt };
  loadId = (await db().load.create({ data: load })).id;
  const open = await createJob(parties.shipper.accountId, parties.shipper.id, { status: "open", reference: "Next tender: Hull to Leeds", publishedAt: new Date() });
  openJobId = open.id;
  await db().quote.create({ data: { jobId: open.id, carrierAccountId: parties.carrier.accountId, placedById: parties.carrier.id, valueCents: 41_000, numberOfLoads: 1, status: "active" } });
});
afterAll(async () => {
  await test?.close();
});

const signedIn = (email: string) => signedInPage(test, email);

async function rate(page: Page, stars: Record<string, string>, comment: string) {
  await page.goto(`/loads/${loadId}`);
  await page.locator(".trust-card a", { hasText: /^Rate / }).click();
  await page.waitForURL(`**/loads/${loadId}/rating`);
  // The star radios are drawn by their labels, which are what a person clicks.
  for (const [field, value] of Object.entries(stars)) await page.locator(`input[name="${field}"][value="${value}"] + label`).click();
  await page.locator('label[for="rating_would_again_yes"]').click();
  for (const [field, value] of Object.entries(stars)) expect(await page.locator(`input[name="${field}"][value="${value}"]`).isChecked()).toBe(true);
  await page.getByLabel("Comment (optional)").fill(comment);
  await page.locator(".rating-form button[type=submit]").click();
  await page.waitForURL(`**/loads/${loadId}`);
  expect(await page.locator(".flash-notice").textContent()).toMatch(/^Your rating of .+ is saved\.$/);
}

const ratingsSection = (page: Page) => page.locator("section[aria-labelledby=ratings-title]");


describe("ratings in a real browser", () => {
  it("the shipper rates, the carrier cannot see it until it rates too, then both see both and the quotes page shows the score", async () => {
    const shipper = await signedIn(parties.shipper.email);
    const carrier = await signedIn(parties.carrier.email);
    const scoreBesideQuote = () => shipper.locator(".company-score-line").first().textContent();
    await shipper.goto(`/jobs/${openJobId}/quotes`);
    expect(await scoreBesideQuote()).toContain("No ratings yet");

    await rate(shipper, { punctuality: "5", communication: "4", care_of_goods: "5", paperwork: "4" }, "On time both ends, paperwork complete.");
    expect(await shipper.locator(".trust-card").textContent()).toContain("Waiting for the other side");

    // Blind: the carrier sees that it may rate, and nothing of the shipper's rating.
    await carrier.goto(`/loads/${loadId}/rating`);
    expect(await ratingsSection(carrier).textContent()).not.toContain("On time both ends");
    await fitsBothWidths(carrier, "ratings-carrier-form");

    await rate(carrier, { accuracy: "5", site_and_waiting: "3", communication: "5" }, "Clear instructions, a long wait at the gate.");
    await carrier.goto(`/loads/${loadId}/rating`);
    expect(await ratingsSection(carrier).textContent()).toContain("On time both ends, paperwork complete.");
    expect(await ratingsSection(carrier).textContent()).toContain("Clear instructions, a long wait at the gate.");
    await shipper.goto(`/loads/${loadId}/rating`);
    expect(await ratingsSection(shipper).textContent()).toContain("Clear instructions, a long wait at the gate.");
    await fitsBothWidths(shipper, "ratings-both-revealed");

    // The carrier's score beside its quote: 4.5 stars from one company's rating.
    await shipper.goto(`/jobs/${openJobId}/quotes`);
    expect(await scoreBesideQuote()).toMatch(/★\s*4\.5/);
  });
});
