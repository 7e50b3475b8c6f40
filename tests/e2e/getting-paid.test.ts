import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { db } from "#db/client.server.ts";
import { type BrowserTest, fitsBothWidths, signedInPage, startBrowserTest } from "../support/browser.ts";
import { createJob } from "../support/job-fixtures.ts";
import { createParties, type Parties } from "../http/invoices/invoice-fixtures.ts";

// Getting paid, walked by the three people it takes: the driver delivers with a signature, the
// shipper's office accepts the proof, the carrier's office checks the draft invoice, sends it and
// downloads its PDF, the shipper marks it paid, and the carrier confirms the money arrived. Each
// office's page is looked at on a desktop and on a 390 px phone.

let test: BrowserTest;
let parties: Parties;
let loadId: number;

beforeAll(async () => {
  test = await startBrowserTest();
  parties = await createParties();
  const job = await createJob(parties.shipper.accountId, parties.shipper.id, { status: "in_progress", reference: "Paid run: Leeds to Hull", paymentTermsDays: 14 });
  const load = { jobId: job.id, sequence: 1, carrierAccountId: parties.carrier.accountId, driverId: parties.driver.id, status: "collected", collectedAt: new Date(), priceCents: 45_000 };
  loadId = (await db().load.create({ data: load })).id;
});
afterAll(async () => {
  await test?.close();
});

const signedIn = (email: string) => signedInPage(test, email);


async function signAndDeliver(driver: Page) {
  await driver.goto(`/loads/${loadId}`);
  await driver.getByRole("link", { name: "Mark delivered" }).click();
  await driver.getByLabel("Received by").fill("Gina at goods-in");
  const canvas = driver.locator("canvas.signature-pad");
  await canvas.hover({ position: { x: 40, y: 120 } });
  const pad = (await canvas.boundingBox())!;
  await driver.mouse.down();
  for (const [x, y] of [[120, 60], [200, 140], [280, 50], [360, 130]] as const) await driver.mouse.move(pad.x + x, pad.y + y, { steps: 5 });
  await driver.mouse.up();
  await driver.getByRole("button", { name: "Confirm delivery" }).click();
  await driver.waitForURL(`**/loads/${loadId}`);
  expect(await driver.locator(".flash-notice").textContent()).toBe("Delivered. The shipper has been told.");
}

describe("getting paid in a real browser", () => {
  it("delivered, proof accepted, invoice checked and sent, PDF downloaded, marked paid, receipt confirmed", async () => {
    await signAndDeliver(await signedIn(parties.driver.email));

    const shipper = await signedIn(parties.shipper.email);
    await shipper.goto(`/loads/${loadId}`);
    await shipper.locator("#proof-review").waitFor();
    await shipper.getByLabel("Accept the proof").check();
    await shipper.locator(".proof-review-form").getByRole("button").click();
    await expect.poll(() => shipper.locator(".proof-review-state").textContent()).toMatch(/^Accepted on \d{1,2} \w+ \d{4}$/);
    await fitsBothWidths(shipper, "getting-paid-shipper-load");

    // The carrier's office finds a draft prefilled from the load, checks it and sends it.
    const carrier = await signedIn(parties.carrier.email);
    await carrier.goto("/invoices");
    await carrier.locator("td[data-label=Number] a", { hasText: "Draft" }).click();
    await carrier.waitForURL(/\/invoices\/\d+$/);
    expect(await carrier.locator("h1").textContent()).toContain("Draft invoice");
    expect(await carrier.locator(".invoice-lines").textContent()).toContain("Carriage of load Paid run: Leeds to Hull · 1");
    await carrier.getByRole("button", { name: "Send invoice" }).click();
    await carrier.locator("h1", { hasText: "INV-000001" }).waitFor();
    await fitsBothWidths(carrier, "getting-paid-carrier-invoice");
    const [download] = await Promise.all([carrier.waitForEvent("download"), carrier.getByRole("link", { name: "Download PDF" }).click()]);
    expect(download.suggestedFilename()).toBe("Invoice INV-000001.pdf");
    const invoice = await db().invoice.findFirstOrThrow({ where: { number: "INV-000001", issuerAccountId: parties.carrier.accountId } });
    expect([invoice.netPence, invoice.vatPence, invoice.grossPence, invoice.status]).toEqual([45_000, 9_000, 54_000, "issued"]);

    // The shipper pays it and says so; the carrier sees the money arrived and confirms.
    await shipper.goto(`/invoices/${invoice.id}`);
    await shipper.getByLabel("Payment reference (optional)").fill("BACS 7781");
    await shipper.getByRole("button", { name: "Mark as paid" }).click();
    await shipper.locator(".flash-notice").waitFor();
    expect(await shipper.locator("main").textContent()).toContain("reference BACS 7781");
    await fitsBothWidths(shipper, "getting-paid-shipper-invoice");

    await carrier.goto(`/invoices/${invoice.id}`);
    await carrier.getByRole("button", { name: "Confirm payment received" }).click();
    expect(await carrier.locator(".flash-notice").textContent()).toBe("Payment received");
    expect(await carrier.locator("main").textContent()).toContain("Receipt confirmed on");
    const paid = await db().invoice.findUniqueOrThrow({ where: { id: invoice.id } });
    expect([paid.status, paid.paidReference, paid.receiptConfirmedAt !== null]).toEqual(["paid", "BACS 7781", true]);
  });
});
