import express from "express";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "#db/client.server.ts";
import { IDEMPOTENCY_TTL_MS, deleteExpiredIdempotencyKeys, requestDigest } from "#models/idempotency.server.ts";
import { apiRouter } from "#routes/api/index.server.ts";
import { createShipper } from "../../support/fixtures.ts";
import { apiClient, keyFor, listening, type ApiClient } from "../../support/api-client.ts";

let shipper: Awaited<ReturnType<typeof createShipper>>;
let api: ApiClient;

beforeAll(async () => {
  shipper = await createShipper();
  api = await apiClient(await keyFor(shipper));
});

const post = (key: string, reference: string) => api.POST("/jobs", { body: { reference }, headers: { "Idempotency-Key": key } });

describe("Idempotency-Key", () => {
  it("answers a retry with the first answer, without posting the job twice", async () => {
    const first = await post("order-1001", "Once only");
    expect(first.response.status).toBe(201);
    const again = await post("order-1001", "Once only");
    expect(again.response.status).toBe(201);
    expect(again.response.headers.get("idempotent-replayed")).toBe("true");
    expect(again.data).toEqual(first.data);
    expect(await db().job.count({ where: { shipperAccountId: shipper.accountId, reference: "Once only" } })).toBe(1);
  });

  it("replays a refusal too", async () => {
    const first = await post("order-1002", "");
    const again = await post("order-1002", "");
    expect([first.response.status, again.response.status]).toEqual([422, 422]);
    expect(again.error).toEqual(first.error);
  });

  it("refuses the same key with a different body (422)", async () => {
    await post("order-1003", "First body");
    const { response, error } = await post("order-1003", "Second body");
    expect(response.status).toBe(422);
    expect(error!.errors).toEqual([{ field: "Idempotency-Key", message: "This Idempotency-Key was used with a different request; use a new key for a new request" }]);
    expect(await db().job.count({ where: { reference: "Second body" } })).toBe(0);
  });

  it("answers 409 while a request with the key is still running", async () => {
    const apiKey = await db().apiKey.findFirstOrThrow({ where: { accountId: shipper.accountId } });
    const body = JSON.stringify({ reference: "Running" });
    const digest = requestDigest("POST", "/api/v2/jobs", body);
    await db().idempotencyKey.create({ data: { apiKeyId: apiKey.id, key: "order-1004", requestDigest: digest, expiresAt: new Date(Date.now() + IDEMPOTENCY_TTL_MS) } });
    const { response, error } = await post("order-1004", "Running");
    expect(response.status).toBe(409);
    expect(error!.detail).toBe("A request with this Idempotency-Key is still running; retry once it has answered");
  });

  it("keeps keys apart per API key: another key may use the same text", async () => {
    await post("shared-key", "From the first key");
    const other = await apiClient(await keyFor(shipper));
    const { response } = await other.POST("/jobs", { body: { reference: "From the second key" }, headers: { "Idempotency-Key": "shared-key" } });
    expect(response.status).toBe(201);
  });

  it("refuses a key longer than 255 characters (422)", async () => {
    const { response, error } = await post("k".repeat(256), "Long key");
    expect(response.status).toBe(422);
    expect(error!.errors).toEqual([{ field: "Idempotency-Key", message: "Use 1 to 255 characters" }]);
    expect((await post("k".repeat(255), "Long key")).response.status).toBe(201);
  });

  it("frees a key after 24 hours: housekeeping deletes it, or a new claim replaces it", async () => {
    await post("order-1005", "Old");
    const row = await db().idempotencyKey.findFirstOrThrow({ where: { key: "order-1005" } });
    await db().idempotencyKey.update({ where: { id: row.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const fresh = await post("order-1005", "New");
    expect(fresh.response.status).toBe(201);
    expect(fresh.data!.reference).toBe("New");
    await db().idempotencyKey.updateMany({ where: { key: "order-1005" }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect(await deleteExpiredIdempotencyKeys()).toBeGreaterThanOrEqual(1);
    expect(await db().idempotencyKey.count({ where: { key: "order-1005" } })).toBe(0);
  });
});

describe("rate limits per key", () => {
  it("tells every answer where the key stands, and answers 429 with Retry-After past the budget", async () => {
    const origin = await listening(express().use("/api/v2", apiRouter({ redis: null, budget: { points: 3, seconds: 60 } })));
    const limited = await apiClient(await keyFor(shipper, ["jobs:read"]), origin);
    const answers = [];
    let last;
    for (let i = 0; i < 4; i++) {
      last = await limited.GET("/jobs");
      answers.push(last.response);
    }
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 429]);
    expect(answers.map((r) => r.headers.get("ratelimit-remaining"))).toEqual(["2", "1", "0", "0"]);
    expect(answers[0]!.headers.get("ratelimit-limit")).toBe("3");
    expect(Number(answers[0]!.headers.get("ratelimit-reset"))).toBeGreaterThan(0);
    const refused = answers[3]!;
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(refused.headers.get("content-type")).toMatch(/^application\/problem\+json/);
    expect(last!.error).toMatchObject({ status: 429, title: "Too many requests", detail: expect.stringMatching(/^This key may make 3 requests every 60 seconds\. Try again in \d+ seconds\.$/) });
    const another = await apiClient(await keyFor(shipper, ["jobs:read"]), origin);
    expect((await another.GET("/jobs")).response.status).toBe(200);
  });
});
