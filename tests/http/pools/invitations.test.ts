import { beforeEach, describe, expect, it } from "vitest";
import { db } from "#db/client.server.ts";
import { WRITE_BUDGETS } from "#server/rate-limit.server.ts";
import { agent, csrfTokenFor, signIn, signedInAgent, testApp } from "../../support/app.ts";
import { createCarrier, createShipper, createSupport } from "../../support/fixtures.ts";
import { confirmSignUpByMail, lettersTo } from "../../support/outbox.ts";
import { fieldMessage, makePool, pageText, summaryLines } from "./pool-helpers.ts";

// Inviting a carrier to a pool by e-mail: an address already a carrier's is added at once, one of a
// shipper or support is refused, a new one gets a letter whose link leads to the carrier sign-up;
// the company made through it (the token travels through the confirmation link) joins the pool.
// A used, expired or withdrawn link is ignored: the account is made all the same.

// This file signs up more often than one address may in an hour: the sign-up budget is left out.
const app = testApp({}, { writeBudgets: WRITE_BUDGETS.filter((budget) => budget.name !== "signup") });

type User = Awaited<ReturnType<typeof createShipper>>;
let shipper: User;
let pool: Awaited<ReturnType<typeof makePool>>;
const unique = (name: string) => `${name}-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@example.org`;

beforeEach(async () => {
  shipper = await createShipper({ company: "Northwind Pools", name: "Nora North" });
  pool = await makePool("Chilled regulars", shipper);
});

async function invite(email: unknown) {
  const { browser, csrf } = await signedInAgent(shipper.email, app);
  return { browser, response: await browser.post(`/pools/${pool.id}/members`).type("form").send({ _csrf: csrf, email }) };
}

/** Signs up as a carrier through the invitation's link, as the person would, and confirms by the e-mailed link. */
async function signUpThrough(link: string, email: string, kind = "carrier") {
  const browser = agent(app);
  const path = new URL(link).pathname + new URL(link).search;
  const form = await browser.get(path).expect(200);
  const token = /name="pool_invitation" value="([^"]+)"/.exec(form.text)?.[1];
  const _csrf = await csrfTokenFor(browser, path);
  const sent = await browser.post("/signup").type("form").send({ _csrf, account_kind: kind, company_name: "Invited Haulage", name: "Ivy", email, password: "a-long-password", pool_invitation: token });
  expect(sent.status).toBe(303);
  const confirmed = await confirmSignUpByMail(agent(app), email);
  expect([confirmed.status, confirmed.headers.location]).toEqual([303, "/dashboard"]);
  return db().user.findUniqueOrThrow({ where: { email }, include: { account: true } });
}

