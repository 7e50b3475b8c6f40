import express from "express";
import request from "supertest";
import { describe, expect, it } from "vitest";
import { shedLoad } from "#server/load-shedding.server.ts";
import { agent, csrfTokenFor, signedInAgent, testApp } from "../../support/app.ts";
import { createShipper } from "../../support/fixtures.ts";

describe("request bodies", () => {
  it.each([
    { type: "text/plain", body: "email=a@b.c" },
    { type: "application/xml", body: "<session><email>a@b.c</email></session>" },
    { type: "multipart/form-data; boundary=x", body: "--x\r\nContent-Disposition: form-data; name=\"email\"\r\n\r\na@b.c\r\n--x--\r\n" },
  ])("answers 415 to a $type write", async ({ type, body }) => {
    const browser = agent();
    const csrf = await csrfTokenFor(browser);
    for (const path of ["/session", "/signup", "/collect", "/api/v1/client_errors"]) {
      const response = await browser.post(path).set("X-CSRF-Token", csrf).set("Content-Type", type).send(body);
      expect([path, response.status]).toEqual([path, 415]);
    }
  });

  it("reads a write without a body as an empty form (422, not 500)", async () => {
    const shipper = await createShipper();
    const { browser, csrf } = await signedInAgent(shipper.email);
    const response = await browser.post("/jobs").set("X-CSRF-Token", csrf);
    expect(response.status).toBe(422);
    expect(response.text).toContain("Enter a reference for the job");
  });
});

describe("the content security policy", () => {
  it("lets pages connect only to their own origin", async () => {
    const response = await agent().get("/login");
    const policy = response.headers["content-security-policy"] as string;
    expect(policy).toContain("connect-src 'self'");
    expect(policy).not.toMatch(/connect-src[^;]*\bwss?:(;|\s)/);
  });

  it("adds APP_ORIGIN's socket when the app runs behind a public origin", async () => {
    const response = await request(testApp({ APP_ORIGIN: "https://loadline.example" })).get("/login");
    expect(response.headers["content-security-policy"]).toContain("connect-src 'self' wss://loadline.example");
  });
});

describe("load shedding", () => {
  it("answers 503 with Retry-After at once past the bound, and serves again when the crowd has gone", async () => {
    const release: (() => void)[] = [];
    const app = express()
      .use(shedLoad({ maxInFlight: 2, retryAfterSeconds: 3 }))
      .get("/slow", (_req, res) => void release.push(() => res.send("done")))
      .get("/quick", (_req, res) => void res.send("quick"));
    const server = app.listen(0, "127.0.0.1");
    try {
      const held = [request(server).get("/slow"), request(server).get("/slow")].map((r) => r.then((x) => x));
      await expect.poll(() => release.length).toBe(2);
      const refused = await request(server).get("/quick");
      expect(refused.status).toBe(503);
      expect(refused.headers["retry-after"]).toBe("3");
      release.forEach((send) => send());
      expect((await Promise.all(held)).map((r) => r.status)).toEqual([200, 200]);
      expect((await request(server).get("/quick")).status).toBe(200);
    } finally {
      server.close();
    }
  });
});
