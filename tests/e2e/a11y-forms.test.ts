import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "#db/client.server.ts";
import { newPage, signInAs, startBrowserTest, type BrowserTest } from "../support/browser.ts";
import { createAuctionJob, createJob } from "../support/job-fixtures.ts";

// Forms by keyboard alone: after signing in, every step is a key press (Tab, typing, arrows,
// Enter, Escape) — no clicks — and where the focus lands is checked at each turn.

let test: BrowserTest;
let shipper: { accountId: number; id: number };
beforeAll(async () => {
  test = await startBrowserTest();
  shipper = await db().user.findUniqueOrThrow({ where: { email: "shipper@example.com" } });
});
afterAll(async () => {
  await test?.close();
});

/** Whether the focused element matches the selector. */
const focusIs = (page: Page, selector: string) => page.evaluate((s) => document.activeElement?.matches(s) ?? false, selector);

/** Presses Tab (or Shift+Tab) until the focus is on the selector's element. */
async function tabTo(page: Page, selector: string, { back = false, max = 120 } = {}) {
  for (let i = 0; i < max; i++) {
    if (await focusIs(page, selector)) return;
    await page.keyboard.press(back ? "Shift+Tab" : "Tab");
  }
  throw new Error(`Tab never reached ${selector}`);
}

/** Types into the focused address field and takes the suggestion with this label by arrow keys and Enter. */
async function chooseSuggestion(page: Page, listId: string, typed: string, label: string) {
  await page.keyboard.type(typed, { delay: 20 });
  const options = page.locator(`#${listId} [role=option]`);
  await options.filter({ hasText: label }).first().waitFor();
  const index = (await options.allTextContents()).indexOf(label);
  expect(index).toBeGreaterThanOrEqual(0);
  for (let i = 0; i <= index; i++) await page.keyboard.press("ArrowDown");
  await page.keyboard.press("Enter");
}

const outlineOf = (page: Page, selector: string) =>
  page.locator(selector).first().evaluate((element) => {
    const style = getComputedStyle(element);
    return `${style.outlineStyle} ${style.outlineWidth} ${style.outlineColor}`;
  });
const BRAND_RING = "solid 3px rgb(11, 110, 79)"; // --brand on white: 6.3:1

