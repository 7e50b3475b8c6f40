import { describe, expect, it } from "vitest";
import { db } from "#db/client.server.ts";
import { signedInAgent } from "../../support/app.ts";
import { createShipper } from "../../support/fixtures.ts";

const change = (agent: Awaited<ReturnType<typeof signedInAgent>>, body: Record<string, string>) =>
  agent.browser.patch("/account").type("form").send({ _csrf: agent.csrf, ...body });

describe("changing email or password", () => {
  it.each([
    { why: "no current password", current: undefined },
    { why: "a wrong current password", current: "not-my-password" },
  ])("is refused with 422 beside the field for $why, and changes nothing", async ({ current }) => {
    const user = await createShipper();
    const me = await signedInAgent(user.email);
    const response = await change(me, { email: `new-${user.email}`, password: "brand-new-pass", ...(current ? { current_password: current } : {}) });
    expect(response.status).toBe(422);
    expect(response.text).toContain("Enter your current password");
    expect(response.text).toContain(`value="new-${user.email}"`);
    const after = await db().user.findUniqueOrThrow({ where: { id: user.id } });
    expect([after.email, after.passwordHash]).toEqual([user.email, user.passwordHash]);
  });

  it("a new password signs out every other session at once, and keeps this one", async () => {
    const user = await createShipper();
    const [phone, laptop] = [await signedInAgent(user.email), await signedInAgent(user.email)];
    expect((await change(laptop, { email: user.email, password: "brand-new-pass", current_password: "password123" })).status).toBe(303);
    expect((await phone.browser.get("/dashboard")).status).toBe(303);
    expect((await laptop.browser.get("/dashboard")).status).toBe(200);
    expect(await db().session.count({ where: { userId: user.id } })).toBe(1);
  });

  it("a new email alone keeps the other sessions", async () => {
    const user = await createShipper();
    const [phone, laptop] = [await signedInAgent(user.email), await signedInAgent(user.email)];
    expect((await change(laptop, { email: `renamed-${user.email}`, current_password: "password123" })).status).toBe(303);
    expect((await phone.browser.get("/dashboard")).status).toBe(200);
  });
});

describe("sign out everywhere", () => {
  it("ends every session of the user, this one included, and no one else's", async () => {
    const user = await createShipper();
    const other = await createShipper();
    const [phone, laptop, theirs] = [await signedInAgent(user.email), await signedInAgent(user.email), await signedInAgent(other.email)];
    const response = await laptop.browser.delete("/sessions").set("X-CSRF-Token", laptop.csrf);
    expect([response.status, response.headers.location]).toEqual([303, "/login"]);
    expect((await phone.browser.get("/dashboard")).status).toBe(303);
    expect((await laptop.browser.get("/dashboard")).status).toBe(303);
    expect((await theirs.browser.get("/dashboard")).status).toBe(200);
    expect(await db().auditLog.count({ where: { action: "session.sign_out_everywhere", targetId: user.id } })).toBe(1);
  });

  it("is offered on the account page", async () => {
    const user = await createShipper();
    const { browser } = await signedInAgent(user.email);
    const page = await browser.get("/account");
    expect(page.text).toMatch(/<form action="\/sessions" method="post"[\s\S]*name="_method" value="delete"[\s\S]*Sign out everywhere/);
  });
});
