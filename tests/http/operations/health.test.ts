import http from "node:http";
import net from "node:net";
import request from "supertest";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { db } from "#db/client.server.ts";
import { drainable } from "#server/draining.server.ts";
import { testApp } from "../../support/app.ts";
import { freePort, hasRedis, startRedis, type Service } from "../../support/services.ts";

// GET /up, as a load balancer asks it: no cookie, no CSRF token, a short timeout.

// The database as the health check sees it, answering with `answer` (vi.spyOn cannot restore Prisma's client).
function databaseAnswering(answer: () => Promise<unknown>): { calls: number } {
  const client = db() as unknown as Record<string, unknown>;
  const seen = { calls: 0 };
  client.$queryRawUnsafe = () => (seen.calls++, answer());
  restore.push(() => void Reflect.deleteProperty(client, "$queryRawUnsafe"));
  return seen;
}
const restore: (() => void)[] = [];
afterEach(() => restore.splice(0).forEach((undo) => undo()));

describe("GET /up", () => {
  it("answers 200 when the database answers, and says Redis is not configured without REDIS_URL", async () => {
    const response = await request(testApp()).get("/up").expect(200);
    expect(response.body).toEqual({ status: "ok", database: "ok", redis: "not configured" });
    expect(response.headers["cache-control"]).toBe("no-store");
    expect(response.headers["set-cookie"]).toBeUndefined();
  });

  it("answers HEAD too, for probes that only look at the status", async () => {
    await request(testApp()).head("/up").expect(200);
  });

  it("answers 503 naming the database when it does not answer, within 2 s even if it hangs", async () => {
    databaseAnswering(() => new Promise(() => {}));
    const started = Date.now();
    const response = await request(testApp()).get("/up").expect(503);
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(response.body).toEqual({ status: "unavailable", database: "unreachable", redis: "not configured" });
  });

  it("answers 503 draining once the server is shutting down, without checking anything", async () => {
    const app = testApp({ LOG_LEVEL: "silent" });
    const database = databaseAnswering(() => Promise.resolve([]));
    await drainable(http.createServer(app), app)(0);
    const response = await request(app).get("/up").expect(503);
    expect(response.body).toEqual({ status: "draining" });
    expect(database.calls).toBe(0);
  });
});

describe("GET /up with REDIS_URL", () => {
  let redis: Service | undefined;
  let silent: net.Server;
  const held = new Set<net.Socket>();

  beforeAll(async () => {
    if (hasRedis()) redis = await startRedis();
    // Takes connections and never says a word: a Redis that hangs.
    silent = net.createServer((socket) => void held.add(socket));
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
  });
  afterAll(async () => {
    await redis?.stop();
    for (const socket of held) socket.destroy();
    await new Promise((resolve) => silent.close(resolve));
  });

  it.skipIf(!hasRedis())("answers 200 when Redis answers PING", async () => {
    const response = await request(testApp({ REDIS_URL: redis!.url })).get("/up").expect(200);
    expect(response.body).toEqual({ status: "ok", database: "ok", redis: "ok" });
  });

  it("answers 503 naming Redis when nothing listens at REDIS_URL", async () => {
    const response = await request(testApp({ REDIS_URL: `redis://127.0.0.1:${await freePort()}` })).get("/up").expect(503);
    expect(response.body).toEqual({ status: "unavailable", database: "ok", redis: "unreachable" });
  });

  it("answers 503 within 2 s when Redis takes the connection but never answers", async () => {
    const { port } = silent.address() as net.AddressInfo;
    const started = Date.now();
    const response = await request(testApp({ REDIS_URL: `redis://127.0.0.1:${port}` })).get("/up").expect(503);
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(response.body).toEqual({ status: "unavailable", database: "ok", redis: "unreachable" });
  });
});
