import { describe, expect, it } from "vitest";
import { db } from "#db/client.server.ts";
import { createLogger, noteImpersonator, runInRequest } from "#lib/logger.server.ts";
import { audit } from "#models/audit.server.ts";
import { csrfTokenFor, signedInAgent } from "../../support/app.ts";
import { createCarrier, createSupport, createUser } from "../../support/fixtures.ts";

/** Support signed in twice (browsers X and Y), X impersonating `target`. */
async function supportImpersonating(targetId: number) {
  const support = await createSupport();
  const [x, y] = [await signedInAgent(support.email), await signedInAgent(support.email)];
  const started = await x.browser.post("/admin/impersonations").type("form").send({ _csrf: x.csrf, user_id: targetId });
  expect(started.status).toBe(303);
  return { support, x: { ...x, csrf: await csrfTokenFor(x.browser, "/dashboard") }, y };
}

describe("an impersonating browser is the first to die when the support user's sessions end", () => {
  it("'sign out everywhere' in another browser ends it, and stopping the impersonation afterwards gives back no support session", async () => {
    const customer = await createCarrier();
    const { x, y } = await supportImpersonating(customer.id);
    expect((await x.browser.get("/dashboard")).status).toBe(200);

    expect((await y.browser.delete("/sessions").set("X-CSRF-Token", y.csrf)).status).toBe(303);

    const dashboard = await x.browser.get("/dashboard");
    expect([dashboard.status, dashboard.headers.location]).toEqual([303, "/login"]);
    await x.browser.delete("/admin/impersonation").set("X-CSRF-Token", x.csrf);
    const admin = await x.browser.get("/admin");
    expect([admin.status, admin.headers.location]).toEqual([303, "/login"]);
  });

  it("a password change in another browser ends it", async () => {
    const customer = await createCarrier();
    const { x, y } = await supportImpersonating(customer.id);
    const changed = await y.browser.patch("/account").type("form").send({ _csrf: y.csrf, email: (await db().user.findFirstOrThrow({ where: { role: "support" }, orderBy: { id: "desc" } })).email, password: "a-brand-new-password", current_password: "password123" });
    expect(changed.status).toBe(303);
    expect((await x.browser.get("/dashboard")).status).toBe(303);
    expect((await y.browser.get("/admin")).status).toBe(200);
  });

  it("is stored as the support user's session, not the customer's", async () => {
    const customer = await createCarrier();
    const { support } = await supportImpersonating(customer.id);
    expect(await db().session.count({ where: { userId: support.id } })).toBe(2);
    expect(await db().session.count({ where: { userId: customer.id } })).toBe(0);
  });

  it("'sign out everywhere' pressed while impersonating ends the impersonating session too", async () => {
    const customer = await createCarrier();
    const { x } = await supportImpersonating(customer.id);
    expect((await x.browser.delete("/sessions").set("X-CSRF-Token", x.csrf)).status).toBe(303);
    expect((await x.browser.get("/admin")).status).toBe(303);
  });
});

describe("the account page while impersonating", () => {
  it("shows the sign-in details read-only with the reason, and no form that can only end in 403", async () => {
    const customer = await createCarrier();
    const { x } = await supportImpersonating(customer.id);
    const page = (await x.browser.get("/account").expect(200)).text;
    expect(page).toContain('<p class="flash flash-notice" id="sign-in-details-locked" role="note">You cannot change the email or password of a user you are impersonating.</p>');
    expect(page).toContain(`<dt>Email</dt><dd>${customer.email}</dd>`);
    expect(page).not.toContain('action="/account"');
    expect(page).not.toContain('name="current_password"');
    // The customer's own page keeps its form.
    const own = (await (await signedInAgent(customer.email)).browser.get("/account").expect(200)).text;
    expect(own).toContain('action="/account"');
    expect(own).not.toContain("sign-in-details-locked");
  });
});

describe("while impersonating, support cannot leave itself a way in", () => {
  it.each([
    { what: "invite someone", send: (b: Agent, csrf: string) => b.post("/team/invitations").type("form").send({ _csrf: csrf, email: "support-backdoor@evil.example", role: "admin" }) },
    { what: "change a role", send: (b: Agent, csrf: string, memberId: number) => b.patch(`/team/members/${memberId}`).type("form").send({ _csrf: csrf, role: "admin" }) },
    { what: "remove someone", send: (b: Agent, csrf: string, memberId: number) => b.delete(`/team/members/${memberId}`).set("X-CSRF-Token", csrf) },
  ])("refuses to $what with 403 and a sentence, changing nothing", async ({ send }) => {
    const admin = await createCarrier();
    const member = await createUser("carrier", { accountId: admin.accountId, role: "member" });
    const { x } = await supportImpersonating(admin.id);

    const response = await send(x.browser, x.csrf, member.id);

    expect(response.status).toBe(403);
    expect(response.text).toContain("You cannot invite people, change roles or remove people while impersonating a user.");
    expect(await db().invitation.count({ where: { accountId: admin.accountId } })).toBe(0);
    expect(await db().user.findUniqueOrThrow({ where: { id: member.id } })).toMatchObject({ role: "member", removedAt: null });
  });

  it("still shows the team page", async () => {
    const admin = await createCarrier();
    const { x } = await supportImpersonating(admin.id);
    expect((await x.browser.get("/team")).status).toBe(200);
  });

  it("names the support user as the actor of every audited change made as the customer, with the customer beside it", async () => {
    const shipper = await createUser("shipper");
    const support = await createSupport();
    const scope = { id: "request-1", log: createLogger("silent"), answered: false };
    await runInRequest(scope, async () => {
      noteImpersonator(support.id);
      await audit("attachment.removed", shipper.id, shipper.id, { attachmentId: 7 });
    });
    await audit("attachment.removed", shipper.id, shipper.id, { attachmentId: 8 });

    const rows = await db().auditLog.findMany({ where: { targetId: shipper.id }, orderBy: { id: "asc" } });
    expect(rows.map((row) => [row.actorId, JSON.parse(row.data)])).toEqual([
      [support.id, { attachmentId: 7, onBehalfOf: shipper.id }],
      [shipper.id, { attachmentId: 8 }],
    ]);
  });
});

type Agent = Awaited<ReturnType<typeof signedInAgent>>["browser"];
