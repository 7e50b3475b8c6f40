import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { broadcastTurboStream, TURBO_STREAMS_CHANNEL } from "#cable/channels/turbo-streams-channel.ts";
import { signStreamName } from "#cable/signed-stream-name.ts";
import { SECRET, startCable, type TestCable } from "./support/cable-harness.ts";
import { ActionCable, installBrowserShims, recorder, type Consumer } from "./support/actioncable-consumer.ts";

// Drives the real @rails/actioncable consumer against the server, as the browser will.

const acmeJobs = ["accounts", "acme", "jobs"];
const northstarJobs = ["accounts", "northstar", "jobs"];
const turbo = (stream: string[], secret = SECRET) => ({ channel: TURBO_STREAMS_CHANNEL, signed_stream_name: signStreamName(stream, secret) });

let removeShims: () => void;
let cable: TestCable;
const consumers: Consumer[] = [];
const defaultStaleThreshold = ActionCable.ConnectionMonitor.staleThreshold;

beforeAll(() => {
  removeShims = installBrowserShims();
});
afterAll(() => removeShims());
afterEach(async () => {
  for (const consumer of consumers.splice(0)) consumer.disconnect();
  ActionCable.ConnectionMonitor.staleThreshold = defaultStaleThreshold;
  await cable?.close();
});

function consumerAs(name: string): Consumer {
  const consumer: Consumer = ActionCable.createConsumer(`${cable.url}?as=${name}`);
  consumers.push(consumer);
  return consumer;
}

const frames = (consumer: Consumer) => (consumer.connection.webSocket?.received ?? []).map((text) => JSON.parse(text) as Record<string, unknown>);

