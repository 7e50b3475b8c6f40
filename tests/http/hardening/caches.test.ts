import request from "supertest";
import { describe, expect, it } from "vitest";
import { signedInAgent, testApp } from "../../support/app.ts";
import { createShipper } from "../../support/fixtures.ts";

// Sessions and the signed-in user are cached per process; every write that changes them must show
// at once.
describe("cached sessions and users", () => {
  it("a signed-out session stops working at once, even replayed by someone who copied the cookie", async () => {
    const user = await createShipper();
    const { browser, csrf } = await signedInAgent(user.email);
    const jar = (browser as unknown as { jar: { getCookies(access: unknown): { name: string; value: string }[] } }).jar;
    const cookie = jar.getCookies({ domain: "127.0.0.1", path: "/", secure: false, script: false }).map((c) => `${c.name}=${c.value}`).join("; ");
    expect(cookie).toContain("haulage.sid=");
    expect((await request(testApp()).get("/dashboard").set("Cookie", cookie)).status).toBe(200);
    await browser.delete("/session").set("X-CSRF-Token", csrf).expect(303);
    const replay = await request(testApp()).get("/dashboard").set("Cookie", cookie);
    expect([replay.status, replay.headers.location]).toEqual([303, "/login"]);
  });

  it("a changed email shows on the very next page", async () => {
    const user = await createShipper();
    const { browser, csrf } = await signedInAgent(user.email);
    expect((await browser.get("/dashboard")).text).toContain(`data-current-user-email="${user.email}"`);
    await browser.patch("/account").type("form").send({ _csrf: csrf, email: `new-${user.email}`, current_password: "password123" }).expect(303);
    expect((await browser.get("/dashboard")).text).toContain(`data-current-user-email="new-${user.email}"`);
  });

  it("a page view writes no session row unless the session changed", async () => {
    const user = await createShipper();
    const { browser } = await signedInAgent(user.email);
    const { db } = await import("#db/client.server.ts");
    const before = await db().session.findFirstOrThrow({ where: { userId: user.id } });
    for (let i = 0; i < 3; i++) await browser.get("/dashboard").expect(200);
    const after = await db().session.findFirstOrThrow({ where: { userId: user.id } });
    expect(after.updatedAt.getTime()).toBe(before.updatedAt.getTime());
  });
});
