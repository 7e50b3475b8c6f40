import { describe, expect, it } from "vitest";
import { db } from "#db/client.server.ts";
import { signUp } from "#models/users/sign-up.server.ts";
import { changeCredentials } from "#models/users/credentials.server.ts";
import { agent, csrfTokenFor, signedInAgent } from "../../support/app.ts";
import { createShipper } from "../../support/fixtures.ts";

describe("signing in with a body of the wrong shape", () => {
  it.each([
    { why: "an array email", body: { email: ["a@b.c", "d@e.f"], password: "password123" } },
    { why: "an object email", body: { email: { $gt: "" }, password: "password123" } },
    { why: "an email of 10,000 characters", body: { email: `${"a".repeat(10_000)}@example.com`, password: "password123" } },
    { why: "a password that is a number", body: { email: "a@b.c", password: 12345678 } },
  ])("answers 422 for $why", async ({ body }) => {
    const browser = agent();
    const csrf = await csrfTokenFor(browser);
    const response = await browser.post("/session").set("X-CSRF-Token", csrf).send(body);
    expect(response.status).toBe(422);
    expect(response.text).toContain("Incorrect email or password.");
  });
});

const signup = (email: string) => ({ account_kind: "shipper" as const, company_name: "Race Ltd", name: "Rae Racer", email, password: "password123" });

describe("two requests racing for one email", () => {
  it("sign-up: exactly one account is made; the other answers with the message beside the email", async () => {
    const results = await Promise.all([signUp(signup("race@example.com")), signUp(signup("race@example.com"))]);
    expect(results.filter((result) => result.ok)).toHaveLength(1);
    expect(results.find((result) => !result.ok)).toEqual({ ok: false, status: 422, errors: { email: "An account with this email already exists. Sign in instead?" } });
    expect(await db().user.count({ where: { email: "race@example.com" } })).toBe(1);
  });

  it("email change: the loser is told the email is in use, and keeps their own", async () => {
    const [first, second] = [await createShipper(), await createShipper()];
    const users = await db().user.findMany({ where: { id: { in: [first.id, second.id] } }, include: { account: true }, orderBy: { id: "asc" } });
    const results = await Promise.all(users.map((user) => changeCredentials(user, { currentPassword: "password123", email: "wanted@example.com" })));
    expect(results.filter((result) => result.ok)).toHaveLength(1);
    expect(results.find((result) => !result.ok)).toEqual({ ok: false, status: 422, errors: { email: "That email is already in use" } });
    expect(await db().user.count({ where: { email: "wanted@example.com" } })).toBe(1);
  });

  it("the account form answers 422 beside the email when it is taken", async () => {
    const [mine, theirs] = [await createShipper(), await createShipper()];
    const { browser, csrf } = await signedInAgent(mine.email);
    const response = await browser.patch("/account").type("form").send({ _csrf: csrf, email: theirs.email, current_password: "password123" });
    expect(response.status).toBe(422);
    expect(response.text).toContain("That email is already in use");
  });
});
