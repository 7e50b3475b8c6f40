import { beforeEach, describe, expect, it } from "vitest";
import { db } from "#db/client.server.ts";
import { LAST_ADMIN } from "#domain/accounts/team.ts";
import { INVITATION_EXPIRED, INVITATION_USED, invite } from "#models/team/invitations.server.ts";
import { findUserWithAccount } from "#models/users.server.ts";
import { agent, csrfTokenFor, signIn, signedInAgent } from "../../support/app.ts";
import { createCarrier, createShipper, createUser } from "../../support/fixtures.ts";
import { lettersTo } from "../../support/outbox.ts";

// Teams: admins invite colleagues by e-mail, change roles and remove people; the last admin stays.

type Person = Awaited<ReturnType<typeof createCarrier>>;
let admin: Person;
let member: Person;
let driver: Person;
let n = 0;

beforeEach(async () => {
  admin = await createCarrier({ company: `Team Haulage ${++n}` });
  member = await createUser("carrier", { role: "member", accountId: admin.accountId, name: "Mo Member" });
  driver = await createUser("carrier", { role: "driver", accountId: admin.accountId, name: "Dee Driver" });
});

const newEmail = () => `invitee${++n}-${Date.now()}@test.example`;

async function inviteAs(person: Person, fields: Record<string, string>) {
  const { browser, csrf } = await signedInAgent(person.email);
  return browser.post("/team/invitations").type("form").send({ _csrf: csrf, ...fields });
}

/** The invitation link's path from the last letter to `email`. */
function invitationPath(email: string) {
  const link = lettersTo(email).at(-1)?.link;
  if (!link) throw new Error(`no invitation to ${email}`);
  return new URL(link).pathname;
}

async function accept(path: string, fields: Record<string, string>, browser = agent()) {
  const page = await browser.get(path);
  const _csrf = /<meta name="csrf-token" content="([^"]+)"/.exec(page.text)?.[1];
  return { response: await browser.post(path).type("form").send({ _csrf, ...fields }), browser };
}

describe("an invitation", () => {
  it("is e-mailed by an admin, and accepting it makes the person a user of the account, signed in", async () => {
    const email = newEmail();
    const sent = await inviteAs(admin, { name: "Dan New", email, role: "driver" });
    expect(sent.status).toBe(303);
    expect(sent.headers.location).toBe("/team");
    const [letter] = lettersTo(email);
    const company = (await db().account.findUniqueOrThrow({ where: { id: admin.accountId } })).name;
    expect(letter!.subject).toBe(`${admin.name} invited you to ${company} on Loadline`);
    expect(letter!.text).toContain("as driver");

    const page = await agent().get(invitationPath(email));
    expect(page.status).toBe(200);
    expect(page.text).toContain(email);

    const { response, browser } = await accept(invitationPath(email), { name: "Dan New", password: "a-long-password" });
    expect(response.status).toBe(303);
    expect(response.headers.location).toBe("/loads");
    const user = await db().user.findUniqueOrThrow({ where: { email } });
    expect(user).toMatchObject({ accountId: admin.accountId, role: "driver", name: "Dan New", removedAt: null });
    expect((await browser.get("/loads")).status).toBe(200);
  });

  it("cannot be used twice", async () => {
    const email = newEmail();
    await inviteAs(admin, { name: "Twice", email, role: "member" });
    const path = invitationPath(email);
    expect((await accept(path, { name: "Twice", password: "a-long-password" })).response.status).toBe(303);
    const again = await accept(path, { name: "Someone else", password: "another-password" });
    expect(again.response.status).toBe(410);
    expect(again.response.text).toContain(INVITATION_USED);
    expect(await db().user.count({ where: { email } })).toBe(1);
  });

  it("expires after 7 days", async () => {
    const email = newEmail();
    const inviter = (await findUserWithAccount(admin.id))!;
    await invite(inviter, { name: "Late", email, role: "member" }, "http://127.0.0.1", new Date(Date.now() - 8 * 24 * 3_600_000));
    const page = await agent().get(invitationPath(email));
    expect(page.status).toBe(410);
    expect(page.text).toContain(INVITATION_EXPIRED);
    expect((await accept(invitationPath(email), { name: "Late", password: "a-long-password" })).response.status).toBe(410);
    expect(await db().user.count({ where: { email } })).toBe(0);
  });

  it("is refused to someone signed in to another account, and changes nothing", async () => {
    const email = newEmail();
    await inviteAs(admin, { name: "Wrong", email, role: "member" });
    const outsider = await createShipper();
    const { browser } = await signedInAgent(outsider.email);
    const page = await browser.get(invitationPath(email));
    expect(page.status).toBe(403);
    expect(page.text).toContain(`You are signed in as ${outsider.name}`);
    const csrf = /<meta name="csrf-token" content="([^"]+)"/.exec(page.text)![1];
    expect((await browser.post(invitationPath(email)).type("form").send({ _csrf: csrf, name: "Wrong", password: "a-long-password" })).status).toBe(403);
    expect(await db().user.count({ where: { email } })).toBe(0);
  });

  it("with a forged token answers 410", async () => {
    expect((await agent().get("/invitations/not-a-real-token")).status).toBe(410);
  });

  it.each([
    [{ name: "", email: "x@test.example", role: "member" }, "name", "Enter their name"],
    [{ name: "X", email: "not-an-email", role: "member" }, "email", "Enter an email address like name@company.co.uk"],
    [{ name: "X", email: "y@test.example", role: "support" }, "role", "Choose a role from the list"],
  ])("refuses %o with 422 beside the field and sends nothing", async (fields, _field, message) => {
    const response = await inviteAs(admin, fields);
    expect(response.status).toBe(422);
    expect(response.text).toContain(message);
    expect(lettersTo(fields.email)).toEqual([]);
  });

  it("offers drivers to shippers too (their own fleet)", async () => {
    const shipper = await createShipper();
    const response = await inviteAs(shipper, { name: "Own Fleet", email: newEmail(), role: "driver" });
    expect(response.status).toBe(303);
  });

  it("is refused for an email already on Loadline", async () => {
    const response = await inviteAs(admin, { name: "Taken", email: member.email, role: "member" });
    expect(response.status).toBe(422);
    expect(response.text).toContain("This person already has a Loadline account");
  });
});

