import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "#db/client.server.ts";
import { addDays } from "#domain/format/calendar.ts";
import { toDateInputValue } from "#domain/format/dates.ts";
import { type BrowserTest, fitsBothWidths, signedInPage, startBrowserTest } from "../support/browser.ts";

// Planned empty journeys as the demo's people use them: Pennine's office posts a lorry free in
// Bristol tomorrow morning and heading home to Leeds (a place the gazetteer does not know is refused
// beside its field first), sees the demo's job collecting in Birmingham along the way and is told of
// it in the bell; Northwind's office finds Pennine's vehicles passing Birmingham that day.

const ALONG = "Along the way: Birmingham to Leeds";
let test: BrowserTest;

beforeAll(async () => {
  test = await startBrowserTest();
});
afterAll(async () => {
  await test?.close();
});

describe("planned journeys in a real browser", () => {
  it("the carrier posts a journey, sees the job along it and hears of it; the shipper finds the vehicle", async () => {
    const started = new Date();
    const tomorrow = addDays(toDateInputValue(new Date()), 1);
    const dayAfter = addDays(tomorrow, 1);
    const page = await signedInPage(test, "carrier@example.com");
    await page.goto("/availability");
    await page.getByRole("link", { name: "Post a vehicle as available" }).click();
    await page.getByLabel("Free at").fill("Qwxzzy");
    await page.getByLabel("Free from").fill(`${tomorrow}T07:00`);
    await page.getByLabel("Heading to").fill("Leeds");
    await page.getByLabel("Must arrive by").fill(`${dayAfter}T20:00`);
    await page.getByLabel("Vehicle type").selectOption("curtain_side");
    await page.getByRole("button", { name: "Post journey" }).click();
    await page.locator(".error-summary").waitFor();
    expect(await page.locator("#field_from_place_error").textContent()).toContain("Qwxzzy");
    expect(await page.getByLabel("Heading to").inputValue()).toBe("Leeds");

    await page.getByLabel("Free at").fill("Bristol");
    await page.getByRole("button", { name: "Post journey" }).click();
    await page.getByText("Journey posted.").waitFor();
    await page.getByRole("link", { name: ALONG }).waitFor();
    await fitsBothWidths(page, "availability-journey");
    const pennine = await db().user.findUniqueOrThrow({ where: { email: "carrier@example.com" } });
    const job = await db().job.findFirstOrThrow({ where: { reference: ALONG }, select: { id: true } });
    const posted = await db().vehicleAvailability.findFirstOrThrow({ where: { accountId: pennine.accountId }, orderBy: { id: "desc" } });
    expect(await db().availabilityMatch.count({ where: { availabilityId: posted.id, jobId: job.id } })).toBe(1);
    expect(await db().notification.count({ where: { userId: pennine.id, kind: "journey_match", path: `/jobs/${job.id}`, createdAt: { gte: started } } })).toBe(1);
    await page.getByRole("link", { name: ALONG }).click();
    await page.getByRole("heading", { name: ALONG }).waitFor();

    const shipper = await signedInPage(test, "shipper@example.com");
    await shipper.goto("/dashboard");
    await shipper.getByRole("link", { name: "Find vehicles" }).click();
    await shipper.getByLabel("Collection town or postcode").fill("Birmingham");
    await shipper.getByLabel("Collection day").fill(tomorrow);
    await shipper.getByRole("button", { name: "Find vehicles" }).click();
    const rows = shipper.locator(".available-vehicles-table tbody tr", { hasText: "Pennine Haulage" });
    await rows.first().waitFor();
    expect(await rows.count()).toBeGreaterThanOrEqual(2);
    await fitsBothWidths(shipper, "availability-vehicles");
  });
});
