import { describe, expect, it } from "vitest";
import { signedInAgent } from "../../support/app.ts";
import { createCarrier, createShipper } from "../../support/fixtures.ts";
import { makePool } from "./pool-helpers.ts";

// The pool forms answer a refusal the GOV.UK way: the summary's link leads to the refused field,
// which is marked aria-invalid and names its message with aria-describedby; ids are not repeated.

const ids = (html: string) => [...html.matchAll(/\sid="([^"]+)"/g)].map((m) => m[1]);
const linked = (html: string) => [.../<div class="form-error error-summary"[\s\S]*?<\/ul>/.exec(html)![0].matchAll(/<a href="#([^"]+)">/g)].map((m) => m[1]!);
const tagOf = (html: string, id: string) => new RegExp(`<input id="${id}"[^>]*>`).exec(html)?.[0] ?? "";

describe("the pool forms' refusals", () => {
  it.each([
    { what: "making a pool", path: () => "/pools", body: { name: "" }, field: "field_pool_name" },
    { what: "renaming", path: (id: number) => `/pools/${id}`, body: { _method: "patch", name: "x".repeat(61) }, field: "field_pool_name" },
    { what: "inviting", path: (id: number) => `/pools/${id}/members`, body: { email: "nope" }, field: "field_email" },
    { what: "adding a shipper", path: (id: number) => `/pools/${id}/members`, body: { carrier_account_id: "shipper" }, field: "field_q" },
  ])("$what: the summary links to $field, marked and described", async ({ path, body, field }) => {
    const shipper = await createShipper();
    const pool = await makePool("Chilled", shipper);
    const { browser, csrf } = await signedInAgent(shipper.email);
    const sent = { ...body, ...(body.carrier_account_id ? { carrier_account_id: String(shipper.accountId) } : {}) };
    const response = await browser.post(path(pool.id)).type("form").send({ _csrf: csrf, ...sent });
    expect(response.status).toBe(422);
    expect(linked(response.text)).toEqual([field]);
    expect(tagOf(response.text, field)).toContain('aria-invalid="true"');
    expect(tagOf(response.text, field)).toMatch(new RegExp(`aria-describedby="[^"]*${field}_error`));
    const all = ids(response.text);
    expect(all.length).toBe(new Set(all).size);
  });

  it("a pool's page with members, results and invitations repeats no id", async () => {
    const shipper = await createShipper();
    const pool = await makePool("Chilled", shipper);
    await createCarrier({ company: "Idcheck Haulage" });
    const { browser } = await signedInAgent(shipper.email);
    const page = await browser.get(`/pools/${pool.id}?q=idcheck`).expect(200);
    const all = ids(page.text);
    expect(all.length).toBe(new Set(all).size);
  });
});
