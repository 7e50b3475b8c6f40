import http from "node:http";
import type { AddressInfo } from "node:net";
import request from "supertest";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { parseEnv } from "#lib/env.server.ts";
import { createApp } from "#server/app.server.ts";
import { startServer, type RunningServer } from "#server/start.server.ts";
import { currentCable } from "#lib/broadcast.server.ts";
import { closeSharedRedis } from "#lib/redis.server.ts";
import { attachCable } from "#server/cable.server.ts";
import { freePort, hasRedis, startRedis, type Service } from "../../support/services.ts";
import { messagingWorld } from "../../support/messaging-fixtures.ts";
import { consumerFor, installBrowserShims, recorder, signInOverHttp, streamSourcesOn, turbo, type Consumer } from "../cable/support/app-cable.ts";
import { capturedLogs } from "./support/captured-logs.ts";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const nameOf = (signedStreamName: string) => JSON.parse(Buffer.from(signedStreamName.split("--")[0]!, "base64").toString()) as unknown;
const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

// The real server (HTTP and /cable), started before anything else opens the database file.
let server: RunningServer;
let serverLines: ReturnType<typeof capturedLogs>["lines"];
let removeShims: () => void;
const consumers: Consumer[] = [];

beforeAll(async () => {
  removeShims = installBrowserShims();
  const captured = capturedLogs();
  serverLines = captured.lines;
  server = await startServer(parseEnv({ ...process.env, PORT: "0", HOST: "127.0.0.1", SEED_DEMO_DATA: "false" }), captured.logger);
});
afterAll(async () => {
  await server?.close();
  removeShims?.();
});

function loggedApp(overrides: Record<string, string> = {}) {
  const { logger, lines } = capturedLogs();
  const { app } = createApp({ env: parseEnv({ ...process.env, ...overrides }), logger });
  return { app, lines };
}

describe("request ids", () => {
  it("gives every request a new id, answered in X-Request-Id", async () => {
    const { app } = loggedApp();
    const first = await request(app).get("/login").expect(200);
    const second = await request(app).get("/no-such-page").expect(404);
    expect(first.headers["x-request-id"]).toMatch(UUID);
    expect(second.headers["x-request-id"]).toMatch(UUID);
    expect(first.headers["x-request-id"]).not.toBe(second.headers["x-request-id"]);
  });

  it("keeps the id a load balancer sent", async () => {
    const { app } = loggedApp();
    for (const id of ["c0ffee-42", "Root=1-67891233-abcdef012345678912345678", "3f2b6a1c-9d4e-4f7a-8b2c-1d0e9f8a7b6c"]) {
      const response = await request(app).get("/up").set("X-Request-Id", id).expect(200);
      expect(response.headers["x-request-id"]).toBe(id);
    }
  });

  it("replaces an incoming id that is too long or has characters ids do not have", async () => {
    const { app } = loggedApp();
    for (const id of ["a".repeat(129), "two words", 'quote"d', "a,b", "<script>"]) {
      const response = await request(app).get("/up").set("X-Request-Id", id).expect(200);
      expect(response.headers["x-request-id"]).toMatch(UUID);
    }
  });

  it("is in the request's log line and in what is logged while handling it; health probes get no line", async () => {
    const { app, lines } = loggedApp({ REDIS_URL: `redis://127.0.0.1:${await freePort()}` });
    await request(app).get("/login").set("X-Request-Id", "lb-login-1").expect(200);
    await request(app).get("/up").set("X-Request-Id", "lb-probe-1").expect(503);
    await settle();

    expect(lines.filter((line) => line.msg === "request completed")).toEqual([expect.objectContaining({ reqId: "lb-login-1", url: "/login", status: 200 })]);
    expect(lines).toContainEqual(expect.objectContaining({ level: 40, reqId: "lb-probe-1", part: "redis", msg: "health check: redis unreachable" }));
  });
});

