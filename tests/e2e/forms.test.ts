import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "#db/client.server.ts";
import { awardJob } from "#models/award.server.ts";
import { newPage, signInAs, startBrowserTest, type BrowserTest } from "../support/browser.ts";
import { createCarrier, createShipper } from "../support/fixtures.ts";
import { createJob } from "../support/job-fixtures.ts";

// Telemetry is on here (as in production), so the send-event element really posts to /collect.
let test: BrowserTest;
beforeAll(async () => {
  test = await startBrowserTest({ CLIENT_TELEMETRY: "true" });
});
afterAll(async () => {
  await test?.close();
});

type FieldState = { hidden: boolean; disabled: boolean; required: boolean };
/** Whether a field's group is hidden, and the field disabled and required. */
function fieldState(page: Page, label: string): Promise<FieldState> {
  return page.getByLabel(label, { exact: true }).first().evaluate((field: HTMLInputElement) => ({
    hidden: Boolean(field.closest("[hidden]")),
    disabled: field.disabled,
    required: field.required,
  }));
}

describe("form behaviours in the product's forms", () => {
  it("the job form shows its groups with toggle-visible, and hidden groups ask for nothing until shown again", async () => {
    const { page, context } = await newPage(test);
    await signInAs(page, "shipper@example.com");
    await page.goto("/jobs/new");
    const form = page.locator("form.job-form");
    const groups = page.locator(".job-form-groups");
    expect(await form.getAttribute("data-controller")).toContain("job-form");
    expect(await groups.getAttribute("data-controller")).toBe("toggle-visible");
    expect(await page.locator('[data-visibility-group="start_date"]').getAttribute("data-controller")).toBe("require-fields-when-visible");

    // A single load: no start date, and the hidden field is neither sent nor required.
    await expect.poll(() => fieldState(page, "Start date")).toEqual({ hidden: true, disabled: true, required: false });
    expect(JSON.parse((await groups.getAttribute("data-toggle-visible-shown-value"))!)).not.toContain("start_date");
    await page.getByLabel("Multi-load (recurring)").check();
    expect(await fieldState(page, "Start date")).toEqual({ hidden: false, disabled: false, required: true });
    expect(JSON.parse((await groups.getAttribute("data-toggle-visible-shown-value"))!)).toContain("start_date");
    // "Number of loads" was never required: hiding and showing it keeps it that way.
    await page.getByLabel("Contract", { exact: true }).check();
    expect(await fieldState(page, "Number of loads")).toEqual({ hidden: true, disabled: true, required: false });
    await page.getByLabel("Single load").check();
    expect(await fieldState(page, "Number of loads")).toEqual({ hidden: false, disabled: false, required: false });
    expect(await fieldState(page, "Start date")).toEqual({ hidden: true, disabled: true, required: false });

    // A pickup added later takes the groups that apply now, not those of the page's first render.
    await page.getByLabel("Multi-load (recurring)").check();
    await page.getByRole("button", { name: "Add another pickup" }).click();
    const added = page.locator('[data-location-kind="pickup"]').nth(1).getByLabel("Collection date");
    await expect.poll(() => added.evaluate((field: HTMLInputElement) => [Boolean(field.closest("[hidden]")), field.disabled])).toEqual([true, true]);
    await page.getByLabel("Single load").check();
    expect(await added.evaluate((field: HTMLInputElement) => [Boolean(field.closest("[hidden]")), field.disabled, field.required])).toEqual([false, false, true]);
    await context.close();
  });

  it("an address suggestion that carries only a plain value is looked up like typed text", async () => {
    const { page, context } = await newPage(test);
    await signInAs(page, "shipper@example.com");
    await page.route("**/api/v1/address_autocomplete**", (route) => route.fulfill({ json: [{ label: "Our Leeds depot (by post code)", value: "LS1 4AP", name: "Northwind Leeds depot" }] }));
    const lookups: string[] = [];
    page.on("request", (request) => {
      if (request.url().includes("/api/v1/geocode_places/")) lookups.push(decodeURIComponent(request.url().split("/geocode_places/")[1]!));
    });
    await page.goto("/jobs/new");
    const address = page.getByLabel("Pickup address").first();
    await address.click();
    await address.pressSequentially("depot", { delay: 20 });
    const option = page.getByRole("option", { name: "Our Leeds depot (by post code)" });
    await option.waitFor();
    await option.dispatchEvent("mousedown");
    expect(await address.inputValue()).toBe("LS1 4AP");
    await expect.poll(() => page.locator('[name="job[pickups][0][city]"]').inputValue()).toBe("Leeds");
    expect(lookups).toEqual(["LS1 4AP"]);
    expect(await page.locator('[name="job[pickups][0][company_name]"]').inputValue()).toBe("Northwind Leeds depot");
    expect(await page.locator('[name="job[pickups][0][country_code]"]').inputValue()).toBe("GB");
    await context.close();
  });

  it("the carrier selector refreshes when the collection date or the collection point changes", async () => {
    const shipper = await createShipper({ company: "Selector Foods" });
    const alpha = await createCarrier({ company: "Alpha Selector Haulage" });
    const bravo = await createCarrier({ company: "Bravo Selector Freight" });
    const pickups = [
      { kind: "pickup", position: 0, city: "Leeds", countryCode: "GB", windowDate: new Date("2027-03-03T00:00:00Z") },
      { kind: "pickup", position: 1, city: "York", countryCode: "GB", windowDate: new Date("2027-03-03T00:00:00Z") },
      { kind: "delivery", position: 0, city: "Bristol", countryCode: "GB", windowDate: new Date("2027-03-04T00:00:00Z") },
    ];
    const job = await createJob(shipper.accountId, shipper.id, { expectedQuantity: 2, numberOfLoads: 2, firstBidPercentage: 50, secondBidPercentage: 50, locations: pickups });
    // Alpha also collects in York on 10 March, for another of this shipper's jobs.
    const other = await createJob(shipper.accountId, shipper.id, {
      locations: [
        { kind: "pickup", position: 0, city: "York", countryCode: "GB", windowDate: new Date("2027-03-10T00:00:00Z") },
        { kind: "delivery", position: 0, city: "Hull", countryCode: "GB", windowDate: new Date("2027-03-10T00:00:00Z") },
      ],
    });
    for (const [jobId, carrier, price] of [[job.id, alpha, 40_000], [job.id, bravo, 45_000], [other.id, alpha, 30_000]] as const) {
      await db().quote.create({ data: { jobId, carrierAccountId: carrier.accountId, placedById: carrier.id, valueCents: price, numberOfLoads: 1, status: "active" } });
    }
    await awardJob(job.id);
    await awardJob(other.id);
    const load = await db().load.findFirstOrThrow({ where: { jobId: job.id, carrierAccountId: bravo.accountId } });

    const { page, context } = await newPage(test);
    await signInAs(page, shipper.email);
    await page.goto(`/loads/${load.id}`);
    const point = page.getByLabel("Collection point");
    expect(await point.locator("option").allTextContents()).toEqual([expect.stringContaining("Leeds"), expect.stringContaining("York")]);
    const hint = page.locator(".move-form .carrier-nearby");
    expect(await hint.textContent()).toContain("Already collecting in Leeds that day: Alpha Selector Haulage, Bravo Selector Freight");

    const sent: unknown[] = [];
    page.on("request", (request) => {
      if (request.url().endsWith("/loads_carrier_selector")) sent.push(request.postDataJSON());
    });
    // Alpha already has a load on the first date too, so wait for the selector's answer itself.
    const answered = page.waitForResponse((response) => response.url().endsWith("/loads_carrier_selector"));
    await page.getByLabel("Collection date").fill("2027-03-10");
    await answered;
    await expect.poll(() => hint.count()).toBe(0);
    expect(await page.locator(".move-form select[name=carrier_account_id]").textContent()).toMatch(/Alpha Selector Haulage — £400\.00 a load · 1 load for you that day/);
    await point.selectOption({ index: 1 });
    await expect.poll(() => hint.textContent().catch(() => "")).toBe("Already collecting in York that day: Alpha Selector Haulage");
    expect(sent).toEqual([
      { job_id: job.id, carrier_account_id: bravo.accountId, address: { city: "Leeds", country: "GB" }, date: "2027-03-10" },
      { job_id: job.id, carrier_account_id: bravo.accountId, address: { city: "York", country: "GB" }, date: "2027-03-10" },
    ]);
    await context.close();
  });

  it("a placed quote is sent to /collect once, from the page the carrier lands on", async () => {
    const shipper = await db().user.findUniqueOrThrow({ where: { email: "shipper@example.com" } });
    const job = await createJob(shipper.accountId, shipper.id, { expectedQuantity: 3, numberOfLoads: 3, reference: "Send-event pallets" });
    const { page, context } = await newPage(test);
    const collected: { name: string; data: unknown }[] = [];
    page.on("request", (request) => {
      if (request.url().endsWith("/collect")) collected.push(request.postDataJSON());
    });
    await signInAs(page, "carrier@example.com");
    await page.goto(`/jobs/${job.id}`);
    await page.getByLabel("Price per load (£)").fill("380");
    await page.getByLabel("Number of loads").fill("2");
    await page.getByRole("button", { name: "Place quote" }).click();
    await page.getByText("Your quote has been placed").waitFor();
    const placed = { name: "quote_placed", data: { job_id: job.id, number_of_loads: 2, value_cents: 38_000, revised: false } };
    await expect.poll(() => collected.filter((event) => event.name === "quote_placed")).toEqual([placed]);
    expect(await page.locator('[data-controller="send-event"]').count()).toBe(0);
    await expect.poll(() => db().analyticsEvent.count({ where: { name: "quote_placed", data: { contains: `"job_id":${job.id}` } } })).toBe(1);
    // Back and forward through Turbo's cache: the element is gone, nothing is sent again.
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Dashboard" }).click();
    await page.waitForURL("**/dashboard");
    await page.goBack();
    await page.waitForURL(`**/jobs/${job.id}`);
    await page.waitForTimeout(300);
    expect(collected.filter((event) => event.name === "quote_placed")).toHaveLength(1);
    await context.close();
  });

  it("each allocation-rule field has a focusable '?' that explains the rule in a tooltip", async () => {
    const { page, context } = await newPage(test);
    await signInAs(page, "shipper@example.com");
    const shipper = await db().user.findUniqueOrThrow({ where: { email: "shipper@example.com" } });
    const job = await createJob(shipper.accountId, shipper.id, { reference: "Tooltip pallets" });
    await page.goto(`/jobs/${job.id}/quotes`);
    for (const label of ["Cheapest quote (%)", "Second cheapest (%)", "Third cheapest (%)"]) {
      const help = page.getByRole("button", { name: `About “${label}”` });
      expect(await help.getAttribute("data-controller")).toBe("tooltip");
      const explanation = (await help.getAttribute("data-tooltip-content-value"))!;
      expect(explanation).toMatch(/^The share .*\.$/);
      await help.focus();
      expect(await help.evaluate((button) => document.activeElement === button)).toBe(true);
      await expect.poll(() => page.getByText(explanation).isVisible()).toBe(true);
      expect(await page.getByRole("spinbutton", { name: label }).inputValue()).toMatch(/^\d+$/);
    }
    await context.close();
  });
});
