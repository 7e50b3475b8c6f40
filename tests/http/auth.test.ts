import request from "supertest";
import { describe, expect, it } from "vitest";
import { agent, csrfTokenFor, signIn, testApp } from "../support/app.ts";
import { createShipper } from "../support/fixtures.ts";
import { confirmSignUpByMail } from "../support/outbox.ts";
import { db } from "#db/client.server.ts";

const cookieOf = (response: { headers: Record<string, unknown> }) => String((response.headers["set-cookie"] as string[] | undefined)?.[0] ?? "").split(";")[0];

describe("sign-up", () => {
  it("creates a shipper company once the email is confirmed, signs the person in and lands on the dashboard", async () => {
    const browser = agent();
    const _csrf = await csrfTokenFor(browser, "/signup");
    const response = await browser.post("/signup").type("form").send({ _csrf, account_kind: "shipper", company_name: "Acme Pallets", name: "Ann Smith", email: "Ann@Acme.example", password: "correct horse" });
    expect([response.status, response.headers.location]).toEqual([303, "/signup/sent"]);
    expect(await db().user.count({ where: { email: "ann@acme.example" } })).toBe(0);
    const confirmed = await confirmSignUpByMail(browser, "ann@acme.example");
    expect([confirmed.status, confirmed.headers.location]).toEqual([303, "/dashboard"]);
    const dashboard = await browser.get("/dashboard");
    expect(dashboard.status).toBe(200);
    expect(dashboard.text).toContain("Acme Pallets");
    expect(dashboard.text).toContain('data-current-user-email="ann@acme.example"');
    const user = await db().user.findUniqueOrThrow({ where: { email: "ann@acme.example" }, include: { account: true } });
    expect(user.account.kind).toBe("shipper");
    expect(user.passwordHash).toMatch(/^\$argon2id\$/);
  });

  it("creates a carrier company", async () => {
    const browser = agent();
    const _csrf = await csrfTokenFor(browser, "/signup");
    await browser.post("/signup").type("form").send({ _csrf, account_kind: "carrier", company_name: "Road Runners", name: "Bo", email: "bo@roadrunners.example", password: "12345678" }).expect(303);
    await confirmSignUpByMail(browser, "bo@roadrunners.example");
    const user = await db().user.findUniqueOrThrow({ where: { email: "bo@roadrunners.example" }, include: { account: true } });
    expect([user.account.kind, user.role]).toEqual(["carrier", "admin"]);
  });

  it.each([
    ["a short password", { password: "short" }, "password", "Password must be at least 8 characters"],
    ["a missing company name", { company_name: "" }, "company_name", "Enter your company name"],
    ["a missing name", { name: " " }, "name", "Enter your name"],
    ["an invalid email", { email: "not-an-email" }, "email", "Enter an email address"],
  ])("re-renders with 422 for %s, keeping what was typed except the password", async (_label, change, field, message) => {
    if (!(await db().user.findUnique({ where: { email: "taken@example.com" } }))) await createShipper({ email: "taken@example.com" });
    const before = await db().account.count();
    const browser = agent();
    const _csrf = await csrfTokenFor(browser, "/signup");
    const form = { _csrf, account_kind: "carrier", company_name: "Kept Company", name: "Kept Name", email: "kept@example.org", password: "secret-password", ...change };
    const response = await browser.post("/signup").type("form").send(form);
    expect(response.status).toBe(422);
    expect(response.text).toContain(message);
    expect(response.text).toContain(`id="field_${field}_error"`);
    if (field !== "company_name") expect(response.text).toContain('value="Kept Company"');
    expect(response.text).not.toContain("secret-password");
    expect(response.text).toMatch(/value="carrier" checked/);
    expect(await db().account.count()).toBe(before);
  });

  it("accepts a 128-character password and refuses one over the maximum", async () => {
    const browser = agent();
    const _csrf = await csrfTokenFor(browser, "/signup");
    const base = { _csrf, account_kind: "shipper", company_name: "Long Pass", name: "L" };
    await browser.post("/signup").type("form").send({ ...base, email: "long@example.org", password: "x".repeat(128) }).expect(303);
    expect((await confirmSignUpByMail(browser, "long@example.org")).status).toBe(303);
    const again = agent();
    const token = await csrfTokenFor(again, "/signup");
    await again.post("/signup").type("form").send({ ...base, _csrf: token, email: "longer@example.org", password: "x".repeat(257) }).expect(422);
  });

  it("shows a company name with markup as text everywhere", async () => {
    const browser = agent();
    const _csrf = await csrfTokenFor(browser, "/signup");
    await browser.post("/signup").type("form").send({ _csrf, account_kind: "shipper", company_name: "<script>alert(1)</script>", name: "<b>X</b>", email: "xss@example.org", password: "password123" }).expect(303);
    await confirmSignUpByMail(browser, "xss@example.org");
    for (const path of ["/dashboard", "/account"]) {
      const page = await browser.get(path);
      expect(page.text).not.toContain("<script>alert(1)</script>");
      expect(page.text).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    }
  });
});

