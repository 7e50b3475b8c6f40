import { beforeAll, describe, expect, it } from "vitest";
import { db } from "#db/client.server.ts";
import { MAX_LOCATIONS_PER_SIDE } from "#domain/jobs/limits.ts";
import { awardJob } from "#models/award.server.ts";
import { agent, csrfTokenFor, signedInAgent } from "../../support/app.ts";
import { createCarrier, createShipper } from "../../support/fixtures.ts";
import { createJob, formBody, jobFormBody } from "../../support/job-fixtures.ts";

// Every refused form (422) answers the GOV.UK pattern: an error summary at the top (role="alert",
// "There is a problem", focused on arrival) whose links lead to the refused fields; each such field
// is marked aria-invalid and names its message (and hint) with aria-describedby.

type Tag = { name: string; attrs: Map<string, string>; at: number };

/** The opening tags of the form controls (and fieldsets), with their attributes. */
function tags(html: string): Tag[] {
  const found: Tag[] = [];
  for (const match of html.matchAll(/<(input|select|textarea|fieldset|button)\b((?:\s+[^\s"'>=]+(?:="[^"]*")?)*)\s*>/g)) {
    const attrs = new Map<string, string>();
    for (const [, key, value] of match[2]!.matchAll(/([^\s"'>=]+)(?:="([^"]*)")?/g)) attrs.set(key!, value ?? "");
    found.push({ name: match[1]!, attrs, at: match.index });
  }
  return found;
}

/** The text inside the element with this id (its first text run). */
const textOf = (html: string, id: string) => new RegExp(`\\sid="${id}"[^>]*>([^<]*)<`).exec(html)?.[1]?.trim();

/** The summary's block, checked for the pattern, and the [field id, message] of its links. */
function summaryOf(html: string): [string, string][] {
  const block = /<div class="form-error error-summary"[^>]*>[\s\S]*?<\/div>/.exec(html)?.[0];
  expect(block, "an error summary").toBeDefined();
  expect(block).toMatch(/role="alert"/);
  expect(block).toMatch(/tabindex="-1"/);
  expect(block).toMatch(/\sautofocus[\s>]/);
  expect(block).toMatch(/data-controller="error-summary"/);
  expect(block).toMatch(/<h2 id="[\w-]+">There is a problem<\/h2>/);
  return [...block!.matchAll(/<a href="#([^"]+)">([^<]*)<\/a>/g)].map((m) => [m[1]!, m[2]!]);
}

/**
 * Each link of the summary leads to a control that is marked invalid and whose description (or
 * its fieldset's, for a radio or checkbox) holds the linked message; hint ids named must exist.
 */
function expectLinkedFields(html: string, expected: string[]) {
  const links = summaryOf(html);
  expect(links.map(([id]) => id)).toEqual(expect.arrayContaining(expected));
  const all = tags(html);
  for (const [id, message] of links) {
    const tag = all.find((t) => t.attrs.get("id") === id);
    expect(tag, `a control with id ${id}`).toBeDefined();
    const choice = ["radio", "checkbox"].includes(tag!.attrs.get("type") ?? "");
    const describer = choice ? all.filter((t) => t.name === "fieldset" && t.at < tag!.at).at(-1)! : tag!;
    if (tag!.name !== "button") expect(tag!.attrs.get("aria-invalid"), `${id} aria-invalid`).toBe("true");
    const described = (describer.attrs.get("aria-describedby") ?? "").split(" ").filter(Boolean);
    expect(described.length, `${id} aria-describedby`).toBeGreaterThan(0);
    for (const ref of described) expect(html, `${id} names #${ref}`).toContain(`id="${ref}"`);
    expect(described.map((ref) => textOf(html, ref)), `${id} describes "${message}"`).toContain(message);
  }
}

let shipper: Awaited<ReturnType<typeof createShipper>>;
let carrier: Awaited<ReturnType<typeof createCarrier>>;
let asShipper: Awaited<ReturnType<typeof signedInAgent>>;
let asCarrier: Awaited<ReturnType<typeof signedInAgent>>;

beforeAll(async () => {
  shipper = await createShipper({ company: "A11y Foods" });
  carrier = await createCarrier({ company: "A11y Haulage" });
  asShipper = await signedInAgent(shipper.email);
  asCarrier = await signedInAgent(carrier.email);
});

describe("refused forms answer an error summary linked to their fields", () => {
  it("sign-up: every empty field, the password with its hint", async () => {
    const browser = agent();
    const csrf = await csrfTokenFor(browser, "/signup");
    const refused = await browser.post("/signup").type("form").send({ _csrf: csrf, account_kind: "shipper", company_name: "", name: "", email: "not-an-email", password: "short" });
    expect(refused.status).toBe(422);
    expectLinkedFields(refused.text, ["field_company_name", "field_name", "field_email", "field_password"]);
    expect(refused.text).toMatch(/id="field_password"[^>]*aria-describedby="field_password_hint field_password_error"/);
  });

  it("sign-in: the refusal leads to the email", async () => {
    const browser = agent();
    const csrf = await csrfTokenFor(browser, "/login");
    const refused = await browser.post("/session").type("form").send({ _csrf: csrf, email: shipper.email, password: "wrong-password" });
    expect(refused.status).toBe(422);
    expectLinkedFields(refused.text, ["field_email"]);
  });

  it("account: a wrong current password", async () => {
    const refused = await asShipper.browser.patch("/account").type("form").send({ _csrf: asShipper.csrf, email: "changed@test.example", password: "", current_password: "nope-nope" });
    expect(refused.status).toBe(422);
    expectLinkedFields(refused.text, ["field_current_password"]);
  });

  it("job form: addresses, vehicle types, pallet quantities and the missing delivery", async () => {
    const refused = await asShipper.browser.post("/jobs").type("form").send(formBody({
      _csrf: asShipper.csrf, publish: "1",
      ...jobFormBody({ vehicle_types: [], quantity_eu: "40", pickups: [{ full_address: "", window_date: "2031-03-03" }], deliveries: [] }),
    }));
    expect(refused.status).toBe(422);
    expectLinkedFields(refused.text, ["job_vehicle_types", "job_quantity_eu", "job_pickups_0_full_address", "deliveries_add"]);
    // The page-wide banner is gone: the summary says it all.
    expect(refused.text).not.toContain("Some answers need your attention");
  });

  it("job form: too many pickups leads to the first pickup's address line", async () => {
    const pickups = Array.from({ length: MAX_LOCATIONS_PER_SIDE + 1 }, () => ({ full_address: "Leeds", window_date: "2031-03-03" }));
    const refused = await asShipper.browser.post("/jobs").type("form").send(formBody({ _csrf: asShipper.csrf, publish: "1", ...jobFormBody({ pickups }) }));
    expect(refused.status).toBe(422);
    expectLinkedFields(refused.text, ["job_pickups_0_full_address"]);
  });

  it("job form: the job type and a contract's monthly estimates", async () => {
    const contract = await asShipper.browser.post("/jobs").type("form").send(formBody({
      _csrf: asShipper.csrf, publish: "1", ...jobFormBody({ job_type: "contract", start_date: "2031-03-14", contract_duration: "six_months" }),
    }));
    expect(contract.status).toBe(422);
    expectLinkedFields(contract.text, ["job_load_estimates_breakdown"]);
    const badType = await asShipper.browser.post("/jobs").type("form").send(formBody({ _csrf: asShipper.csrf, publish: "1", ...jobFormBody({ job_type: "fortnightly" }) }));
    expect(badType.status).toBe(422);
    expectLinkedFields(badType.text, ["job_job_type_single"]);
  });

  it("quote form and allocation rules", async () => {
    const job = await createJob(shipper.accountId, shipper.id, { expectedQuantity: 10, numberOfLoads: 10 });
    const quote = await asCarrier.browser.post(`/jobs/${job.id}/quotes`).type("form").send({ _csrf: asCarrier.csrf, price: "abc", number_of_loads: "11" });
    expect(quote.status).toBe(422);
    expectLinkedFields(quote.text, ["quote_price", "quote_number_of_loads"]);
    expect(quote.text).toMatch(/id="quote_price"[^>]*aria-describedby="quote_price_hint quote_price_error"/);

    const rules = await asShipper.browser.patch(`/jobs/${job.id}/allocation_rules`).type("form").send({ _csrf: asShipper.csrf, first_bid_percentage: "60", second_bid_percentage: "30", third_bid_percentage: "5" });
    expect(rules.status).toBe(422);
    expectLinkedFields(rules.text, ["field_first_bid_percentage"]);
  });

  it("team invitation and compliance documents", async () => {
    const invite = await asCarrier.browser.post("/team/invitations").type("form").send({ _csrf: asCarrier.csrf, name: "", email: "nope", role: "member" });
    expect(invite.status).toBe(422);
    expectLinkedFields(invite.text, ["field_name", "field_email"]);

    const licence = await asCarrier.browser.post("/account/compliance/operator_licence").type("form").send({ _csrf: asCarrier.csrf, reference: "", licence_type: "standard_national", expires_on: "" });
    expect(licence.status).toBe(422);
    expectLinkedFields(licence.text, ["operator_licence_reference", "operator_licence_expires_on"]);
    // The two forms of the page no longer share field ids.
    expect(licence.text).toContain('id="goods_in_transit_reference"');
    expect(licence.text).not.toContain('id="field_reference"');
  });
});

describe("forms that were not refused", () => {
  it("render no error summary and no invalid field", async () => {
    const job = await createJob(shipper.accountId, shipper.id);
    await db().quote.create({ data: { jobId: job.id, carrierAccountId: carrier.accountId, placedById: carrier.id, valueCents: 40_000, numberOfLoads: 1, status: "active" } });
    expect(await awardJob(job.id)).toMatchObject({ ok: true });
    const load = await db().load.findFirstOrThrow({ where: { jobId: job.id }, select: { id: true } });
    const loadPage = await asShipper.browser.get(`/loads/${load.id}`).expect(200);
    expect(loadPage.text).toMatch(/Hand to another carrier|Assign to a carrier/); // the move form is there
    const pages = [loadPage, await asShipper.browser.get("/jobs/new").expect(200), await asShipper.browser.get("/account").expect(200), await asCarrier.browser.get(`/jobs/${job.id}`).expect(200), await agent().get("/signup").expect(200)];
    for (const page of pages) {
      expect(page.text).not.toContain("error-summary");
      expect(page.text).not.toContain('aria-invalid="true"');
    }
  });
});
