import { beforeEach, describe, expect, it } from "vitest";
import { db } from "#db/client.server.ts";
import { BILLING_MESSAGES as M } from "#domain/billing/details.ts";
import { signedInAgent } from "../../support/app.ts";
import { createCarrier, createUser } from "../../support/fixtures.ts";
import { lettersTo } from "../../support/outbox.ts";

// A carrier's bank details: changed only with the current password of the admin changing them;
// then stamped, written to the audit log, and every admin of the account is e-mailed. For 30 days
// the page says when they changed.

type User = Awaited<ReturnType<typeof createCarrier>>;
type Signed = Awaited<ReturnType<typeof signedInAgent>>;
let carrier: User;
let otherAdmin: User;
let member: User;
let removedAdmin: User;

beforeEach(async () => {
  carrier = await createCarrier({ company: "Alpha Haulage", name: "Ann Admin" });
  otherAdmin = await createUser("carrier", { role: "admin", accountId: carrier.accountId, name: "Bob Admin" });
  member = await createUser("carrier", { role: "member", accountId: carrier.accountId });
  removedAdmin = await createUser("carrier", { role: "admin", accountId: carrier.accountId });
  await db().user.update({ where: { id: removedAdmin.id }, data: { removedAt: new Date() } });
});

const form = (overrides: Record<string, string> = {}) => ({
  legal_name: "Alpha Haulage Ltd",
  registered_address: "2 Dock Road\nGlasgow",
  invoice_email: "billing@alpha.example",
  sort_code: "12-34-56",
  account_number: "31926819",
  ...overrides,
});
const post = (agent: Signed, body: Record<string, string>) => agent.browser.post("/account/billing").type("form").send({ _csrf: agent.csrf, ...body });
const stored = () => db().billingDetails.findUnique({ where: { accountId: carrier.accountId } });
/** This test's account's rows (the file's tests share one database). */
const bankAudits = () =>
  db().auditLog.findMany({ where: { action: "billing.bank_details_changed", actorId: { in: [carrier.id, otherAdmin.id] } }, orderBy: { id: "asc" } });
const SUBJECT = "Your bank details on Loadline were changed";
const bankLetters = (user: { email: string }) => lettersTo(user.email).filter((letter) => letter.subject === SUBJECT);

