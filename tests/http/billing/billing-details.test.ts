import { beforeEach, describe, expect, it } from "vitest";
import { db } from "#db/client.server.ts";
import { BILLING_MESSAGES as M } from "#domain/billing/details.ts";
import { createSignInLimiter } from "#server/rate-limit.server.ts";
import { agent, csrfTokenFor, signedInAgent as signedInTo, testApp } from "../../support/app.ts";
import { createCarrier, createShipper, createSupport, createUser } from "../../support/fixtures.ts";

// /account/billing: the account's admin reads and saves its billing details (303 back with
// "Billing details saved"); a refused field answers 422 with its message in the summary and beside
// the field, and nothing is saved; members, drivers and support get 404; support impersonating the
// admin reads the details but saving is refused (403, with the reason).

// More sign-ins than one address may make in 15 minutes: this file's app lets them all through.
const app = testApp({}, { signInLimiter: createSignInLimiter({ ipPoints: 1_000 }) });
const signedInAgent = (email: string) => signedInTo(email, app);

type User = Awaited<ReturnType<typeof createShipper>>;
type Signed = Awaited<ReturnType<typeof signedInAgent>>;
let shipper: User;
let carrier: User;

beforeEach(async () => {
  shipper = await createShipper({ company: "Acme Foods" });
  carrier = await createCarrier({ company: "Alpha Haulage" });
});

const shipperForm = (overrides: Record<string, string> = {}) => ({
  legal_name: "  Acme Foods Ltd ",
  company_number: "sc 123 456",
  registered_address: " 1 High Street \r\n\r\nLeeds\r\nLS1 4AP ",
  vat_number: "gb 123 4567 89",
  invoice_email: " Accounts@Acme.Example ",
  payment_terms_days: "45",
  invoice_grouping: "weekly",
  ...overrides,
});
const carrierForm = (overrides: Record<string, string> = {}) => ({
  legal_name: "Alpha Haulage Ltd",
  company_number: "01234567",
  registered_address: "2 Dock Road\nGlasgow",
  vat_number: "",
  invoice_email: "billing@alpha.example",
  sort_code: "",
  account_number: "",
  ...overrides,
});
const post = (agent: Signed, body: Record<string, string>) => agent.browser.post("/account/billing").type("form").send({ _csrf: agent.csrf, ...body });
const patch = (agent: Signed, body: Record<string, string>) => agent.browser.patch("/account/billing").type("form").send({ _csrf: agent.csrf, ...body });
const stored = (accountId: number) => db().billingDetails.findUnique({ where: { accountId } });
/** The message beside a field (the _field partial's markup) and its line in the summary. */
const besideField = (id: string, message: string) => `id="${id}_error">${message}</p>`;
const inSummary = (id: string, message: string) => `<a href="#${id}">${message}</a>`;

describe("saving billing details", () => {
  it("a shipper's admin sees the form (30 days, one invoice per load) and saves it, normalised (303, flash)", async () => {
    const a = await signedInAgent(shipper.email);
    const page = await a.browser.get("/account/billing");
    expect(page.status).toBe(200);
    expect(page.text).toContain("<h1>Billing details</h1>");
    expect(page.text).toContain('name="payment_terms_days" type="text" value="30"');
    expect(page.text).toMatch(/value="per_load" checked/);
    expect(page.text).not.toContain('name="sort_code"');

    const saved = await post(a, shipperForm());
    expect([saved.status, saved.headers.location]).toEqual([303, "/account/billing"]);
    expect(await stored(shipper.accountId)).toMatchObject({
      legalName: "Acme Foods Ltd",
      companyNumber: "SC123456",
      registeredAddress: "1 High Street\nLeeds\nLS1 4AP",
      vatNumber: "GB123456789",
      invoiceEmail: "accounts@acme.example",
      paymentTermsDays: 45,
      invoiceGrouping: "weekly",
      sortCode: null,
      accountNumber: null,
      bankDetailsChangedAt: null,
    });
    const after = await a.browser.get("/account/billing");
    expect(after.text).toContain("Billing details saved");
    expect(after.text).toContain('value="SC123456"');
    expect(after.text).toContain(">1 High Street\nLeeds\nLS1 4AP</textarea>");
    expect(after.text).toMatch(/value="weekly" checked/);
  });

  it("PATCH saves too, over what was there; empty optional numbers are stored as none", async () => {
    const a = await signedInAgent(shipper.email);
    expect((await post(a, shipperForm())).status).toBe(303);
    const saved = await patch(a, shipperForm({ company_number: "", vat_number: "", payment_terms_days: "60", invoice_grouping: "per_load" }));
    expect(saved.status).toBe(303);
    expect(await stored(shipper.accountId)).toMatchObject({ companyNumber: null, vatNumber: null, paymentTermsDays: 60, invoiceGrouping: "per_load" });
    expect(await db().billingDetails.count({ where: { accountId: shipper.accountId } })).toBe(1);
  });

  it("a carrier's admin saves details without bank details and no password", async () => {
    const a = await signedInAgent(carrier.email);
    const page = await a.browser.get("/account/billing");
    expect(page.text).toContain('name="sort_code"');
    expect(page.text).not.toContain('name="payment_terms_days"');
    expect((await post(a, carrierForm())).status).toBe(303);
    expect(await stored(carrier.accountId)).toMatchObject({
      legalName: "Alpha Haulage Ltd", companyNumber: "01234567", vatNumber: null, paymentTermsDays: 30, invoiceGrouping: "per_load", sortCode: null, accountNumber: null, bankDetailsChangedAt: null,
    });
  });

  it("the account page links to it, the API keys and the webhooks for an admin only", async () => {
    const admin = (await (await signedInAgent(shipper.email)).browser.get("/account")).text;
    for (const link of ['<a href="/account/billing">Billing details</a>', '<a href="/account/api_keys">API keys</a>', '<a href="/account/webhooks">Webhooks</a>']) {
      expect(admin).toContain(link);
    }
    const member = await createUser("shipper", { role: "member", accountId: shipper.accountId });
    const memberPage = (await (await signedInAgent(member.email)).browser.get("/account")).text;
    for (const path of ["/account/billing", "/account/api_keys", "/account/webhooks"]) expect(memberPage).not.toContain(path);
  });
});