describe("who may run the team", () => {
  it("a member sees the team but cannot invite (403) or change roles (403)", async () => {
    const { browser, csrf } = await signedInAgent(member.email);
    const page = await browser.get("/team");
    expect(page.status).toBe(200);
    expect(page.text).not.toContain("Send invitation");
    expect((await browser.post("/team/invitations").type("form").send({ _csrf: csrf, name: "X", email: newEmail(), role: "member" })).status).toBe(403);
    expect((await browser.post(`/team/members/${driver.id}`).type("form").send({ _csrf: csrf, _method: "patch", role: "admin" })).status).toBe(403);
    expect((await db().user.findUniqueOrThrow({ where: { id: driver.id } })).role).toBe("driver");
  });

  it("a driver has no team page (404)", async () => {
    const { browser } = await signedInAgent(driver.email);
    expect((await browser.get("/team")).status).toBe(404);
  });

  it("another account's people answer 404", async () => {
    const other = await createCarrier();
    const { browser, csrf } = await signedInAgent(admin.email);
    expect((await browser.post(`/team/members/${other.id}`).type("form").send({ _csrf: csrf, _method: "patch", role: "member" })).status).toBe(404);
    expect((await browser.post(`/team/members/${other.id}`).type("form").send({ _csrf: csrf, _method: "delete" })).status).toBe(404);
  });
});

describe("roles and removal", () => {
  it("an admin changes a role", async () => {
    const { browser, csrf } = await signedInAgent(admin.email);
    const response = await browser.post(`/team/members/${member.id}`).type("form").send({ _csrf: csrf, _method: "patch", role: "admin" });
    expect(response.status).toBe(303);
    expect((await db().user.findUniqueOrThrow({ where: { id: member.id } })).role).toBe("admin");
  });

  it("the last admin cannot be demoted or removed", async () => {
    const { browser, csrf } = await signedInAgent(admin.email);
    const demote = await browser.post(`/team/members/${admin.id}`).type("form").send({ _csrf: csrf, _method: "patch", role: "member" });
    expect(demote.status).toBe(422);
    expect(demote.text).toContain(LAST_ADMIN);
    const remove = await browser.post(`/team/members/${admin.id}`).type("form").send({ _csrf: csrf, _method: "delete" });
    expect(remove.status).toBe(422);
    expect(remove.text).toContain(LAST_ADMIN);
    expect(await db().user.findUniqueOrThrow({ where: { id: admin.id } })).toMatchObject({ role: "admin", removedAt: null });
  });

  it("a removed person is signed out at once, cannot sign in again, and their loads not yet collected go back to the office", async () => {
    const shipper = await createShipper();
    const job = await db().job.create({ data: { shipperAccountId: shipper.accountId, createdById: shipper.id, reference: "R", status: "awarded", jobType: "single", loadType: "palletised" } });
    const waiting = await db().load.create({ data: { jobId: job.id, sequence: 1, carrierAccountId: admin.accountId, driverId: driver.id, status: "driver_assigned" } });
    const driving = await db().load.create({ data: { jobId: job.id, sequence: 2, carrierAccountId: admin.accountId, driverId: driver.id, status: "collected" } });
    const driverSession = await signedInAgent(driver.email);
    expect((await driverSession.browser.get("/loads")).status).toBe(200);

    const { browser, csrf } = await signedInAgent(admin.email);
    const removed = await browser.post(`/team/members/${driver.id}`).type("form").send({ _csrf: csrf, _method: "delete" });
    expect(removed.status).toBe(303);

    const after = await driverSession.browser.get("/loads");
    expect(after.status).toBe(303);
    expect(after.headers.location).toBe("/login");
    const again = agent();
    await csrfTokenFor(again);
    await expect(signIn(again, driver.email)).rejects.toThrow();
    expect(await db().session.count({ where: { userId: driver.id } })).toBe(0);
    expect(await db().load.findUniqueOrThrow({ where: { id: waiting.id } })).toMatchObject({ status: "assigned", driverId: null });
    expect(await db().load.findUniqueOrThrow({ where: { id: driving.id } })).toMatchObject({ status: "collected", driverId: driver.id });
    expect((await browser.get("/team")).text).not.toContain(driver.email);
  });

  it("someone removed can be invited back", async () => {
    const { browser, csrf } = await signedInAgent(admin.email);
    await browser.post(`/team/members/${member.id}`).type("form").send({ _csrf: csrf, _method: "delete" });
    expect((await inviteAs(admin, { name: "Mo Again", email: member.email, role: "member" })).status).toBe(303);
    const { response } = await accept(invitationPath(member.email), { name: "Mo Again", password: "a-new-password" });
    expect(response.status).toBe(303);
    expect(await db().user.findUniqueOrThrow({ where: { id: member.id } })).toMatchObject({ removedAt: null, name: "Mo Again" });
  });
});
