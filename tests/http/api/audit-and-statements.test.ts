import { Writable } from "node:stream";
import { pino } from "pino";
import request from "supertest";
import { afterAll, describe, expect, it } from "vitest";
import { db } from "#db/client.server.ts";
import { parseEnv } from "#lib/env.server.ts";
import { createApp } from "#server/app.server.ts";
import { createShipper } from "../../support/fixtures.ts";
import { createJob } from "../../support/job-fixtures.ts";
import { spyOnStatements } from "../../support/statements.ts";
import { apiClient, keyFor } from "../../support/api-client.ts";

const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

describe("the audit of API calls", () => {
  it("writes one line per call naming the key, its holder, the call and the answer", async () => {
    const lines: Record<string, unknown>[] = [];
    const sink = new Writable({ write: (chunk: Buffer, _encoding, done) => done(void lines.push(JSON.parse(chunk.toString()))) });
    const { app } = createApp({ env: parseEnv(process.env), logger: pino({ level: "info" }, sink) });
    const shipper = await createShipper();
    const key = await keyFor(shipper, ["jobs:read"], null, "Warehouse ERP");
    const stored = await db().apiKey.findFirstOrThrow({ where: { accountId: shipper.accountId } });
    await request(app).get("/api/v2/jobs").set("Authorization", `Bearer ${key}`).expect(200);
    await request(app).post("/api/v2/jobs").set("Authorization", `Bearer ${key}`).send({ reference: "X" }).expect(403);
    await settle();
    const audit = lines.filter((line) => line.audit === "api.call").map(({ apiKeyId, apiKeyName, userId, accountId, method, path, status }) => ({ apiKeyId, apiKeyName, userId, accountId, method, path, status }));
    const who = { apiKeyId: stored.id, apiKeyName: "Warehouse ERP", userId: shipper.id, accountId: shipper.accountId };
    expect(audit).toEqual([
      { ...who, method: "GET", path: "/api/v2/jobs", status: 200 },
      { ...who, method: "POST", path: "/api/v2/jobs", status: 403 },
    ]);
    expect(JSON.stringify(lines)).not.toContain(key);
  });
});

describe("statements", () => {
  const spy = spyOnStatements();
  afterAll(() => spy.restore());

  it("reads a page of jobs in the same statements however many jobs and locations it holds", async () => {
    const counts = [];
    for (const jobs of [2, 20]) {
      const shipper = await createShipper();
      for (let i = 0; i < jobs; i++) await createJob(shipper.accountId, shipper.id);
      const api = await apiClient(await keyFor(shipper, ["jobs:read"]));
      await api.GET("/jobs");
      spy.clear();
      const { data } = await api.GET("/jobs");
      expect(data!.data).toHaveLength(jobs);
      counts.push(spy.sent().length);
    }
    expect(counts[1]).toBe(counts[0]);
  });
});

describe("two requests at once with one Idempotency-Key", () => {
  it("posts the job once: the other is told it is running (409) or gets the same answer", async () => {
    const shipper = await createShipper();
    const api = await apiClient(await keyFor(shipper));
    const send = () => api.POST("/jobs", { body: { reference: "Raced" }, headers: { "Idempotency-Key": "race-1" } });
    const answers = await Promise.all([send(), send(), send()]);
    const statuses = answers.map((answer) => answer.response.status).toSorted();
    expect(statuses[0]).toBe(201);
    for (const status of statuses.slice(1)) expect([201, 409]).toContain(status);
    expect(await db().job.count({ where: { shipperAccountId: shipper.accountId } })).toBe(1);
  });
});
