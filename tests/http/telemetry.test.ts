import { describe, expect, it } from "vitest";
import { agent, csrfTokenFor, signIn, testApp } from "../support/app.ts";
import { createShipper, createSupport } from "../support/fixtures.ts";
import { db } from "#db/client.server.ts";

const telemetryOn = () => testApp({ CLIENT_TELEMETRY: "true", COMPANY_EMAIL_DOMAIN: "loadline.example" });

async function signedIn(email: string, app = telemetryOn()) {
  const browser = agent(app);
  const csrf = await signIn(browser, email);
  return { browser, csrf };
}

describe("POST /collect", () => {
  it("stores a valid event with the user identified", async () => {
    const user = await createShipper();
    const { browser, csrf } = await signedIn(user.email);
    await browser.post("/collect").set("X-CSRF-Token", csrf).send({ name: "page_view", data: { path: "/jobs" } }).expect(204);
    const event = await db().analyticsEvent.findFirstOrThrow({ where: { userId: user.id }, orderBy: { id: "desc" } });
    expect([event.name, JSON.parse(event.data)]).toEqual(["page_view", { path: "/jobs" }]);
  });

  it("does not identify staff on the company's own e-mail domain", async () => {
    const staff = await createShipper({ email: "ops@loadline.example" });
    const { browser, csrf } = await signedIn(staff.email);
    await browser.post("/collect").set("X-CSRF-Token", csrf).send({ name: "own_domain_probe", data: {} }).expect(204);
    const event = await db().analyticsEvent.findFirstOrThrow({ where: { name: "own_domain_probe" } });
    expect(event.userId).toBeNull();
  });

  it("stores nothing for an impersonated session", async () => {
    const support = await createSupport();
    const target = await createShipper();
    const { browser, csrf } = await signedIn(support.email);
    await browser.post("/admin/impersonations").type("form").send({ _csrf: csrf, user_id: target.id }).expect(303);
    const token = await csrfTokenFor(browser, "/dashboard");
    await browser.post("/collect").set("X-CSRF-Token", token).send({ name: "impersonated_probe", data: {} }).expect(204);
    expect(await db().analyticsEvent.count({ where: { name: "impersonated_probe" } })).toBe(0);
  });

  it("stores nothing when telemetry is off (development and test)", async () => {
    const user = await createShipper();
    const { browser, csrf } = await signedIn(user.email, testApp());
    await browser.post("/collect").set("X-CSRF-Token", csrf).send({ name: "telemetry_off_probe", data: {} }).expect(204);
    expect(await db().analyticsEvent.count({ where: { name: "telemetry_off_probe" } })).toBe(0);
  });

  it.each([
    ["no name", { data: {} }],
    ["a bad name", { name: "<img>", data: {} }],
    ["data that is not an object", { name: "x", data: "nope" }],
    ["oversized data", { name: "x", data: { blob: "x".repeat(5000) } }],
  ])("answers 422 JSON for %s", async (_label, body) => {
    const before = await db().analyticsEvent.count();
    const browser = agent(telemetryOn());
    const csrf = await csrfTokenFor(browser);
    const response = await browser.post("/collect").set("X-CSRF-Token", csrf).send(body);
    expect(response.status).toBe(422);
    expect(response.body.error).toEqual(expect.any(String));
    expect(await db().analyticsEvent.count()).toBe(before);
  });
});

describe("POST /api/v1/client_errors", () => {
  it("stores a browser error for support, who can read it in /admin", async () => {
    const browser = agent(telemetryOn());
    const csrf = await csrfTokenFor(browser);
    await browser.post("/api/v1/client_errors").set("X-CSRF-Token", csrf).send({ message: "TypeError: x is undefined", url: "http://localhost/jobs", stack: "at x" }).expect(204);
    const support = await createSupport();
    const { browser: staff } = await signedIn(support.email);
    expect((await staff.get("/admin")).text).toContain("TypeError: x is undefined");
  });

  it("drops browser noise that says nothing about our code: cross-origin script errors, ResizeObserver loops, failed fetches, stale ids", async () => {
    const browser = agent(telemetryOn());
    const csrf = await csrfTokenFor(browser);
    for (const message of ["Script error.", "ResizeObserver loop limit exceeded", "TypeError: Failed to fetch", "Object Not Found Matching Id:3, MethodName:update"]) {
      await browser.post("/api/v1/client_errors").set("X-CSRF-Token", csrf).send({ message }).expect(204);
    }
    expect(await db().clientError.count({ where: { message: { in: ["Script error.", "ResizeObserver loop limit exceeded"] } } })).toBe(0);
    expect(await db().clientError.count({ where: { message: { contains: "Failed to fetch" } } })).toBe(0);
  });
});
