import { describe, expect, it } from "vitest";
import { db } from "#db/client.server.ts";
import { WRITE_BUDGETS } from "#server/rate-limit.server.ts";
import { agent, csrfTokenFor, testApp, type Agent } from "../support/app.ts";
import { createShipper } from "../support/fixtures.ts";
import { confirmSignUpByMail, lettersTo } from "../support/outbox.ts";

// Between signing up and using the emailed link: "check your email" is a page that stays, the link
// can be sent again, and signing in with the right password says the address is not confirmed yet
// (only to someone with that password: anyone else hears "Incorrect email or password").

const PASSWORD = "a-long-password";
// This file sends more letters than an address may in an hour: its app leaves the sign-up budget
// out, but for the test of that budget itself.
const app = testApp({}, { writeBudgets: WRITE_BUDGETS.filter((budget) => budget.name !== "signup") });
const unique = (name: string) => `${name}-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@example.org`;

async function signUp(email: string, browser: Agent = agent(app)) {
  const _csrf = await csrfTokenFor(browser, "/signup");
  const response = await browser.post("/signup").type("form").send({ _csrf, account_kind: "carrier", company_name: "Waiting Haulage", name: "Wyn", email, password: PASSWORD });
  return { browser, response };
}

async function signInAttempt(email: string, password: string, browser: Agent = agent(app)) {
  const _csrf = await csrfTokenFor(browser);
  return { browser, response: await browser.post("/session").type("form").send({ _csrf, email, password }) };
}

const cardText = (html: string) => /<section class="auth-card">([\s\S]*?)<\/section>/.exec(html)?.[1]?.replace(/<[^>]+>/g, "").replace(/\s+/g, " ").trim() ?? "";

describe("after signing up", () => {
  it("shows a 'check your email' page that stays, naming the address, with the link to send again and a way back", async () => {
    const email = unique("sent");
    const { browser, response } = await signUp(email);
    expect([response.status, response.headers.location]).toEqual([303, "/signup/sent"]);

    const page = await browser.get("/signup/sent").expect(200);
    expect(cardText(page.text)).toContain(`Check your email We have sent a link to ${email}. Open it to confirm your address and finish creating your account; it works for 48 hours.`);
    expect(page.text).toContain('<form action="/signup/confirmation_letter" method="post"');
    expect(page.text).toContain('Wrong address? <a href="/signup">Sign up again</a>');
    expect(page.text).not.toContain('data-controller="toast"');
    // It is still there when opened again.
    expect(cardText((await browser.get("/signup/sent").expect(200)).text)).toContain(email);
  });

  it("sends the link again from that page, and the new link confirms the account", async () => {
    const email = unique("again");
    const { browser } = await signUp(email);
    const csrf = await csrfTokenFor(browser, "/signup/sent");

    const resent = await browser.post("/signup/confirmation_letter").type("form").send({ _csrf: csrf });

    expect([resent.status, resent.headers.location]).toEqual([303, "/signup/sent"]);
    expect((await browser.get("/signup/sent")).text).toContain(`We have sent the link again to ${email}.`);
    expect(lettersTo(email).map((letter) => letter.subject)).toEqual(["Confirm your Loadline account", "Confirm your Loadline account"]);
    const confirmed = await confirmSignUpByMail(agent(app), email);
    expect([confirmed.status, confirmed.headers.location]).toEqual([303, "/dashboard"]);
    expect(await db().pendingSignUp.count({ where: { email } })).toBe(0);
  });

  it("sends a browser that signed nobody up from the page (and its button) to sign up, sending nothing", async () => {
    const browser = agent(app);
    const page = await browser.get("/signup/sent");
    expect([page.status, page.headers.location]).toEqual([303, "/signup"]);
    const csrf = await csrfTokenFor(browser);
    const resent = await browser.post("/signup/confirmation_letter").type("form").send({ _csrf: csrf });
    expect([resent.status, resent.headers.location]).toEqual([303, "/signup"]);
  });

  it("answers an address that already has an account exactly alike, writing to its owner to sign in instead", async () => {
    const owner = await createShipper();
    const { browser, response } = await signUp(owner.email);
    expect(response.headers.location).toBe("/signup/sent");
    const csrf = await csrfTokenFor(browser, "/signup/sent");
    const resent = await browser.post("/signup/confirmation_letter").type("form").send({ _csrf: csrf });
    expect([resent.status, resent.headers.location]).toEqual([303, "/signup/sent"]);
    expect(lettersTo(owner.email).map((letter) => letter.subject)).toEqual(["You already have a Loadline account", "You already have a Loadline account"]);
  });
});

describe("signing in before confirming", () => {
  it("with the right password, says the address is not confirmed yet and offers the link again, from any browser", async () => {
    const email = unique("early");
    await signUp(email);

    const { browser, response } = await signInAttempt(email, PASSWORD);

    expect(response.status).toBe(422);
    expect(response.text).toContain("This address is not confirmed yet.");
    expect(response.text).toContain(`Open the link we emailed to <strong>${email}</strong>`);
    expect(response.text).not.toContain("Incorrect email or password");
    expect(response.text).toContain('<form action="/signup/confirmation_letter" method="post"');
    expect(await db().user.count({ where: { email } })).toBe(0);

    const csrf = await csrfTokenFor(browser, "/login");
    const resent = await browser.post("/signup/confirmation_letter").type("form").send({ _csrf: csrf });
    expect([resent.status, resent.headers.location]).toEqual([303, "/signup/sent"]);
    expect(lettersTo(email)).toHaveLength(2);
  });

  it("with a wrong password says only 'Incorrect email or password', as for an address nobody signed up with", async () => {
    const email = unique("guess");
    await signUp(email);
    const wrong = (await signInAttempt(email, "not-the-password")).response;
    const unknown = (await signInAttempt(unique("nobody"), "not-the-password")).response;
    for (const answer of [wrong, unknown]) {
      expect(answer.status).toBe(422);
      expect(answer.text).toContain("Incorrect email or password.");
      expect(answer.text).not.toContain("not confirmed");
      expect(answer.text).not.toContain("/signup/confirmation_letter");
    }
    // Nor can a browser that only guessed the address have the letter sent again.
    const { browser } = await signInAttempt(email, "not-the-password");
    const csrf = await csrfTokenFor(browser);
    expect((await browser.post("/signup/confirmation_letter").type("form").send({ _csrf: csrf })).headers.location).toBe("/signup");
    expect(lettersTo(email)).toHaveLength(1);
  });

  it("signs in normally once the address is confirmed", async () => {
    const email = unique("done");
    const { browser } = await signUp(email);
    await confirmSignUpByMail(browser, email);
    const { response } = await signInAttempt(email, PASSWORD);
    expect([response.status, response.headers.location]).toEqual([303, "/dashboard"]);
  });
});

describe("the letters one address may have sent", () => {
  it("count the link sent again with the sign-ups: the eleventh in an hour is refused with 429", async () => {
    const limited = testApp({}, { writeBudgets: WRITE_BUDGETS.filter((budget) => budget.name === "signup") });
    const email = unique("many");
    const { browser } = await signUp(email, agent(limited));
    const csrf = await csrfTokenFor(browser, "/signup/sent");
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) statuses.push((await browser.post("/signup/confirmation_letter").type("form").send({ _csrf: csrf })).status);
    expect(statuses).toEqual([...Array(9).fill(303), 429]);
    expect(lettersTo(email)).toHaveLength(10);
  });
});
