import { Webhook } from "standardwebhooks";
import { describe, expect, it } from "vitest";
import { newWebhookSecret, secretBytes, signedHeaders, signingSecrets } from "#domain/webhooks/signature.ts";

// Our signatures checked by the standardwebhooks package, not by code of our own.

const body = JSON.stringify({ id: "evt_1", api_version: "2026-11-26", event: "job.published", data: { job: { id: 1, reference: "Pallets £ to Belfast ✓" } } });

describe("Standard Webhooks signatures", () => {
  it("makes secrets of whsec_ and 24 random bytes, each different", () => {
    const secret = newWebhookSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    expect(secretBytes(secret)).toHaveLength(24);
    expect(newWebhookSecret()).not.toBe(secret);
  });

  it("signs so that standardwebhooks verifies the body, with its id and timestamp", async () => {
    const secret = newWebhookSecret();
    const headers = await signedHeaders([secret], "msg_abc", new Date(), body);
    expect(headers["webhook-id"]).toBe("msg_abc");
    expect(headers["webhook-timestamp"]).toMatch(/^\d{10}$/);
    expect(new Webhook(secret).verify(body, headers)).toEqual(JSON.parse(body));
  });

  it("matches the package's own signature exactly", async () => {
    const secret = newWebhookSecret();
    const now = new Date("2026-11-26T12:00:00Z");
    const headers = await signedHeaders([secret], "msg_1", now, body);
    expect(headers["webhook-signature"]).toBe(new Webhook(secret).sign("msg_1", now, body));
    expect(headers["webhook-timestamp"]).toBe(String(now.getTime() / 1000));
  });

  it.each([
    { change: "the body", tamper: (h: Record<string, string>) => ({ headers: h, payload: body.replace("Belfast", "Dublin") }) },
    { change: "the id", tamper: (h: Record<string, string>) => ({ headers: { ...h, "webhook-id": "msg_other" }, payload: body }) },
    { change: "the timestamp", tamper: (h: Record<string, string>) => ({ headers: { ...h, "webhook-timestamp": String(Number(h["webhook-timestamp"]) - 1) }, payload: body }) },
  ])("is refused when $change is changed", async ({ tamper }) => {
    const secret = newWebhookSecret();
    const { headers, payload } = tamper(await signedHeaders([secret], "msg_abc", new Date(), body));
    expect(() => new Webhook(secret).verify(payload, headers)).toThrow();
  });

  it("is refused with another secret, and when 5 minutes old", async () => {
    const secret = newWebhookSecret();
    const headers = await signedHeaders([secret], "msg_abc", new Date(), body);
    expect(() => new Webhook(newWebhookSecret()).verify(body, headers)).toThrow();
    const old = await signedHeaders([secret], "msg_abc", new Date(Date.now() - 6 * 60_000), body);
    expect(() => new Webhook(secret).verify(body, old)).toThrow();
  });

  it("signs with both secrets while a rotation overlaps, so either verifies; the old one alone no more after it", async () => {
    const [current, previous] = [newWebhookSecret(), newWebhookSecret()];
    const now = new Date();
    const endpoint = { secret: current, previousSecret: previous, previousSecretUntil: new Date(now.getTime() + 1_000) };
    const during = await signedHeaders(signingSecrets(endpoint, now), "msg_r", now, body);
    expect(during["webhook-signature"]!.split(" ")).toHaveLength(2);
    expect(new Webhook(current).verify(body, during)).toBeTruthy();
    expect(new Webhook(previous).verify(body, during)).toBeTruthy();
    const after = await signedHeaders(signingSecrets(endpoint, new Date(now.getTime() + 1_000)), "msg_r", now, body);
    expect(after["webhook-signature"]!.split(" ")).toHaveLength(1);
    expect(new Webhook(current).verify(body, after)).toBeTruthy();
    expect(() => new Webhook(previous).verify(body, after)).toThrow();
  });
});
