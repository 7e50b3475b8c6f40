import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { parseEnv } from "#lib/env.server.ts";
import { createLogger } from "#lib/logger.server.ts";
import { closeSharedRedis } from "#lib/redis.server.ts";
import { createApp } from "#server/app.server.ts";
import { attachCable } from "#server/cable.server.ts";
import { messagingWorld } from "../../support/messaging-fixtures.ts";
import { startRedis, type Service } from "../../support/services.ts";
import { ActionCable, consumerFor, framesOf, installBrowserShims, recorder, signInOverHttp, streamSourcesOn, turbo, type Consumer } from "../cable/support/app-cable.ts";

// Two app servers (HTTP + /cable each) on one REDIS_URL, as two processes behind a load balancer
// would run; the real @rails/actioncable consumer connects to one, the writes go to the other.
// Both live in this test process and share its database, which is what processes share too.

type AppServer = { url: string; close(): Promise<void> };

let redis: Service;
let servers: AppServer[];
let removeShims: () => void;
let world: Awaited<ReturnType<typeof messagingWorld>>;
const consumers: Consumer[] = [];
const defaultStaleThreshold = ActionCable.ConnectionMonitor.staleThreshold;

async function startAppServer(redisUrl: string): Promise<AppServer> {
  const env = parseEnv({ ...process.env, REDIS_URL: redisUrl });
  const logger = createLogger("silent");
  const { app, sessionParser } = createApp({ env, logger });
  const server = http.createServer(app);
  const cable = attachCable({ server, sessionParser, env, logger });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    async close() {
      await cable.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

beforeAll(async () => {
  removeShims = installBrowserShims();
  redis = await startRedis();
  // The server started last is the one models broadcast through: the writes go there.
  servers = [await startAppServer(redis.url), await startAppServer(redis.url)];
  world = await messagingWorld();
});
afterEach(() => {
  for (const consumer of consumers.splice(0)) consumer.disconnect();
  ActionCable.ConnectionMonitor.staleThreshold = defaultStaleThreshold;
});
afterAll(async () => {
  await Promise.all((servers ?? []).map((server) => server.close()));
  await closeSharedRedis();
  await redis?.stop();
  removeShims?.();
});

function connect(baseUrl: string, cookie: string) {
  const { consumer, url } = consumerFor(baseUrl, cookie);
  consumers.push(consumer);
  return { consumer, frames: () => framesOf(consumer, url) };
}

describe("the cable across two app servers sharing Redis", () => {
  it("delivers a message posted on one server to a consumer connected to the other", async () => {
    const [reading, writing] = servers;
    const carrier = await signInOverHttp(reading!.url, world.carrier.email);
    const shipper = await signInOverHttp(writing!.url, world.shipper.email);
    const conversation = `/loads/${world.load.id}/messages`;
    const live = recorder();
    const { consumer } = connect(reading!.url, carrier.cookie);
    for (const stream of await streamSourcesOn(reading!.url, conversation, carrier)) consumer.subscriptions.create(turbo(stream), live.mixin);
    await vi.waitFor(() => expect(live.events).toEqual(["connected", "connected", "connected"]));

    const posted = await fetch(`${writing!.url}${conversation}`, {
      method: "POST",
      headers: { cookie: shipper.cookie, accept: "text/vnd.turbo-stream.html", "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ _csrf: shipper.csrf, body: "Gate code 4411" }),
    });
    expect(posted.status).toBe(200);

    await vi.waitFor(() => expect(live.received.join("\n")).toContain("Gate code 4411"));
    expect(live.received).toContain(await posted.text());
  });

  it("closes a user's sockets on the other server when they sign out on one", { timeout: 15_000 }, async () => {
    ActionCable.ConnectionMonitor.staleThreshold = 0.3;
    const [reading, writing] = servers;
    const driver = await signInOverHttp(writing!.url, world.driver.email);
    const [userStream] = await streamSourcesOn(reading!.url, "/messages", driver);
    const live = recorder();
    const { consumer, frames } = connect(reading!.url, driver.cookie);
    consumer.subscriptions.create(turbo(userStream!), live.mixin);
    await vi.waitFor(() => expect(live.events).toEqual(["connected"]));

    const signOut = await fetch(`${writing!.url}/session`, {
      method: "POST",
      redirect: "manual",
      headers: { cookie: driver.cookie, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ _csrf: driver.csrf, _method: "delete" }),
    });
    expect(signOut.status).toBe(303);

    await vi.waitFor(() => expect(frames()).toContainEqual({ type: "disconnect", reason: "remote", reconnect: true }));
    await vi.waitFor(() => expect(frames()).toContainEqual({ type: "disconnect", reason: "unauthorized", reconnect: false }), { timeout: 10_000 });
  });
});
