import { describe, expect, it } from "vitest";
import { db } from "#db/client.server.ts";
import { digestOf } from "#models/api-keys.server.ts";
import { agent, signedInAgent } from "../../support/app.ts";
import { createShipper, createUser } from "../../support/fixtures.ts";
import { apiClient } from "../../support/api-client.ts";

const KEY = /<code class="api-key" id="new-api-key">(ll_live_[0-9A-Za-z]{32})<\/code>/;

async function adminPage() {
  const admin = await createShipper({ company: "Keys Ltd" });
  const signed = await signedInAgent(admin.email);
  return { admin, ...signed };
}

describe("/account/api_keys", () => {
  it("makes a key, shows it once, and keeps only its digest and first 12 characters", async () => {
    const { admin, browser, csrf } = await adminPage();
    const made = await browser.post("/account/api_keys").type("form").send(`_csrf=${csrf}&name=Warehouse+system&scopes%5B%5D=jobs%3Aread&scopes%5B%5D=jobs%3Awrite&expires_on=`);
    expect(made.status).toBe(201);
    const secret = KEY.exec(made.text)![1]!;
    const stored = await db().apiKey.findFirstOrThrow({ where: { accountId: admin.accountId } });
    expect(stored).toMatchObject({ name: "Warehouse system", prefix: secret.slice(0, 12), digest: digestOf(secret), scopes: '["jobs:read","jobs:write"]', expiresAt: null, createdById: admin.id });
    expect(JSON.stringify(stored)).not.toContain(secret);
    const list = await browser.get("/account/api_keys");
    expect(list.status).toBe(200);
    expect(list.text).not.toContain(secret);
    expect(list.text).toContain(`${secret.slice(0, 12)}…`);
    expect(list.text).toContain("jobs:read, jobs:write");
    const { response } = await (await apiClient(secret)).GET("/jobs");
    expect(response.status).toBe(200);
  });

  it("refuses a form without a name or scopes, or with a past expiry (422, nothing made)", async () => {
    const { admin, browser, csrf } = await adminPage();
    const refused = await browser.post("/account/api_keys").type("form").send(`_csrf=${csrf}&name=&expires_on=2001-01-01`);
    expect(refused.status).toBe(422);
    expect(refused.text).toContain("There is a problem");
    expect(refused.text).toContain("Enter a name for the key");
    expect(refused.text).toContain("Choose at least one scope");
    expect(refused.text).toContain("The expiry date must be today or later");
    const unknown = await browser.post("/account/api_keys").type("form").send(`_csrf=${csrf}&name=X&scopes%5B%5D=everything`);
    expect(unknown.status).toBe(422);
    expect(unknown.text).toContain("Choose scopes from the list");
    expect(await db().apiKey.count({ where: { accountId: admin.accountId } })).toBe(0);
  });

  it("answers the GOV.UK pattern: a summary whose links lead to the refused fields, each marked invalid", async () => {
    const { browser, csrf } = await adminPage();
    const refused = await browser.post("/account/api_keys").type("form").send(`_csrf=${csrf}&name=&expires_on=2001-01-01`);
    const links = [...refused.text.matchAll(/<li><a href="#([^"]+)">([^<]*)<\/a><\/li>/g)].map((m) => [m[1], m[2]]);
    expect(links).toEqual([
      ["field_name", "Enter a name for the key"],
      ["scope_jobs_read", "Choose at least one scope"],
      ["field_expires_on", "The expiry date must be today or later"],
    ]);
    for (const [id] of links) expect(refused.text).toMatch(new RegExp(`id="${id}"[^>]*aria-invalid="true"`));
  });

  it("stops a key at the end of its expiry day", async () => {
    const { admin, browser, csrf } = await adminPage();
    const day = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    await browser.post("/account/api_keys").type("form").send(`_csrf=${csrf}&name=Short&scopes%5B%5D=jobs%3Aread&expires_on=${day}`).expect(201);
    const stored = await db().apiKey.findFirstOrThrow({ where: { accountId: admin.accountId } });
    expect(stored.expiresAt?.toISOString()).toBe(new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString());
  });

  it("revokes a key at once; another account's key is 404", async () => {
    const { admin, browser, csrf } = await adminPage();
    const made = await browser.post("/account/api_keys").type("form").send(`_csrf=${csrf}&name=Old&scopes%5B%5D=jobs%3Aread`);
    const secret = KEY.exec(made.text)![1]!;
    const key = await db().apiKey.findFirstOrThrow({ where: { accountId: admin.accountId } });
    const other = await adminPage();
    await other.browser.post(`/account/api_keys/${key.id}`).type("form").send(`_csrf=${other.csrf}&_method=delete`).expect(404);
    await browser.post(`/account/api_keys/${key.id}`).type("form").send(`_csrf=${csrf}&_method=delete`).expect(303);
    expect((await db().apiKey.findUniqueOrThrow({ where: { id: key.id } })).revokedAt).not.toBeNull();
    expect((await (await apiClient(secret)).GET("/jobs")).response.status).toBe(401);
    expect((await browser.get("/account/api_keys")).text).toContain("Revoked");
  });

  it("is for the account's admins: members get 403, signed-out people the sign-in page", async () => {
    const { admin } = await adminPage();
    const member = await createUser("shipper", { role: "member", accountId: admin.accountId });
    const { browser, csrf } = await signedInAgent(member.email);
    expect((await browser.get("/account/api_keys")).status).toBe(403);
    expect((await browser.post("/account/api_keys").type("form").send(`_csrf=${csrf}&name=X&scopes%5B%5D=jobs%3Aread`)).status).toBe(403);
    expect((await agent().get("/account/api_keys")).status).toBe(303);
  });

  it("refuses a write without its CSRF token", async () => {
    const { browser } = await adminPage();
    expect((await browser.post("/account/api_keys").type("form").send("name=X&scopes%5B%5D=jobs%3Aread")).status).toBe(403);
  });
});

describe("the reference", () => {
  it("serves the OpenAPI 3.1 document without a key", async () => {
    const response = await agent().get("/api/v2/openapi.json").expect(200);
    expect(response.type).toBe("application/json");
    expect(response.body.openapi).toBe("3.1.0");
    expect(Object.keys(response.body.paths)).toEqual(expect.arrayContaining(["/jobs", "/jobs/{id}", "/jobs/{id}/quotes", "/quotes/{id}/withdraw", "/loads/{id}/positions", "/invoices/{id}/pdf"]));
  });

  it("renders /developers from it for anyone, signed in or not", async () => {
    const page = await agent().get("/developers").expect(200);
    expect(page.text).toContain("Loadline API reference");
    expect(page.text).toContain("POST /api/v2/jobs");
    expect(page.text).toContain('id="problem-invalid"');
    expect(page.text).toContain("jobs:write");
  });
});