describe("the real @rails/actioncable consumer", () => {
  it("is welcomed first, then pinged with unix seconds", async () => {
    cable = await startCable();
    const alice = consumerAs("alice");
    alice.subscriptions.create(turbo(acmeJobs), recorder().mixin);

    await vi.waitFor(() => expect(frames(alice).filter((f) => f.type === "ping").length).toBeGreaterThanOrEqual(2));
    const received = frames(alice);
    expect(received[0]).toEqual({ type: "welcome" });
    const ping = received.find((f) => f.type === "ping");
    expect(ping?.message).toSatisfy((seconds: unknown) => Number.isInteger(seconds) && Math.abs(Number(seconds) - Date.now() / 1000) < 5);
  });

  it("confirms a subscription to the user's own stream and delivers its broadcasts as HTML strings", async () => {
    cable = await startCable();
    const alice = recorder();
    consumerAs("alice").subscriptions.create(turbo(acmeJobs), alice.mixin);
    await vi.waitFor(() => expect(alice.events).toEqual(["connected"]));

    const html = '<turbo-stream action="append" target="jobs"><template><li>Job 7</li></template></turbo-stream>';
    await broadcastTurboStream(cable.cable, acmeJobs, html);

    await vi.waitFor(() => expect(alice.received).toEqual([html]));
  });

  it("does not deliver a broadcast to a consumer subscribed to another stream", async () => {
    cable = await startCable();
    const alice = recorder();
    const bob = recorder();
    consumerAs("alice").subscriptions.create(turbo(acmeJobs), alice.mixin);
    consumerAs("bob").subscriptions.create(turbo(northstarJobs), bob.mixin);
    await vi.waitFor(() => expect([alice.events, bob.events]).toEqual([["connected"], ["connected"]]));

    await broadcastTurboStream(cable.cable, acmeJobs, "<p>for acme</p>");
    await broadcastTurboStream(cable.cable, northstarJobs, "<p>for northstar</p>");

    // Same server, same order: had bob been sent acme's message, it would have arrived first.
    await vi.waitFor(() => expect(bob.received).toEqual(["<p>for northstar</p>"]));
    expect(alice.received).toEqual(["<p>for acme</p>"]);
  });

  it("rejects a forged signed stream name", async () => {
    cable = await startCable();
    const alice = recorder();
    consumerAs("alice").subscriptions.create(turbo(acmeJobs, "not-the-secret"), alice.mixin);

    await vi.waitFor(() => expect(alice.events).toEqual(["rejected"]));
  });

  it("rejects a correctly signed stream that belongs to another account", async () => {
    cable = await startCable();
    const alice = recorder();
    consumerAs("alice").subscriptions.create(turbo(northstarJobs), alice.mixin);
    await vi.waitFor(() => expect(alice.events).toEqual(["rejected"]));

    await broadcastTurboStream(cable.cable, northstarJobs, "<p>secret</p>");
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(alice.received).toEqual([]);
  });

  it("tells an unauthenticated consumer it is unauthorized, and it does not reconnect", async () => {
    cable = await startCable();
    ActionCable.ConnectionMonitor.staleThreshold = 0.2; // a reconnect, if any, would come within ~0.5 s
    const nobody = consumerAs("nobody");
    nobody.subscriptions.create(turbo(acmeJobs), recorder().mixin);

    await vi.waitFor(() => expect(frames(nobody)).toEqual([{ type: "disconnect", reason: "unauthorized", reconnect: false }]));
    await new Promise((resolve) => setTimeout(resolve, 1_200));
    expect(cable.authenticated).toEqual([null]);
    expect(nobody.connection.monitor.isRunning()).toBeFalsy();
  });

  it("reconnects and resubscribes after a server_restart disconnect", { timeout: 10_000 }, async () => {
    cable = await startCable();
    ActionCable.ConnectionMonitor.staleThreshold = 0.3; // library default is 6 s; same logic, shorter wait
    const alice = recorder();
    const consumer = consumerAs("alice");
    consumer.subscriptions.create(turbo(acmeJobs), alice.mixin);
    await vi.waitFor(() => expect(alice.events).toEqual(["connected"]));

    cable.cable.restart();

    await vi.waitFor(() => expect(alice.events).toEqual(["connected", "disconnected, will retry", "reconnected"]), { timeout: 8_000 });
    expect(cable.authenticated).toEqual(["u-alice", "u-alice"]);
    await broadcastTurboStream(cable.cable, acmeJobs, "<p>after restart</p>");
    await vi.waitFor(() => expect(alice.received).toEqual(["<p>after restart</p>"]));
  });

  it("passes perform() data to the channel's received hook", async () => {
    cable = await startCable();
    const echo = recorder();
    const subscription = consumerAs("alice").subscriptions.create({ channel: "EchoChannel" }, echo.mixin);
    await vi.waitFor(() => expect(echo.events).toEqual(["connected"]));

    subscription.perform("speak", { text: "hello" });

    await vi.waitFor(() => expect(echo.received).toEqual([{ echo: { text: "hello", action: "speak" } }]));
  });

  it("runs the channel's unsubscribed hook when the consumer unsubscribes", async () => {
    cable = await startCable();
    const echo = recorder();
    const subscription = consumerAs("alice").subscriptions.create({ channel: "EchoChannel" }, echo.mixin);
    await vi.waitFor(() => expect(echo.events).toEqual(["connected"]));

    subscription.unsubscribe();

    await vi.waitFor(() => expect(cable.channelCalls).toEqual(["subscribed u-alice", "unsubscribed u-alice"]));
  });

  it("disconnects every socket of a signed-out user, and only theirs", async () => {
    cable = await startCable();
    const alice = recorder();
    const bob = recorder();
    const aliceConsumer = consumerAs("alice");
    aliceConsumer.subscriptions.create(turbo(acmeJobs), alice.mixin);
    consumerAs("bob").subscriptions.create(turbo(northstarJobs), bob.mixin);
    await vi.waitFor(() => expect([alice.events, bob.events]).toEqual([["connected"], ["connected"]]));

    await cable.cable.disconnectUser("u-alice", { reconnect: false });

    await vi.waitFor(() => expect(alice.events).toEqual(["connected", "disconnected"]));
    expect(frames(aliceConsumer).at(-1)).toEqual({ type: "disconnect", reason: "remote", reconnect: false });
    expect(bob.events).toEqual(["connected"]);
    expect(cable.cable.connectionCount).toBe(1);
  });
});
