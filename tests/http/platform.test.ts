import { describe, expect, it } from "vitest";
import { agent, testApp } from "../support/app.ts";

describe("the platform around every page", () => {
  it("answers the server time in epoch milliseconds", async () => {
    const before = Date.now();
    const response = await agent().get("/api/v1/server_time").expect(200);
    expect(typeof response.body).toBe("number");
    expect(response.body).toBeGreaterThanOrEqual(before);
    expect(response.body).toBeLessThanOrEqual(Date.now());
  });

  it("sends a strict content security policy", async () => {
    const csp = String((await agent().get("/")).headers["content-security-policy"]);
    for (const directive of ["object-src 'none'", "base-uri 'none'", "frame-ancestors 'none'", "script-src 'self';"]) expect(csp).toContain(directive);
    expect(csp).not.toContain("unsafe-inline");
  });

  it("compresses HTML", async () => {
    const response = await agent().get("/").set("Accept-Encoding", "gzip");
    expect(response.headers["content-encoding"]).toBe("gzip");
  });

  it("serves hashed assets with long-lived immutable caching", async () => {
    const page = await agent().get("/");
    const script = /<script type="module" src="([^"]+)"/.exec(page.text)![1]!;
    expect(script).toMatch(/^\/assets\/application-[A-Z0-9]+\.js$/);
    const response = await agent().get(script).expect(200);
    expect(response.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
  });

  it("renders a 404 page for an unknown path, and JSON for an unknown API", async () => {
    const page = await agent().get("/no-such-page").expect(404);
    expect(page.text).toContain("Page not found");
    const api = await agent().get("/api/v1/nothing").expect(404);
    expect(api.body).toEqual({ error: expect.any(String) });
  });

  it("never shows a stack trace", async () => {
    const response = await agent().post("/collect").set("Content-Type", "application/json").send('{"broken":');
    expect(response.status).toBe(400);
    expect(response.text).not.toMatch(/at .*\.(js|ts):\d+/);
    expect(response.text).not.toContain("node_modules");
  });

  it("marks the body with the current user and impersonation flags", async () => {
    const page = await agent(testApp()).get("/");
    expect(page.text).toMatch(/data-current-account-id=""\s+data-current-user-id=""\s+data-current-user-email=""\s+data-impersonated="false"/);
    expect(page.text).toContain('<meta name="action-cable-url" content="/cable">');
  });
});
