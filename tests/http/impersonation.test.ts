import { describe, expect, it } from "vitest";
import { csrfTokenFor, signedInAgent } from "../support/app.ts";
import { createCarrier, createShipper, createSupport } from "../support/fixtures.ts";
import { messagingWorld } from "../support/messaging-fixtures.ts";
import { db } from "#db/client.server.ts";

async function impersonate(email: string, targetId: number) {
  const { browser, csrf } = await signedInAgent(email);
  const response = await browser.post("/admin/impersonations").type("form").send({ _csrf: csrf, user_id: targetId });
  return { browser, response };
}

describe("impersonation", () => {
  it("lets support act as a user with a banner and the body flag, audits start and stop", async () => {
    const support = await createSupport();
    const target = await createShipper({ name: "Tina Target", company: "Target Logistics" });
    const { browser, response } = await impersonate(support.email, target.id);
    expect([response.status, response.headers.location]).toEqual([303, "/dashboard"]);

    const page = await browser.get("/dashboard");
    expect(page.text).toContain('data-impersonated="true"');
    expect(page.text).toContain(`data-current-user-id="${target.id}"`);
    expect(page.text).toMatch(/You are signed in as <strong>Tina Target<\/strong>/);
    expect(page.text).toContain("Stop impersonating");

    const csrf = await csrfTokenFor(browser, "/dashboard");
    const stop = await browser.delete("/admin/impersonation").set("X-CSRF-Token", csrf);
    expect([stop.status, stop.headers.location]).toEqual([303, "/admin"]);
    expect((await browser.get("/admin")).text).toContain('data-impersonated="false"');

    const entries = await db().auditLog.findMany({ where: { actorId: support.id, action: { startsWith: "impersonation." } }, orderBy: { id: "asc" } });
    expect(entries.map((entry) => [entry.action, entry.targetId])).toEqual([
      ["impersonation.start", target.id],
      ["impersonation.stop", target.id],
    ]);
    expect(entries.every((entry) => entry.createdAt instanceof Date)).toBe(true);
  });

  it.each(["shipper", "carrier"] as const)("is refused for a %s user", async (kind) => {
    const actor = kind === "shipper" ? await createShipper() : await createCarrier();
    const target = await createCarrier();
    const { response } = await impersonate(actor.email, target.id);
    expect(response.status).toBe(403);
    expect(await db().auditLog.count({ where: { actorId: actor.id, action: "impersonation.start" } })).toBe(0);
  });

  it("never targets another support user", async () => {
    const support = await createSupport();
    const colleague = await createSupport();
    const { response } = await impersonate(support.email, colleague.id);
    expect(response.status).toBe(404);
  });

  it("answers 404 for an unknown user and 422 for a missing one", async () => {
    const support = await createSupport();
    const { browser, csrf } = await signedInAgent(support.email);
    await browser.post("/admin/impersonations").type("form").send({ _csrf: csrf, user_id: 999_999 }).expect(404);
    await browser.post("/admin/impersonations").type("form").send({ _csrf: csrf }).expect(422);
  });

  it("is never nested", async () => {
    const support = await createSupport();
    const first = await createShipper();
    const second = await createCarrier();
    const { browser } = await impersonate(support.email, first.id);
    const csrf = await csrfTokenFor(browser, "/dashboard");
    await browser.post("/admin/impersonations").type("form").send({ _csrf: csrf, user_id: second.id }).expect(403);
    expect((await browser.get("/dashboard")).text).toContain(`data-current-user-id="${first.id}"`);
  });

  it("refuses to change the target's email or password while impersonating", async () => {
    const support = await createSupport();
    const target = await createShipper();
    const { browser } = await impersonate(support.email, target.id);
    const csrf = await csrfTokenFor(browser, "/account");
    const response = await browser.patch("/account").set("X-CSRF-Token", csrf).type("form").send({ email: "hijack@example.org", password: "new-password-1" });
    expect(response.status).toBe(403);
    const after = await db().user.findUniqueOrThrow({ where: { id: target.id } });
    expect([after.email, after.passwordHash]).toEqual([target.email, target.passwordHash]);
  });

  it("lets users change their own email and password when not impersonated", async () => {
    const user = await createShipper();
    const { browser, csrf } = await signedInAgent(user.email);
    await browser.patch("/account").set("X-CSRF-Token", csrf).type("form").send({ email: `new-${user.email}`, password: "brand-new-pass", current_password: "password123" }).expect(303);
    const after = await db().user.findUniqueOrThrow({ where: { id: user.id } });
    expect(after.email).toBe(`new-${user.email}`);
    expect(after.passwordHash).not.toBe(user.passwordHash);
  });

  it("keeps /admin for support staff only", async () => {
    const shipper = await createShipper();
    const { browser } = await signedInAgent(shipper.email);
    await browser.get("/admin").expect(403);
    const support = await createSupport();
    const { browser: staff } = await signedInAgent(support.email);
    const page = await staff.get(`/admin?q=${encodeURIComponent(shipper.email)}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain(shipper.email);
  });
});

describe("changes made while impersonating", () => {
  it("are audited with the support user as the actor and what was changed", async () => {
    const support = await createSupport();
    const target = await createShipper();
    const { browser } = await impersonate(support.email, target.id);
    const csrf = await csrfTokenFor(browser, "/dashboard");
    await browser.patch("/notifications").set("X-CSRF-Token", csrf).expect(303);
    await browser.post("/jobs").set("X-CSRF-Token", csrf).type("form").send({ "job[reference]": "" }).expect(422);
    await browser.get("/jobs");
    const mine = { action: "impersonation.write", actorId: support.id };
    await expect.poll(() => db().auditLog.count({ where: mine })).toBe(2);
    const entries = await db().auditLog.findMany({ where: mine, orderBy: { id: "asc" } });
    expect(entries.map((entry) => [entry.actorId, entry.targetId, JSON.parse(entry.data)])).toEqual([
      [support.id, target.id, { method: "PATCH", path: "/notifications", status: 303 }],
      [support.id, target.id, { method: "POST", path: "/jobs", status: 422 }],
    ]);
  });

  it("are not audited when users act for themselves", async () => {
    const user = await createShipper();
    const { browser, csrf } = await signedInAgent(user.email);
    await browser.patch("/notifications").set("X-CSRF-Token", csrf).expect(303);
    expect(await db().auditLog.count({ where: { action: "impersonation.write", targetId: user.id } })).toBe(0);
  });
});

describe("a message written while impersonating", () => {
  it("records the support user on the message and tells both sides support sent it", async () => {
    const world = await messagingWorld();
    const support = await createSupport();
    const { browser } = await impersonate(support.email, world.shipper.id);
    const csrf = await csrfTokenFor(browser, "/dashboard");
    const sent = await browser.post(`/loads/${world.load.id}/messages`).set("X-CSRF-Token", csrf).type("form").send({ body: "Support here: gate code is 4411" });
    expect(sent.status).toBe(303);
    const message = await db().message.findFirstOrThrow({ where: { body: "Support here: gate code is 4411" } });
    expect([message.fromUserId, message.sentBySupportId]).toEqual([world.shipper.id, support.id]);
    const carrierView = await (await signedInAgent(world.carrier.email)).browser.get(`/loads/${world.load.id}/messages`);
    expect(carrierView.text).toMatch(/Sent by Loadline support[\s\S]*Support here: gate code is 4411/);

    const own = await signedInAgent(world.shipper.email);
    await own.browser.post(`/loads/${world.load.id}/messages`).set("X-CSRF-Token", own.csrf).type("form").send({ body: "Shipper's own words" });
    expect((await db().message.findFirstOrThrow({ where: { body: "Shipper's own words" } })).sentBySupportId).toBeNull();
  });
});
