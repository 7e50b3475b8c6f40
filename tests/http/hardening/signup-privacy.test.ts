import { describe, expect, it } from "vitest";
import { db } from "#db/client.server.ts";
import { agent, csrfTokenFor } from "../../support/app.ts";
import { createShipper } from "../../support/fixtures.ts";
import { confirmSignUpByMail, lettersTo } from "../../support/outbox.ts";

const form = (email: string) => ({ account_kind: "carrier", company_name: "Quiet Haulage", name: "Quinn", email, password: "a-long-password" });

async function signUp(email: string) {
  const browser = agent();
  const _csrf = await csrfTokenFor(browser, "/signup");
  const response = await browser.post("/signup").type("form").send({ _csrf, ...form(email) });
  const page = await browser.get(response.headers.location!);
  return { browser, response, notice: /<section class="auth-card">([\s\S]*?)<\/section>/.exec(page.text)?.[1]?.replace(/<[^>]+>/g, "").replace(/\s+/g, " ").trim() };
}

describe("sign-up does not reveal which emails are registered", () => {
  it("answers a registered email exactly as a new one, and writes to the owner instead", async () => {
    const owner = await createShipper();
    const fresh = `fresh-${Date.now()}@example.org`;
    const before = await db().user.count();
    const [known, unknown] = [await signUp(owner.email), await signUp(fresh)];
    expect([known.response.status, known.response.headers.location]).toEqual([unknown.response.status, unknown.response.headers.location]);
    expect(unknown.notice).toContain(`Check your email We have sent a link to ${fresh}. Open it to confirm your address`);
    expect(known.notice?.replace(owner.email, "EMAIL")).toBe(unknown.notice?.replace(fresh, "EMAIL"));
    expect(await db().user.count()).toBe(before);

    expect(lettersTo(owner.email).map((letter) => letter.subject)).toEqual(["You already have a Loadline account"]);
    expect(lettersTo(owner.email)[0]!.text).toContain("/login");
    expect(lettersTo(fresh).map((letter) => letter.subject)).toEqual(["Confirm your Loadline account"]);
  });

  it("keeps the password out of the letter and the link", async () => {
    const email = `sealed-${Date.now()}@example.org`;
    await signUp(email);
    const letter = lettersTo(email)[0]!;
    expect(letter.text).not.toContain("a-long-password");
    expect(Buffer.from(letter.link!.split("/").at(-1)!, "base64url").toString("latin1")).not.toContain(email);
  });

  it("confirms once: a second use of the link finds the account already made", async () => {
    const email = `twice-${Date.now()}@example.org`;
    const { browser } = await signUp(email);
    expect((await confirmSignUpByMail(browser, email)).status).toBe(303);
    const again = await confirmSignUpByMail(agent(), email);
    expect(again.status).toBe(409);
    expect(again.text).toContain("This account is already confirmed. Sign in instead.");
    expect(await db().user.count({ where: { email } })).toBe(1);
  });

  it.each(["not-a-token", "A".repeat(200)])("answers 404 to a link that is not genuine (%s)", async (token) => {
    const page = await agent().get(`/signup/confirmation/${token}`);
    expect(page.status).toBe(404);
    expect(page.text).toContain("This link has expired or is not valid.");
  });
});