describe("sign-in and sign-out", () => {
  it("rotates the session id at sign-in and destroys the session at sign-out", async () => {
    const user = await createShipper();
    const browser = agent();
    const login = await browser.get("/login");
    const before = cookieOf(login);
    const _csrf = /name="csrf-token" content="([^"]+)"/.exec(login.text)![1];
    const response = await browser.post("/session").type("form").send({ _csrf, email: user.email, password: "password123" });
    expect(response.status).toBe(303);
    const after = cookieOf(response);
    expect(after).toMatch(/^haulage\.sid=/);
    expect(after).not.toBe(before);
    expect(await db().session.count({ where: { userId: user.id } })).toBe(1);

    const token = await csrfTokenFor(browser, "/dashboard");
    const out = await browser.delete("/session").set("X-CSRF-Token", token);
    expect(out.status).toBe(303);
    expect(await db().session.count({ where: { userId: user.id } })).toBe(0);
    expect((await browser.get("/dashboard")).status).toBe(303);
  });

  it("signs out through a plain form posting _method=delete", async () => {
    const user = await createShipper();
    const browser = agent();
    await signIn(browser, user.email);
    const _csrf = await csrfTokenFor(browser, "/dashboard");
    await browser.post("/session").type("form").send({ _csrf, _method: "delete" }).expect(303);
    expect((await browser.get("/dashboard")).headers.location).toBe("/login");
  });

  it("gives the same answer for an unknown email and a wrong password", async () => {
    const user = await createShipper();
    const answers = [];
    for (const email of [user.email, "nobody@example.org"]) {
      const browser = agent();
      const _csrf = await csrfTokenFor(browser);
      const started = performance.now();
      const response = await browser.post("/session").type("form").send({ _csrf, email, password: "wrong-password" });
      answers.push({ status: response.status, message: /Incorrect email or password/.test(response.text), ms: performance.now() - started });
    }
    expect(answers.map(({ status, message }) => ({ status, message }))).toEqual([
      { status: 422, message: true },
      { status: 422, message: true },
    ]);
  });

  it("refuses the sixth rapid wrong password for an account with 429 and Retry-After", async () => {
    const user = await createShipper();
    const app = testApp({ LOG_LEVEL: "silent" });
    const browser = agent(app);
    const _csrf = await csrfTokenFor(browser);
    const statuses = [];
    for (let attempt = 0; attempt < 6; attempt++) {
      const response = await browser.post("/session").type("form").send({ _csrf, email: user.email, password: "wrong-password" });
      statuses.push(response.status);
      if (response.status === 429) expect(Number(response.headers["retry-after"])).toBeGreaterThan(0);
    }
    expect(statuses).toEqual([422, 422, 422, 422, 422, 429]);
    // Even the right password is refused while the account is locked.
    await browser.post("/session").type("form").send({ _csrf, email: user.email, password: "password123" }).expect(429);
  });

  it("sends a signed-out visitor to sign in and back to where they were going", async () => {
    const user = await createShipper();
    const browser = agent();
    const redirect = await browser.get("/account");
    expect([redirect.status, redirect.headers.location]).toEqual([303, "/login"]);
    const _csrf = await csrfTokenFor(browser);
    const response = await browser.post("/session").type("form").send({ _csrf, email: user.email, password: "password123" });
    expect(response.headers.location).toBe("/account");
  });

  it("in production (behind the TLS proxy) marks the session cookie Secure, sends HSTS and upgrades insecure requests", async () => {
    const response = await request(testApp({ NODE_ENV: "production", APP_ORIGIN: "https://loadline.example", TRUST_PROXY: "1" })).get("/login").set("X-Forwarded-Proto", "https");
    expect(String(response.headers["set-cookie"])).toMatch(/; HttpOnly; Secure; SameSite=Lax$/);
    expect(response.headers["strict-transport-security"]).toBe("max-age=31536000; includeSubDomains");
    expect(String(response.headers["content-security-policy"])).toMatch(/;upgrade-insecure-requests$/);
  });

  it("sets HttpOnly and SameSite=Lax on the session cookie", async () => {
    const response = await agent().get("/login");
    expect(String(response.headers["set-cookie"])).toMatch(/HttpOnly; SameSite=Lax/);
    expect(String(response.headers["set-cookie"])).not.toMatch(/Secure/);
  });
});

describe("CSRF and cross-site requests", () => {
  it("refuses a POST without a CSRF token with 403 and changes nothing", async () => {
    const before = await db().user.count();
    const response = await agent().post("/signup").type("form").send({ account_kind: "shipper", company_name: "X", name: "Y", email: "nocsrf@example.org", password: "password123" });
    expect(response.status).toBe(403);
    expect(await db().user.count()).toBe(before);
  });

  it("refuses a token from another session", async () => {
    const other = agent();
    const stolen = await csrfTokenFor(other);
    const browser = agent();
    await browser.get("/login");
    await browser.post("/session").type("form").send({ _csrf: stolen, email: "a@b.c", password: "x" }).expect(403);
  });

  it("refuses a state change the browser marks as cross-site, even with a valid token", async () => {
    const browser = agent();
    const _csrf = await csrfTokenFor(browser);
    await browser.post("/session").set("Sec-Fetch-Site", "cross-site").type("form").send({ _csrf, email: "a@b.c", password: "x" }).expect(403);
  });

  it("accepts the token in the X-CSRF-Token header for JSON calls", async () => {
    const browser = agent();
    const token = await csrfTokenFor(browser);
    await browser.post("/collect").set("X-CSRF-Token", token).send({ name: "page_view", data: {} }).expect(204);
    await browser.post("/collect").send({ name: "page_view", data: {} }).expect(403);
  });
});
