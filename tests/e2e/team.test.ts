import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "#db/client.server.ts";
import { newPage, signInAs, startBrowserTest, type BrowserTest } from "../support/browser.ts";
import { createCarrier, createShipper } from "../support/fixtures.ts";
import { createJob } from "../support/job-fixtures.ts";
import { lettersTo } from "../support/outbox.ts";

// A carrier's first driver: the admin invites them, they join from the e-mailed link on their
// phone, get a load, and see it there.

let test: BrowserTest;
let admin: Awaited<ReturnType<typeof createCarrier>>;
let loadId: number;
const DRIVER_EMAIL = `first.driver.${Date.now()}@test.example`;

beforeAll(async () => {
  test = await startBrowserTest();
  admin = await createCarrier({ name: "Alex Admin", company: "First Week Haulage" });
  const shipper = await createShipper({ company: "First Week Foods" });
  const job = await createJob(shipper.accountId, shipper.id, { status: "awarded", reference: "First run to Bristol" });
  loadId = (await db().load.create({ data: { jobId: job.id, sequence: 1, carrierAccountId: admin.accountId, status: "assigned", pickupDate: new Date("2027-03-03T00:00:00Z") } })).id;
});
afterAll(async () => {
  await test?.close();
});

describe("a carrier's team in a real browser", () => {
  it("invites a driver, who joins from the e-mail on a phone, is given a load and sees it", async () => {
    const office = (await newPage(test)).page;
    await signInAs(office, admin.email);
    await office.goto("/team");
    await office.getByLabel("Their name").fill("Fran Driver");
    await office.getByLabel("Their email").fill(DRIVER_EMAIL);
    await office.getByRole("radio", { name: "Driver" }).check();
    await office.getByRole("button", { name: "Send invitation" }).click();
    await office.getByText(`Invitation sent to ${DRIVER_EMAIL}`).waitFor();
    expect(await office.locator("[data-invitation-id]").textContent()).toContain("Fran Driver");

    const link = lettersTo(DRIVER_EMAIL).at(-1)!.link!;
    const phoneContext = await test.browser.newContext({ baseURL: test.baseUrl, locale: "en-GB", timezoneId: "Europe/London", viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const phone = await phoneContext.newPage();
    await phone.goto(new URL(link).pathname);
    await phone.getByRole("heading", { name: "Join First Week Haulage" }).waitFor();
    await phone.getByLabel("Choose a password").fill("fran-drives-safely");
    await phone.getByRole("button", { name: "Join First Week Haulage" }).click();
    await phone.waitForURL("**/loads");
    await phone.getByText("No loads assigned to you yet.").waitFor();

    await office.goto(`/loads/${loadId}`);
    await office.getByLabel("Driver", { exact: true }).selectOption({ label: "Fran Driver" });
    await office.getByRole("button", { name: "Save driver" }).click();
    await office.locator(".flash", { hasText: "Driver assigned" }).waitFor();

    await phone.reload();
    const card = phone.locator(`[data-load-id="${loadId}"] .driver-load`);
    await card.waitFor();
    expect(await card.locator(".driver-load-next").textContent()).toBe("Collect from Leeds, GB");
    expect(await card.locator(".driver-load-when").textContent()).toBe("on 3 Mar 2027");
    // Fits the phone: nothing wider than the screen.
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await card.click();
    await phone.waitForURL(`**/loads/${loadId}`);
    await phoneContext.close();
  });
});