describe("inviting by e-mail", () => {
  it("adds the company of an address that is a carrier user's at once, saying so", async () => {
    const carrier = await createCarrier({ company: "Already Haulage" });
    const { browser, response } = await invite(`  ${carrier.email.toUpperCase()} `);
    expect([response.status, response.headers.location]).toEqual([303, `/pools/${pool.id}`]);
    expect(await db().poolMember.count({ where: { poolId: pool.id, carrierAccountId: carrier.accountId } })).toBe(1);
    const notice = `${carrier.email.toLowerCase()} is already on Loadline, with Already Haulage: no invitation sent. Already Haulage added to Chilled regulars`;
    expect(pageText((await browser.get(`/pools/${pool.id}`)).text)).toContain(notice);
    expect(lettersTo(carrier.email)).toEqual([]);
    expect(await db().poolInvitation.count({ where: { poolId: pool.id } })).toBe(0);
  });

  it.each([
    { who: "a shipper", make: () => createShipper() },
    { who: "support", make: () => createSupport() },
  ])("refuses the address of $who with 422, keeping what was typed", async ({ make }) => {
    const other = await make();
    const { response } = await invite(other.email);
    expect(response.status).toBe(422);
    expect(summaryLines(response.text)).toEqual(["That address belongs to a company that is not a carrier"]);
    expect(fieldMessage(response.text, "field_email")).toBe("That address belongs to a company that is not a carrier");
    expect(response.text).toContain(`value="${other.email}"`);
    expect(await db().poolInvitation.count({ where: { poolId: pool.id } })).toBe(0);
  });

  it("refuses an address of a carrier a block stands between (422, beside the address)", async () => {
    const carrier = await createCarrier({ company: "Blocked Haulage" });
    await db().companyBlock.create({ data: { blockerAccountId: carrier.accountId, blockedAccountId: shipper.accountId, blockedById: carrier.id } });
    const { response } = await invite(carrier.email);
    expect(response.status).toBe(422);
    expect(fieldMessage(response.text, "field_email")).toBe("You cannot add Blocked Haulage: one of your companies has blocked the other");
  });

  it.each(["not-an-address", "a@b", "x".repeat(250) + "@example.org"])("refuses %j with 422", async (email) => {
    const { response } = await invite(email);
    expect(response.status).toBe(422);
    expect(fieldMessage(response.text, "field_email")).toBe("Enter an e-mail address like name@company.co.uk");
  });

  it("e-mails a new address a link to the carrier sign-up (14 days), keeps only the token's digest, shows it waiting, audited", async () => {
    const email = unique("new-haulier");
    const { browser, response } = await invite(email);
    expect([response.status, response.headers.location]).toEqual([303, `/pools/${pool.id}`]);
    const [letter] = lettersTo(email);
    expect(letter!.subject).toBe("Northwind Pools invited you to offer them work on Loadline");
    expect(letter!.text).toContain('Nora North of Northwind Pools has invited your company to their carrier pool "Chilled regulars" on Loadline');
    expect(letter!.text).toContain("The link works for 14 days.");
    const token = /[?&]pool_invitation=([A-Za-z0-9_-]+)/.exec(letter!.link!)![1]!;
    expect(new URL(letter!.link!).pathname).toBe("/signup");
    const invitation = await db().poolInvitation.findFirstOrThrow({ where: { poolId: pool.id } });
    expect(invitation.tokenDigest).not.toContain(token);
    expect(invitation.tokenDigest).toMatch(/^[0-9a-f]{64}$/);
    expect(invitation.expiresAt.getTime() - invitation.createdAt.getTime()).toBeGreaterThan(14 * 86_400_000 - 60_000);
    const page = await browser.get(`/pools/${pool.id}`);
    expect(pageText(page.text)).toContain(`Invitation sent to ${email}. When they sign up as a carrier, they join Chilled regulars.`);
    expect(pageText(/<li data-invitation-id="\d+">([\s\S]*?)<\/li>/.exec(page.text)![1]!)).toMatch(new RegExp(`^${email} — sent \\d+ \\w+ \\d{4}, the link works until`));
    expect(await db().auditLog.count({ where: { action: "pool.invite", actorId: shipper.id } })).toBe(1);
  });

  it("inviting the same address again replaces the waiting invitation", async () => {
    const email = unique("twice");
    await invite(email);
    await invite(email);
    expect(await db().poolInvitation.count({ where: { poolId: pool.id, email } })).toBe(1);
    expect(lettersTo(email)).toHaveLength(2);
  });

  it("withdraws a waiting invitation (its link then lands nowhere); 404 for another pool's or a used one", async () => {
    const email = unique("withdrawn");
    const { browser } = await invite(email);
    const invitation = await db().poolInvitation.findFirstOrThrow({ where: { poolId: pool.id } });
    const csrf = await csrfTokenFor(browser, `/pools/${pool.id}`);
    const other = await makePool("Scotland", shipper);
    expect((await browser.delete(`/pools/${other.id}/invitations/${invitation.id}`).type("form").send({ _csrf: csrf })).status).toBe(404);
    const response = await browser.post(`/pools/${pool.id}/invitations/${invitation.id}`).type("form").send({ _csrf: csrf, _method: "delete" });
    expect([response.status, response.headers.location]).toEqual([303, `/pools/${pool.id}`]);
    expect(pageText((await browser.get(`/pools/${pool.id}`)).text)).toContain(`Invitation to ${email} withdrawn`);
    expect((await browser.delete(`/pools/${pool.id}/invitations/${invitation.id}`).type("form").send({ _csrf: csrf })).status).toBe(404);
    const user = await signUpThrough(lettersTo(email)[0]!.link!, email);
    expect(await db().poolMember.count({ where: { carrierAccountId: user.accountId } })).toBe(0);
  });
});