describe("broadcasts made while handling a request", () => {
  afterEach(() => consumers.splice(0).forEach((consumer) => consumer.disconnect()));

  it("carry its id to the cable's log line for each delivery, while subscribers get the message as it was", async () => {
    const world = await messagingWorld();
    const [carrier, shipper] = await Promise.all([signInOverHttp(server.url, world.carrier.email), signInOverHttp(server.url, world.shipper.email)]);
    const conversation = `/loads/${world.load.id}/messages`;
    const stream = (await streamSourcesOn(server.url, conversation, carrier)).find((signed) => nameOf(signed) === `conversation:load:${world.load.id}`);
    const live = recorder();
    const { consumer } = consumerFor(server.url, carrier.cookie);
    consumers.push(consumer);
    consumer.subscriptions.create(turbo(stream!), live.mixin);
    await vi.waitFor(() => expect(live.events).toEqual(["connected"]));

    const posted = await fetch(`${server.url}${conversation}`, {
      method: "POST",
      headers: { cookie: shipper.cookie, accept: "text/vnd.turbo-stream.html", "content-type": "application/x-www-form-urlencoded", "x-request-id": "lb-message-7" },
      body: new URLSearchParams({ _csrf: shipper.csrf, body: "Gate code 4411" }),
    });
    expect(posted.status).toBe(200);
    expect(posted.headers.get("x-request-id")).toBe("lb-message-7");
    const answer = await posted.text();

    await vi.waitFor(() => expect(live.received).toContain(answer));
    await vi.waitFor(() => expect(serverLines).toContainEqual(expect.objectContaining({ msg: "request completed", reqId: "lb-message-7", method: "POST" })));
    const delivered = serverLines.filter((line) => line.msg === "broadcast delivered");
    expect(delivered).toContainEqual(expect.objectContaining({ component: "cable", stream: `conversation:load:${world.load.id}`, reqId: "lb-message-7" }));
  });

  it("are delivered and logged without an id when no request made them", async () => {
    const world = await messagingWorld();
    const carrier = await signInOverHttp(server.url, world.carrier.email);
    const [userStream] = await streamSourcesOn(server.url, "/messages", carrier);
    const live = recorder();
    const { consumer } = consumerFor(server.url, carrier.cookie);
    consumers.push(consumer);
    consumer.subscriptions.create(turbo(userStream!), live.mixin);
    await vi.waitFor(() => expect(live.events).toEqual(["connected"]));

    await currentCable()!.broadcast(`user:${world.carrier.id}`, "<p>from the auction clock</p>");

    await vi.waitFor(() => expect(live.received).toEqual(["<p>from the auction clock</p>"]));
    const delivered = serverLines.filter((line) => line.msg === "broadcast delivered" && line.stream === `user:${world.carrier.id}`);
    expect(delivered).toHaveLength(1);
    expect(delivered[0]).not.toHaveProperty("reqId");
  });
});

describe.skipIf(!hasRedis())("broadcasts crossing to another server through Redis", () => {
  let redis: Service;
  const servers: { url: string; lines: ReturnType<typeof capturedLogs>["lines"]; close(): Promise<void> }[] = [];

  // An app server (HTTP and /cable) with its own log, as another process behind the load balancer.
  async function startAppServer(redisUrl: string) {
    const env = parseEnv({ ...process.env, REDIS_URL: redisUrl });
    const { logger, lines } = capturedLogs();
    const { app, sessionParser } = createApp({ env, logger });
    const httpServer = http.createServer(app);
    const cable = attachCable({ server: httpServer, sessionParser, env, logger });
    await new Promise<void>((resolve) => httpServer.listen(0, "127.0.0.1", resolve));
    const close = async () => {
      await cable.close();
      httpServer.closeAllConnections();
      await new Promise((resolve) => httpServer.close(resolve));
    };
    servers.push({ url: `http://127.0.0.1:${(httpServer.address() as AddressInfo).port}`, lines, close });
  }

  beforeAll(async () => {
    redis = await startRedis();
    await startAppServer(redis.url);
    await startAppServer(redis.url);
  });
  afterEach(() => consumers.splice(0).forEach((consumer) => consumer.disconnect()));
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.close()));
    await closeSharedRedis();
    await redis?.stop();
  });

  it("are logged with the request's id by the server that delivers them", async () => {
    const [reading, writing] = servers;
    const world = await messagingWorld();
    const carrier = await signInOverHttp(reading!.url, world.carrier.email);
    const shipper = await signInOverHttp(writing!.url, world.shipper.email);
    const conversation = `/loads/${world.load.id}/messages`;
    const stream = (await streamSourcesOn(reading!.url, conversation, carrier)).find((signed) => nameOf(signed) === `conversation:load:${world.load.id}`);
    const live = recorder();
    const { consumer } = consumerFor(reading!.url, carrier.cookie);
    consumers.push(consumer);
    consumer.subscriptions.create(turbo(stream!), live.mixin);
    await vi.waitFor(() => expect(live.events).toEqual(["connected"]));

    const posted = await fetch(`${writing!.url}${conversation}`, {
      method: "POST",
      headers: { cookie: shipper.cookie, accept: "text/vnd.turbo-stream.html", "content-type": "application/x-www-form-urlencoded", "x-request-id": "lb-across-9" },
      body: new URLSearchParams({ _csrf: shipper.csrf, body: "Bay 4, not bay 2" }),
    });
    expect(posted.status).toBe(200);
    const answer = await posted.text();

    await vi.waitFor(() => expect(live.received).toContain(answer));
    expect(reading!.lines).toContainEqual(expect.objectContaining({ msg: "broadcast delivered", component: "cable", stream: `conversation:load:${world.load.id}`, reqId: "lb-across-9" }));
  });
});