describe("refused fields: 422, the message in the summary and beside the field, nothing saved", () => {
  it.each<[string, "shipper" | "carrier", Record<string, string>, string, string]>([
    ["no legal name", "shipper", { legal_name: " " }, "field_legal_name", M.legalName],
    ["a legal name of 161 characters", "shipper", { legal_name: "A".repeat(161) }, "field_legal_name", M.legalNameTooLong],
    ["a company number of 7 digits", "shipper", { company_number: "1234567" }, "field_company_number", M.companyNumber],
    ["no registered address", "carrier", { registered_address: "\r\n" }, "field_registered_address", M.registeredAddress],
    ["an address of 501 characters", "shipper", { registered_address: "A".repeat(501) }, "field_registered_address", M.registeredAddressTooLong],
    ["a VAT number without GB", "carrier", { vat_number: "123456789" }, "field_vat_number", M.vatNumber],
    ["no invoice e-mail", "shipper", { invoice_email: "" }, "field_invoice_email", M.invoiceEmail],
    ["an invoice e-mail without @", "carrier", { invoice_email: "accounts.example" }, "field_invoice_email", M.invoiceEmailFormat],
    ["0 days", "shipper", { payment_terms_days: "0" }, "field_payment_terms_days", M.paymentTerms],
    ["121 days", "shipper", { payment_terms_days: "121" }, "field_payment_terms_days", M.paymentTerms],
    ["terms in words", "shipper", { payment_terms_days: "thirty" }, "field_payment_terms_days", M.paymentTerms],
    ["an unknown grouping", "shipper", { invoice_grouping: "monthly" }, "field_invoice_grouping_per_load", M.invoiceGrouping],
    ["a sort code of 5 digits", "carrier", { sort_code: "12-34-5", account_number: "31926819", current_password: "password123" }, "field_sort_code", M.sortCode],
    ["an account number of 7 digits", "carrier", { sort_code: "12-34-56", account_number: "3192681", current_password: "password123" }, "field_account_number", M.accountNumber],
    ["a sort code alone", "carrier", { sort_code: "12-34-56", current_password: "password123" }, "field_account_number", M.bankTogether],
    ["an account number alone", "carrier", { account_number: "31926819", current_password: "password123" }, "field_sort_code", M.bankTogether],
  ])("%s", async (_case, kind, overrides, id, message) => {
    const user = kind === "shipper" ? shipper : carrier;
    const form = kind === "shipper" ? shipperForm(overrides) : carrierForm(overrides);
    const a = await signedInAgent(user.email);
    const refused = await post(a, form);
    expect(refused.status).toBe(422);
    expect(refused.text).toContain("<title>Error: Billing details");
    expect(refused.text).toContain("There is a problem");
    expect(refused.text).toContain(inSummary(id, message.replaceAll("'", "&#39;")));
    const beside = id === "field_invoice_grouping_per_load" ? "field_invoice_grouping" : id;
    expect(refused.text).toContain(besideField(beside, message.replaceAll("'", "&#39;")));
    expect(refused.text).not.toContain("password123");
    expect(await stored(user.accountId)).toBeNull();
  });

  it("keeps what was typed, and the stored details stay as they were", async () => {
    const a = await signedInAgent(shipper.email);
    await post(a, shipperForm());
    const refused = await post(a, shipperForm({ legal_name: "Renamed Ltd", payment_terms_days: "200" }));
    expect(refused.status).toBe(422);
    expect(refused.text).toContain('value="Renamed Ltd"');
    expect(refused.text).toContain('value="200"');
    expect(await stored(shipper.accountId)).toMatchObject({ legalName: "Acme Foods Ltd", paymentTermsDays: 45 });
  });

  it("a form without its CSRF token changes nothing (403)", async () => {
    const a = await signedInAgent(shipper.email);
    const refused = await a.browser.post("/account/billing").type("form").send(shipperForm());
    expect(refused.status).toBe(403);
    expect(await stored(shipper.accountId)).toBeNull();
  });
});

