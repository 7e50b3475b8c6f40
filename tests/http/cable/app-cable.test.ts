import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { WebSocket } from "ws";
import { signStreamName } from "#cable/signed-stream-name.ts";
import { currentCable } from "#lib/broadcast.server.ts";
import { streamSecret } from "#lib/turbo.server.ts";
import type { RunningServer } from "#server/start.server.ts";
import { createSupport } from "../../support/fixtures.ts";
import { messagingWorld } from "../../support/messaging-fixtures.ts";
import {
  ActionCable,
  consumerFor,
  framesOf,
  installBrowserShims,
  recorder,
  signInOverHttp,
  startAppServer,
  streamSourcesOn,
  turbo,
  type Consumer,
  type Session,
} from "./support/app-cable.ts";

// The real @rails/actioncable consumer against the real app server: session cookie authentication,
// Origin check, signed stream names from the pages, authorisation at subscribe time, live broadcasts.

let server: RunningServer;
let removeShims: () => void;
let world: Awaited<ReturnType<typeof messagingWorld>>;
let carrier: Session;
let shipper: Session;
const consumers: Consumer[] = [];
const defaultStaleThreshold = ActionCable.ConnectionMonitor.staleThreshold;

beforeAll(async () => {
  removeShims = installBrowserShims();
  server = await startAppServer();
  world = await messagingWorld();
  [carrier, shipper] = await Promise.all([signInOverHttp(server.url, world.carrier.email), signInOverHttp(server.url, world.shipper.email)]);
});
afterAll(async () => {
  await server?.close();
  removeShims?.();
});
afterEach(() => {
  for (const consumer of consumers.splice(0)) consumer.disconnect();
  ActionCable.ConnectionMonitor.staleThreshold = defaultStaleThreshold;
});

function connect(cookie?: string, origin?: string) {
  const { consumer, url } = consumerFor(server.url, cookie, origin);
  consumers.push(consumer);
  return { consumer, frames: () => framesOf(consumer, url) };
}

const loadConversation = () => `/loads/${world.load.id}/messages`;