describe("changing bank details", () => {
  it.each([
    ["without the current password", {}],
    ["with an empty one", { current_password: "" }],
    ["with a wrong one", { current_password: "not-my-password" }],
    ["with the right one and a space after it", { current_password: "password123 " }],
  ])("%s: 422, the message in the summary and beside the field, nothing saved, nobody told", async (_case, password) => {
    const a = await signedInAgent(carrier.email);
    const refused = await post(a, form(password));
    expect(refused.status).toBe(422);
    expect(refused.text).toContain(`<a href="#field_current_password">${M.currentPassword}</a>`);
    expect(refused.text).toContain(`id="field_current_password_error">${M.currentPassword}</p>`);
    expect(refused.text).toContain('value="12-34-56"');
    expect(refused.text).not.toContain("not-my-password");
    expect(await stored()).toBeNull();
    expect(await bankAudits()).toEqual([]);
    expect(bankLetters(carrier)).toEqual([]);
  });

  it("with the right password: saved as digits, stamped, an audit row, a letter to each admin still on the account", async () => {
    const a = await signedInAgent(carrier.email);
    const before = Date.now();
    const saved = await post(a, form({ sort_code: "12 34 56", account_number: "3192 6819", current_password: "password123" }));
    expect([saved.status, saved.headers.location]).toEqual([303, "/account/billing"]);
    const row = await stored();
    expect(row).toMatchObject({ sortCode: "123456", accountNumber: "31926819" });
    expect(row!.bankDetailsChangedAt!.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(row!.bankDetailsChangedAt!.getTime()).toBeLessThanOrEqual(Date.now());

    const audits = await bankAudits();
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ actorId: carrier.id, targetId: null });
    expect(JSON.parse(audits[0]!.data)).toEqual({ accountId: carrier.accountId, accountEnding: "ending 6819" });

    for (const admin of [carrier, otherAdmin]) {
      const letters = bankLetters(admin);
      expect(letters).toHaveLength(1);
      expect(letters[0]!.text).toContain(`Hello ${admin.name},`);
      expect(letters[0]!.text).toContain("The bank details of Alpha Haulage on Loadline were changed by Ann Admin on");
      expect(letters[0]!.text).toContain("Payments to Alpha Haulage now go to the account ending 6819.");
      expect(letters[0]!.link).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/account\/billing$/);
      expect(letters[0]!.text).not.toContain("31926819");
    }
    expect(bankLetters(member)).toEqual([]);
    expect(bankLetters(removedAdmin)).toEqual([]);

    const page = await a.browser.get("/account/billing");
    expect(page.text).toContain("Billing details saved");
    expect(page.text).toMatch(/Bank details changed on \d{1,2} [A-Z][a-z]+ \d{4}/);
    expect(page.text).toContain('name="sort_code" type="text" value="12-34-56"');
  });

  it("saving the same bank details again needs no password and tells nobody", async () => {
    const a = await signedInAgent(carrier.email);
    expect((await post(a, form({ current_password: "password123" }))).status).toBe(303);
    const first = await stored();
    const again = await post(a, form({ legal_name: "Alpha Haulage (Scotland) Ltd", sort_code: "123456" }));
    expect(again.status).toBe(303);
    expect(await stored()).toMatchObject({ legalName: "Alpha Haulage (Scotland) Ltd", bankDetailsChangedAt: first!.bankDetailsChangedAt });
    expect(await bankAudits()).toHaveLength(1);
    expect(bankLetters(otherAdmin)).toHaveLength(1);
  });

  it.each([
    ["another sort code", { sort_code: "65-43-21" }, "ending 6819"],
    ["another account number", { account_number: "00733445" }, "ending 3445"],
    ["both removed", { sort_code: "", account_number: "" }, null],
  ])("%s is a change: the password again, a new stamp, audit row and letters", async (_case, change, ending) => {
    const a = await signedInAgent(carrier.email);
    await post(a, form({ current_password: "password123" }));
    const old = new Date(Date.now() - 40 * 86_400_000);
    await db().billingDetails.update({ where: { accountId: carrier.accountId }, data: { bankDetailsChangedAt: old } });
    expect((await post(a, form(change))).status).toBe(422);
    expect((await post(a, form({ ...change, current_password: "password123" }))).status).toBe(303);
    const row = await stored();
    expect(row!.bankDetailsChangedAt!.getTime()).toBeGreaterThan(old.getTime());
    expect(JSON.parse((await bankAudits()).at(-1)!.data)).toEqual({ accountId: carrier.accountId, accountEnding: ending });
    const letter = bankLetters(otherAdmin).at(-1)!;
    expect(bankLetters(otherAdmin)).toHaveLength(2);
    expect(letter.text).toContain(ending ? `now go to the account ${ending}.` : "Alpha Haulage has no bank details on Loadline now.");
  });

  it("a change stamped over 30 days ago is no longer mentioned on the page", async () => {
    const a = await signedInAgent(carrier.email);
    await post(a, form({ current_password: "password123" }));
    await db().billingDetails.update({ where: { accountId: carrier.accountId }, data: { bankDetailsChangedAt: new Date(Date.now() - 31 * 86_400_000) } });
    expect((await a.browser.get("/account/billing")).text).not.toContain("Bank details changed on");
  });

  it("a colleague admin's own password is what counts for them", async () => {
    const b = await signedInAgent(otherAdmin.email);
    expect((await post(b, form({ current_password: "password123" }))).status).toBe(303);
    expect((await bankAudits())[0]).toMatchObject({ actorId: otherAdmin.id });
    expect(bankLetters(carrier).at(-1)!.text).toContain("changed by Bob Admin on");
  });
});