describe("who may", () => {
  it.each<[string, "shipper" | "carrier", "member" | "driver"]>([
    ["a shipper's member", "shipper", "member"],
    ["a shipper's driver", "shipper", "driver"],
    ["a carrier's member", "carrier", "member"],
    ["a carrier's driver", "carrier", "driver"],
  ])("%s: 404 to read and to save, nothing saved", async (_case, kind, role) => {
    const owner = kind === "shipper" ? shipper : carrier;
    const person = await createUser(kind, { role, accountId: owner.accountId });
    const a = await signedInAgent(person.email);
    expect((await a.browser.get("/account/billing")).status).toBe(404);
    expect((await post(a, kind === "shipper" ? shipperForm() : carrierForm())).status).toBe(404);
    expect(await stored(owner.accountId)).toBeNull();
  });

  it("support staff (signed in as themselves): 404", async () => {
    const support = await createSupport();
    const a = await signedInAgent(support.email);
    expect((await a.browser.get("/account/billing")).status).toBe(404);
  });

  it("signed out: sent to sign in", async () => {
    const page = await agent(app).get("/account/billing");
    expect([page.status, page.headers.location]).toEqual([303, "/login"]);
  });
});

describe("support impersonating the admin", () => {
  it("reads the details, with the reason instead of a form; saving is refused (403, the sentence), nothing changed", async () => {
    const a = await signedInAgent(shipper.email);
    await post(a, shipperForm());
    const support = await createSupport();
    const s = await signedInAgent(support.email);
    const started = await s.browser.post("/admin/impersonations").type("form").send({ _csrf: s.csrf, user_id: shipper.id });
    expect(started.status).toBe(303);
    const csrf = await csrfTokenFor(s.browser, "/account");
    const sentence = "You cannot change billing or bank details while impersonating a user.";

    const page = await s.browser.get("/account/billing");
    expect(page.status).toBe(200);
    expect(page.text).toContain(sentence);
    expect(page.text).toContain("<dt>Registered name</dt><dd>Acme Foods Ltd</dd>");
    expect(page.text).not.toContain('name="legal_name"');

    for (const method of ["post", "patch"] as const) {
      const refused = await s.browser[method]("/account/billing").type("form").send({ _csrf: csrf, ...shipperForm({ legal_name: "Hijacked Ltd" }) });
      expect(refused.status).toBe(403);
      expect(refused.text).toContain(sentence);
    }
    expect(await stored(shipper.accountId)).toMatchObject({ legalName: "Acme Foods Ltd" });
  });
});

describe("the refused form's summary (GOV.UK pattern)", () => {
  /** The opening tag of the control with this id. */
  const controlTag = (html: string, id: string) => new RegExp(`<(?:input|textarea|select)[^>]*\\sid="${id}"[^>]*>`).exec(html)?.[0] ?? "";
  const summaryLinks = (html: string) => {
    const block = /<div class="form-error error-summary"[^>]*>[\s\S]*?<\/div>/.exec(html)?.[0] ?? "";
    expect(block).toMatch(/role="alert"/);
    expect(block).toMatch(/\sautofocus[\s>]/);
    return [...block.matchAll(/<a href="#([^"]+)">/g)].map((m) => m[1]);
  };

  it.each<[string, "shipper" | "carrier", Record<string, string>, string[]]>([
    [
      "a shipper's form, every field wrong",
      "shipper",
      { legal_name: "", company_number: "1", registered_address: "", vat_number: "X", invoice_email: "", payment_terms_days: "0", invoice_grouping: "x" },
      ["field_legal_name", "field_company_number", "field_registered_address", "field_vat_number", "field_invoice_email", "field_payment_terms_days", "field_invoice_grouping_per_load"],
    ],
    [
      "a carrier's form, every field wrong",
      "carrier",
      { legal_name: "", company_number: "1", registered_address: "", vat_number: "X", invoice_email: "", sort_code: "1", account_number: "1" },
      ["field_legal_name", "field_company_number", "field_registered_address", "field_vat_number", "field_invoice_email", "field_sort_code", "field_account_number"],
    ],
  ])("%s: every message in the form's order, each linked to a control marked invalid that names it", async (_case, kind, body, ids) => {
    const a = await signedInAgent((kind === "shipper" ? shipper : carrier).email);
    const refused = await post(a, body);
    expect(refused.status).toBe(422);
    expect(summaryLinks(refused.text)).toEqual(ids);
    for (const id of ids) {
      const tag = controlTag(refused.text, id!);
      expect(tag, id).toContain('aria-invalid="true"');
      if (id === "field_invoice_grouping_per_load") {
        expect(refused.text).toContain('<fieldset class="choice-group field-with-error" aria-describedby="field_invoice_grouping_error">');
      } else {
        expect(tag, id).toMatch(new RegExp(`aria-describedby="[^"]*${id}_error`));
      }
    }
  });
});