describe("signing up through the invitation", () => {
  it("lands the new carrier company in the pool once its account is made, the token carried through the confirmation link", async () => {
    const email = unique("lands");
    await invite(email);
    const link = lettersTo(email)[0]!.link!;
    const form = await agent(app).get(new URL(link).pathname + new URL(link).search).expect(200);
    expect(form.text).toContain('id="field_account_kind_carrier" name="account_kind" value="carrier" checked');
    expect(pageText(form.text)).toContain("A shipper has invited you to their carrier pool.");
    const user = await signUpThrough(link, email);
    expect(user.account).toMatchObject({ kind: "carrier", name: "Invited Haulage" });
    expect(await db().poolMember.findMany({ where: { carrierAccountId: user.accountId }, select: { poolId: true } })).toEqual([{ poolId: pool.id }]);
    expect((await db().poolInvitation.findFirstOrThrow({ where: { poolId: pool.id } })).acceptedAt).not.toBeNull();
    expect(await db().auditLog.count({ where: { action: "pool.invitation_accepted", actorId: user.id } })).toBe(1);
    const browser = agent(app);
    await signIn(browser, email, "a-long-password");
    expect(pageText((await browser.get("/pools")).text)).toContain("Northwind Pools Chilled regulars");
  });

  it("joins when the confirmation letter was sent again (that letter carries no link token: the confirmed address was invited)", async () => {
    const email = unique("again");
    await invite(email);
    const link = lettersTo(email)[0]!.link!;
    const browser = agent(app);
    const path = new URL(link).pathname + new URL(link).search;
    const token = /name="pool_invitation" value="([^"]+)"/.exec((await browser.get(path).expect(200)).text)?.[1];
    const _csrf = await csrfTokenFor(browser, path);
    await browser.post("/signup").type("form").send({ _csrf, account_kind: "carrier", company_name: "Patient Haulage", name: "Pat", email, password: "a-long-password", pool_invitation: token }).expect(303);
    const again = await browser.post("/signup/confirmation_letter").type("form").send({ _csrf: await csrfTokenFor(browser, "/signup/sent") });
    expect([again.status, again.headers.location]).toEqual([303, "/signup/sent"]);
    expect(lettersTo(email)).toHaveLength(3);
    const confirmed = await confirmSignUpByMail(agent(app), email);
    expect(confirmed.status).toBe(303);
    const user = await db().user.findUniqueOrThrow({ where: { email } });
    expect(await db().poolMember.findMany({ where: { carrierAccountId: user.accountId }, select: { poolId: true } })).toEqual([{ poolId: pool.id }]);
  });

  it("an ordinary carrier sign-up with an invited address joins once the address is confirmed; one another address signed up with does not", async () => {
    const email = unique("plain");
    await invite(email);
    const user = await signUpThrough("http://localhost/signup?kind=carrier", email);
    expect(await db().poolMember.count({ where: { poolId: pool.id, carrierAccountId: user.accountId } })).toBe(1);
    const other = await signUpThrough("http://localhost/signup?kind=carrier", unique("uninvited"));
    expect(await db().poolMember.count({ where: { carrierAccountId: other.accountId } })).toBe(0);
  });

  it("a used link is ignored for a second sign-up: that account is made, outside the pool", async () => {
    const email = unique("first");
    await invite(email);
    const link = lettersTo(email)[0]!.link!;
    await signUpThrough(link, email);
    const second = await signUpThrough(link, unique("second"));
    expect(await db().poolMember.count({ where: { carrierAccountId: second.accountId } })).toBe(0);
    expect(await db().poolMember.count({ where: { poolId: pool.id } })).toBe(1);
  });

  it("an expired link is ignored: the account is made, outside the pool", async () => {
    const email = unique("late");
    await invite(email);
    await db().poolInvitation.updateMany({ where: { poolId: pool.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const user = await signUpThrough(lettersTo(email)[0]!.link!, email);
    expect(await db().poolMember.count({ where: { carrierAccountId: user.accountId } })).toBe(0);
  });

  it("signing up as a shipper through the link joins no pool; a made-up token is ignored", async () => {
    const email = unique("shipper");
    await invite(email);
    const user = await signUpThrough(lettersTo(email)[0]!.link!, email, "shipper");
    expect(user.account.kind).toBe("shipper");
    expect(await db().poolMember.count({ where: { poolId: pool.id } })).toBe(0);
    const made = await signUpThrough(`http://localhost/signup?kind=carrier&pool_invitation=${"A".repeat(43)}`, unique("made-up"));
    expect(await db().poolMember.count({ where: { carrierAccountId: made.accountId } })).toBe(0);
  });

  it("an ordinary sign-up is unchanged: no pool field, the shipper box ticked", async () => {
    const form = await agent(app).get("/signup?pool_invitation=<script>").expect(200);
    expect(form.text).not.toContain('name="pool_invitation"');
    expect(form.text).toContain('id="field_account_kind_shipper" name="account_kind" value="shipper" checked');
  });
});