describe("forms by keyboard alone", () => {
  it("posts a single palletised job with suggested addresses; Enter in a field publishes, never saves a draft", async () => {
    const { page, context } = await newPage(test);
    await signInAs(page, "shipper@example.com");
    await page.goto("/jobs/new");
    const reference = "Keyboard pallets to Bristol";

    // Enter in a text field of a half-filled form asks for the missing answers (the browser's
    // check of the publish button) instead of leaving with a draft.
    await tabTo(page, "#job_reference");
    await page.keyboard.type(reference);
    await page.keyboard.press("Enter");
    expect(await focusIs(page, ":invalid")).toBe(true);
    expect(new URL(page.url()).pathname).toBe("/jobs/new");
    expect(await db().job.count({ where: { reference } })).toBe(0);

    // Tab leaves an address field at once: the suggestions close, the focus goes to the next control.
    await tabTo(page, "#job_pickups_0_full_address");
    await page.keyboard.type("Lee", { delay: 20 });
    await page.locator("#job_pickups_0_suggestions [role=option]").first().waitFor();
    await page.keyboard.press("Tab");
    expect(await page.locator("#job_pickups_0_suggestions").isHidden()).toBe(true);
    expect(await focusIs(page, "#job_pickups_0_suggestions, body")).toBe(false);
    expect(await focusIs(page, "button, input, select, textarea")).toBe(true);

    await tabTo(page, "#job_pickups_0_full_address", { back: true });
    await page.keyboard.press("Control+A");
    await page.keyboard.press("Backspace");
    await chooseSuggestion(page, "job_pickups_0_suggestions", "Leeds", "Leeds, England, UK");
    expect(await page.locator('[name="job[pickups][0][city]"]').inputValue()).toBe("Leeds");
    expect(await focusIs(page, "#job_pickups_0_full_address")).toBe(true);
    await tabTo(page, "#job_pickups_0_window_date");
    await page.keyboard.type("03032031");
    expect(await page.locator("#job_pickups_0_window_date").inputValue()).toBe("2031-03-03");

    await tabTo(page, "#job_deliveries_0_full_address");
    await chooseSuggestion(page, "job_deliveries_0_suggestions", "Bristol", "Bristol, England, UK");
    expect(await page.locator('[name="job[deliveries][0][city]"]').inputValue()).toBe("Bristol");

    // Pallets: the type and the number by the arrow keys and type-ahead of a closed select.
    await tabTo(page, "#job_pallet_type");
    await page.keyboard.press("ArrowDown");
    expect(await page.locator("#job_pallet_type").inputValue()).toBe("eu");
    await tabTo(page, "#job_quantity_eu");
    await page.keyboard.type("20");
    expect(await page.locator("#job_quantity_eu").inputValue()).toBe("20");

    // Vehicle types: Tom Select's input shows a focus ring, carries the select's required state,
    // and the hidden select keeps a name from the label.
    await tabTo(page, "#job_vehicle_types-ts-control");
    expect(await outlineOf(page, ".ts-wrapper.focus .ts-control")).toBe(BRAND_RING);
    expect(await page.locator("#job_vehicle_types-ts-control").getAttribute("aria-required")).toBe("true");
    expect(await page.locator("#job_vehicle_types").getAttribute("aria-labelledby")).toBe("job_vehicle_types-ts-label");
    await page.keyboard.type("Curtain", { delay: 20 });
    await page.locator(".ts-dropdown .option.active", { hasText: "Curtain-sider" }).waitFor();
    await page.keyboard.press("Enter");
    await page.keyboard.press("Escape");
    expect(await focusIs(page, "#job_vehicle_types-ts-control")).toBe(true);
    expect(await page.locator("#job_vehicle_types").evaluate((select: HTMLSelectElement) => Array.from(select.selectedOptions, (o) => o.value))).toEqual(["curtain_side"]);

    // Checkboxes show the same ring.
    await tabTo(page, "input[type=checkbox]");
    expect(await outlineOf(page, "input[type=checkbox]:focus")).toBe(BRAND_RING);

    // How the goods are loaded, by the arrow keys of a closed select.
    await tabTo(page, "#job_loading_method");
    await page.keyboard.press("ArrowDown");
    expect(await page.locator("#job_loading_method").inputValue()).toBe("rear");

    // Enter in the booking-in reference, with everything answered, publishes.
    await tabTo(page, "#job_pickups_0_booking_reference", { back: true });
    await page.keyboard.type("BK-1");
    await page.keyboard.press("Enter");
    await page.getByText("Your job is published and on the job board.").waitFor();
    expect(await db().job.findFirst({ where: { reference }, select: { status: true } })).toEqual({ status: "open" });
    await context.close();
  });

  it("moves the focus sensibly after removing a location block", async () => {
    const { page, context } = await newPage(test);
    await signInAs(page, "shipper@example.com");
    await page.goto("/jobs/new");
    await tabTo(page, "#pickups_add");
    await page.keyboard.press("Enter");
    expect(await focusIs(page, '[data-location-kind="pickup"]:nth-child(2) input[type=text]')).toBe(true);

    // Removing the second block: to the first block's first field.
    await tabTo(page, '[data-location-kind="pickup"]:nth-child(2) [data-repeatable-list-target=removeButton]');
    await page.keyboard.press("Enter");
    expect(await focusIs(page, "#job_pickups_0_full_address")).toBe(true);

    // Removing the first of two: no block before it, so to the add button.
    await tabTo(page, "#pickups_add");
    await page.keyboard.press("Enter");
    await tabTo(page, '[data-location-kind="pickup"]:nth-child(1) [data-repeatable-list-target=removeButton]', { back: true });
    await page.keyboard.press("Enter");
    expect(await focusIs(page, "#pickups_add")).toBe(true);
    await context.close();
  });

  it("fixes a refused form using the error summary's links", async () => {
    const { page, context } = await newPage(test);
    await page.goto("/signup");
    await tabTo(page, "#field_email");
    await page.keyboard.type("not-an-email");
    await page.keyboard.press("Enter");
    const summary = page.locator(".error-summary");
    await summary.waitFor();
    await expect.poll(() => focusIs(page, ".error-summary")).toBe(true);
    expect(await summary.getAttribute("role")).toBe("alert");
    expect(await summary.getByRole("heading").textContent()).toBe("There is a problem");

    // The summary's first link leads into the company name, whose message it names.
    await page.keyboard.press("Tab");
    expect(await focusIs(page, '.error-summary a[href="#field_company_name"]')).toBe(true);
    await page.keyboard.press("Enter");
    expect(await focusIs(page, "#field_company_name")).toBe(true);
    expect(await page.locator("#field_company_name").getAttribute("aria-describedby")).toBe("field_company_name_error");
    await page.keyboard.type("Keyboard Freight Ltd");

    // Back to the summary, on to the password's link, and into the password.
    await tabTo(page, '.error-summary a[href="#field_password"]', { back: true });
    await page.keyboard.press("Enter");
    expect(await focusIs(page, "#field_password")).toBe(true);
    await context.close();
  });

  it("leads from the job form's summary into Tom Select, which carries the field's invalid state", async () => {
    const { page, context } = await newPage(test);
    await signInAs(page, "shipper@example.com");
    await page.goto("/jobs/new");
    await page.locator("#job_vehicle_types-ts-control").waitFor();
    // Set-up, not a user action: skip the browser's own checks so the server refuses the form.
    await page.evaluate(() => {
      const form = document.querySelector<HTMLFormElement>("form.job-form")!;
      form.noValidate = true;
      form.querySelector<HTMLButtonElement>('button[name="publish"]')!.click();
    });
    await page.locator(".error-summary").waitFor();
    await expect.poll(() => focusIs(page, ".error-summary")).toBe(true);
    await tabTo(page, '.error-summary a[href="#job_vehicle_types"]');
    await page.keyboard.press("Enter");
    expect(await focusIs(page, "#job_vehicle_types-ts-control")).toBe(true);
    const control = page.locator("#job_vehicle_types-ts-control");
    expect(await control.getAttribute("aria-invalid")).toBe("true");
    expect(await control.getAttribute("aria-describedby")).toBe("job_vehicle_types_error");
    expect(await page.locator("#job_vehicle_types_error").textContent()).toBe("Choose at least one vehicle type");
    // Showing the group again after hiding it keeps the control's required state in step.
    await page.locator("#job_load_type").selectOption("shipping_container");
    await expect.poll(() => control.getAttribute("aria-required")).toBeNull();
    await page.locator("#job_load_type").selectOption("palletised");
    await expect.poll(() => control.getAttribute("aria-required")).toBe("true");
    await context.close();
  });

  it("announces the contract months problem and a lookup that finds no address in live regions", async () => {
    const { page, context } = await newPage(test);
    await signInAs(page, "shipper@example.com");
    await page.goto("/jobs/new");
    // A radio group is one Tab stop: the arrows move along it.
    await tabTo(page, "#job_job_type_single");
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("ArrowDown");
    expect(await page.locator("#job_job_type_contract").isChecked()).toBe(true);
    await tabTo(page, "#job_load_estimates_breakdown");
    await page.keyboard.press("Enter");
    const message = page.locator("[data-contract-months-target=message]");
    expect(await message.getAttribute("role")).toBe("alert");
    await expect.poll(() => message.textContent()).toBe("Specify start/end date first");

    await tabTo(page, "#job_pickups_0_full_address");
    await page.keyboard.type("Qwxyzzy Nowhere");
    await page.keyboard.press("Tab");
    const error = page.locator("#job_pickups_0_full_address_error");
    await expect.poll(() => error.textContent()).toBe("We could not find that address. Check it, or enter it in detail.");
    expect(await error.getAttribute("aria-live")).toBe("polite");
    expect(await page.locator("#job_pickups_0_full_address").getAttribute("aria-describedby")).toBe("job_pickups_0_full_address_error");
    await context.close();
  });

  it("places a quote (the focus lands on it) and secures a live auction", async () => {
    const job = await createJob(shipper.accountId, shipper.id, { reference: "Keyboard quote job", expectedQuantity: 10, numberOfLoads: 10 });
    const { page, context } = await newPage(test);
    await signInAs(page, "carrier@example.com");
    await page.goto(`/jobs/${job.id}`);
    // "You would win 0 of 10 loads" in the muted ink (6.0:1), not a pale grey.
    const allocation = page.locator(".bid-allocator .allocation");
    await allocation.waitFor();
    expect(await allocation.textContent()).toBe("You would win 0 of 10 loads");
    expect(await allocation.evaluate((element) => [getComputedStyle(element).color, getComputedStyle(element.querySelector("strong")!).color])).toEqual(["rgb(91, 100, 117)", "rgb(91, 100, 117)"]);
    await tabTo(page, "#quote_price");
    await page.keyboard.type("350");
    await page.keyboard.press("Tab");
    await page.keyboard.type("5");
    await page.keyboard.press("Enter");
    // The flash is a toast: shown for 3 s, then hidden but kept in the page.
    await page.getByText("Your quote has been placed").waitFor({ state: "attached" });
    await expect.poll(() => focusIs(page, "#quote-outcome")).toBe(true);
    expect(await page.locator("#quote-outcome").textContent()).toContain("£350.00");
    expect(await db().quote.count({ where: { jobId: job.id, valueCents: 35_000, numberOfLoads: 5 } })).toBe(1);

    const auction = await createAuctionJob(shipper.accountId, shipper.id, Date.now() - 60_000, Date.now() + 3_600_000, { reference: "Keyboard auction", secureNowPriceCents: 48_000, expectedQuantity: 2, numberOfLoads: 2 });
    await page.goto(`/jobs/${auction.id}`);
    const secure = page.getByRole("button", { name: "Secure now at £480.00 a load" });
    await secure.waitFor();
    // "Place bid" opens the bid form with the focus in its first field.
    await tabTo(page, 'a[href="#bid-form"]');
    await page.keyboard.press("Enter");
    await expect.poll(() => focusIs(page, "#quote_price")).toBe(true);
    await tabTo(page, "button:not(dialog button)");
    await tabTo(page, '.auction-panel button[type="submit"]');
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog");
    await dialog.waitFor();
    await tabTo(page, 'dialog[open] button:is(.button-primary, .button-danger, [value="confirm"])');
    await page.keyboard.press("Enter");
    await page.waitForURL("**/loads");
    await page.getByText("You secured all 2 loads at £480.00 a load").waitFor({ state: "attached" });
    await context.close();
  });
});