describe("the app's /cable with the real @rails/actioncable consumer", () => {
  it("welcomes a signed-in consumer first, then pings every 3 s with unix seconds", { timeout: 15_000 }, async () => {
    const [userStream] = await streamSourcesOn(server.url, "/messages", carrier);
    const { consumer, frames } = connect(carrier.cookie);
    consumer.subscriptions.create(turbo(userStream!), recorder().mixin);

    await vi.waitFor(() => expect(frames().filter((f) => f.type === "ping").length).toBeGreaterThanOrEqual(2), { timeout: 10_000 });
    const received = frames();
    expect(received[0]).toEqual({ type: "welcome" });
    const pings = received.filter((f) => f.type === "ping").map((f) => Number(f.message));
    expect(Math.abs(pings[0]! - Date.now() / 1000)).toBeLessThan(10);
    expect(pings[1]! - pings[0]!).toBeGreaterThanOrEqual(2);
    expect(pings[1]! - pings[0]!).toBeLessThanOrEqual(4);
  });

  it("confirms the streams a page renders and delivers a message, a badge and a notification card live", async () => {
    const streams = [...(await streamSourcesOn(server.url, "/messages", carrier)), ...(await streamSourcesOn(server.url, loadConversation(), carrier))];
    expect(streams).toHaveLength(5); // user + account on each page, and the conversation
    const live = recorder();
    const { consumer } = connect(carrier.cookie);
    for (const stream of new Set(streams)) consumer.subscriptions.create(turbo(stream), live.mixin);
    await vi.waitFor(() => expect(live.events).toEqual(["connected", "connected", "connected"]));

    const posted = await fetch(`${server.url}${loadConversation()}`, {
      method: "POST",
      headers: { cookie: shipper.cookie, accept: "text/vnd.turbo-stream.html", "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ _csrf: shipper.csrf, body: "Gate code 4411" }),
    });
    expect(posted.status).toBe(200);
    const answer = await posted.text();

    await vi.waitFor(() => expect(live.received).toHaveLength(3));
    expect(live.received).toContain(answer);
    const all = live.received.join("\n");
    expect(all).toContain('<turbo-stream action="replace" target="nav_messages_badge">');
    expect(all).toContain('<turbo-stream action="prepend" target="notification_cards">');
    expect(all).toContain("Gate code 4411");
  });

  it("rejects a forged signed stream name, and a genuine one of another user or another account", async () => {
    const streams = [
      signStreamName(`user:${world.carrier.id}`, "not-the-secret"),
      signStreamName(`user:${world.driver.id}`, streamSecret()),
      signStreamName(`account:${world.shipper.accountId}`, streamSecret()),
      signStreamName(`conversation:load:${world.load.id}`, streamSecret()),
    ];
    const outsider = await signInOverHttp(server.url, world.outsider.email);
    const results = streams.map(() => recorder());
    const { consumer } = connect(outsider.cookie);
    streams.forEach((stream, i) => consumer.subscriptions.create(turbo(stream), results[i]!.mixin));

    await vi.waitFor(() => expect(results.map((r) => r.events)).toEqual([["rejected"], ["rejected"], ["rejected"], ["rejected"]]));
  });

  it("tells a consumer without a session it is unauthorized, closes, and it does not reconnect", async () => {
    ActionCable.ConnectionMonitor.staleThreshold = 0.2;
    const nobody = connect();
    const forged = connect("haulage.sid=s%3Aforged.signature");
    for (const { consumer } of [nobody, forged]) consumer.subscriptions.create(turbo("x"), recorder().mixin);

    const unauthorized = [{ type: "disconnect", reason: "unauthorized", reconnect: false }];
    await vi.waitFor(() => expect([nobody.frames(), forged.frames()]).toEqual([unauthorized, unauthorized]));
    await new Promise((resolve) => setTimeout(resolve, 1_200));
    expect([nobody.frames(), forged.frames()]).toEqual([unauthorized, unauthorized]);
    expect(nobody.consumer.connection.monitor.isRunning()).toBeFalsy();
  });

  it("refuses an upgrade from another origin (403) or without one", async () => {
    const statusOf = (options: { origin?: string }) =>
      new Promise<number | undefined>((resolve) => {
        const ws = new WebSocket(`${server.url.replace("http", "ws")}/cable`, ["actioncable-v1-json"], { ...options, headers: { cookie: carrier.cookie } });
        ws.once("unexpected-response", (_req, res) => resolve(res.statusCode));
        ws.once("open", () => (ws.close(), resolve(101)));
      });

    expect(await statusOf({ origin: "https://evil.example" })).toBe(403);
    expect(await statusOf({})).toBe(403);
    expect(await statusOf({ origin: server.url })).toBe(101);
  });

  it("reconnects and resubscribes after a server_restart disconnect, then still receives broadcasts", { timeout: 15_000 }, async () => {
    ActionCable.ConnectionMonitor.staleThreshold = 0.3; // library default is 6 s; same logic, shorter wait
    const [userStream] = await streamSourcesOn(server.url, "/messages", carrier);
    const live = recorder();
    const { consumer, frames } = connect(carrier.cookie);
    consumer.subscriptions.create(turbo(userStream!), live.mixin);
    await vi.waitFor(() => expect(live.events).toEqual(["connected"]));

    currentCable()!.restart();

    await vi.waitFor(() => expect(live.events).toEqual(["connected", "disconnected, will retry", "reconnected"]), { timeout: 10_000 });
    expect(frames()).toContainEqual({ type: "disconnect", reason: "server_restart", reconnect: true });
    await currentCable()!.broadcast(`user:${world.carrier.id}`, "<p>after restart</p>");
    await vi.waitFor(() => expect(live.received).toEqual(["<p>after restart</p>"]));
  });

  it("closes a user's sockets when they sign out; the reconnection is then unauthorized", { timeout: 15_000 }, async () => {
    ActionCable.ConnectionMonitor.staleThreshold = 0.3;
    const leaving = await signInOverHttp(server.url, world.driver.email);
    const [userStream] = await streamSourcesOn(server.url, "/messages", leaving);
    const live = recorder();
    const { consumer, frames } = connect(leaving.cookie);
    consumer.subscriptions.create(turbo(userStream!), live.mixin);
    await vi.waitFor(() => expect(live.events).toEqual(["connected"]));

    const signOut = await fetch(`${server.url}/session`, {
      method: "POST",
      redirect: "manual",
      headers: { cookie: leaving.cookie, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ _csrf: leaving.csrf, _method: "delete" }),
    });
    expect(signOut.status).toBe(303);

    await vi.waitFor(() => expect(frames()).toContainEqual({ type: "disconnect", reason: "unauthorized", reconnect: false }), { timeout: 10_000 });
    expect(frames()).toContainEqual({ type: "disconnect", reason: "remote", reconnect: true });
  });

  it("acts as the impersonated user while support staff impersonate", async () => {
    const support = await createSupport();
    const session = await signInOverHttp(server.url, support.email);
    const started = await fetch(`${server.url}/admin/impersonations`, {
      method: "POST",
      redirect: "manual",
      headers: { cookie: session.cookie, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ _csrf: session.csrf, user_id: String(world.carrier.id) }),
    });
    expect(started.status).toBe(303);
    const live = recorder();
    const { consumer } = connect(session.cookie);

    consumer.subscriptions.create(turbo(signStreamName(`user:${world.carrier.id}`, streamSecret())), live.mixin);

    await vi.waitFor(() => expect(live.events).toEqual(["connected"]));
  });

  it("closes an impersonating socket when the support user signs out everywhere in another browser", { timeout: 15_000 }, async () => {
    ActionCable.ConnectionMonitor.staleThreshold = 0.3;
    const support = await createSupport();
    const [impersonating, elsewhere] = [await signInOverHttp(server.url, support.email), await signInOverHttp(server.url, support.email)];
    const form = (session: Session, path: string, fields: Record<string, string>) =>
      fetch(`${server.url}${path}`, {
        method: "POST",
        redirect: "manual",
        headers: { cookie: session.cookie, "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ _csrf: session.csrf, ...fields }),
      });
    expect((await form(impersonating, "/admin/impersonations", { user_id: String(world.carrier.id) })).status).toBe(303);
    const live = recorder();
    const { consumer, frames } = connect(impersonating.cookie);
    consumer.subscriptions.create(turbo(signStreamName(`user:${world.carrier.id}`, streamSecret())), live.mixin);
    await vi.waitFor(() => expect(live.events).toEqual(["connected"]));

    expect((await form(elsewhere, "/sessions", { _method: "delete" })).status).toBe(303);

    await vi.waitFor(() => expect(frames()).toContainEqual({ type: "disconnect", reason: "unauthorized", reconnect: false }), { timeout: 10_000 });
    expect(frames()).toContainEqual({ type: "disconnect", reason: "remote", reconnect: true });
  });
});
