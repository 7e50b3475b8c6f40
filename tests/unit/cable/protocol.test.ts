import { afterEach, describe, expect, it } from "vitest";
import { WebSocket } from "ws";
import { broadcastTurboStream } from "#cable/channels/turbo-streams-channel.ts";
import type { ChannelContext } from "#cable/channel.ts";
import { InProcessPubSub, type PubSubAdapter } from "#cable/pubsub.ts";
import { signStreamName } from "#cable/signed-stream-name.ts";
import { ORIGIN, RawClient, SECRET, isMessageFor, isReply, startCable, turboIdentifier, type TestCable } from "./support/cable-harness.ts";

// The wire format itself, with a bare ws client.

let cable: TestCable;
const clients: RawClient[] = [];
afterEach(async () => {
  for (const client of clients.splice(0)) client.close();
  await cable?.close();
});

async function connect(name: string, options: Parameters<typeof RawClient.connect>[1] = {}): Promise<RawClient> {
  const client = await RawClient.connect(`${cable.url}?as=${name}`, options);
  clients.push(client);
  return client;
}

const acmeJobs = signStreamName("accounts:acme:jobs", SECRET);
const acmeQuotes = signStreamName("accounts:acme:quotes", SECRET);

describe("handshake", () => {
  it("negotiates actioncable-v1-json and sends welcome as the first frame", async () => {
    cable = await startCable();
    const client = await connect("alice");

    expect(client.ws.protocol).toBe("actioncable-v1-json");
    await client.waitFor((f) => f.type === "ping");
    expect(client.texts[0]).toBe('{"type":"welcome"}');
  });

  it("answers a client that only knows a newer protocol with actioncable-unsupported", async () => {
    cable = await startCable();
    const client = await connect("alice", { protocols: ["actioncable-v2-json", "actioncable-unsupported"] });

    expect(client.ws.protocol).toBe("actioncable-unsupported");
  });

  it("pings every interval with the current unix time in seconds", async () => {
    cable = await startCable({ pingIntervalMs: 50 });
    const client = await connect("alice");
    await new Promise((resolve) => setTimeout(resolve, 300));

    const pings = client.texts.filter((text) => text.startsWith('{"type":"ping"'));
    expect(pings.length).toBeGreaterThanOrEqual(3);
    expect(pings[0]).toMatch(/^\{"type":"ping","message":\d+\}$/);
    expect(Number(JSON.parse(pings[0] ?? "{}").message)).toBeCloseTo(Date.now() / 1000, -1);
  });

  it("refuses an upgrade from another origin before authenticating", async () => {
    cable = await startCable();

    await expect(connect("alice", { origin: "https://evil.example" })).rejects.toThrow("HTTP 403");
    expect(cable.authenticated).toEqual([]);
  });

  it("refuses an upgrade with no Origin header", async () => {
    cable = await startCable();
    const ws = new WebSocket(`${cable.url}?as=alice`, ["actioncable-v1-json"]);

    const status = await new Promise((resolve) => ws.once("unexpected-response", (_req, res) => resolve(res.statusCode)));
    expect(status).toBe(403);
  });

  it("authenticates from the request's cookie header", async () => {
    cable = await startCable();
    const client = await RawClient.connect(cable.url, { cookie: "theme=dark; session=bob" });
    clients.push(client);

    await client.waitFor((f) => f.type === "welcome");
    expect(cable.authenticated).toEqual(["u-bob"]);
  });

  it("sends disconnect unauthorized without reconnect, then closes, when authentication fails", async () => {
    cable = await startCable();
    const client = await connect("mallory");

    expect(await client.closed).toEqual({ code: 1000 });
    expect(client.texts).toEqual(['{"type":"disconnect","reason":"unauthorized","reconnect":false}']);
  });

  it("refuses the upgrade with 500 when authentication throws", async () => {
    cable = await startCable({ authenticate: () => Promise.reject(new Error("database down")) });

    await expect(connect("alice")).rejects.toThrow("HTTP 500");
    expect(cable.logger.entries.some((e) => e.level === "error")).toBe(true);
  });

  it("leaves upgrades on other paths alone", async () => {
    cable = await startCable();
    const other = (url: string) => new WebSocket(url.replace("/cable", "/elsewhere"), { origin: ORIGIN });
    const ws = other(`${cable.url}?as=alice`);

    const status = await new Promise((resolve) => ws.once("unexpected-response", (_req, res) => resolve(res.statusCode)));
    expect(status).toBe(404);
    expect(cable.authenticated).toEqual([]);
  });
});

describe("subscriptions", () => {
  it("echoes the identifier byte for byte, whatever its key order and spacing", async () => {
    cable = await startCable();
    const client = await connect("alice");
    const identifier = `{ "signed_stream_name" :  "${acmeJobs}",\n  "channel":"Turbo::StreamsChannel", "note": "caf\\u00e9 ☃" }`;

    client.subscribe(identifier);
    await client.waitFor(isReply(identifier, "confirm_subscription"));
    await broadcastTurboStream(cable.cable, "accounts:acme:jobs", "<p>hi</p>");
    const message = await client.waitFor(isMessageFor(identifier));

    expect(message).toEqual({ identifier, message: "<p>hi</p>" });
    expect(client.texts.find((t) => t.includes("confirm_subscription"))).toBe(JSON.stringify({ identifier, type: "confirm_subscription" }));
  });

  it("ignores a duplicate subscribe: one confirmation, one copy of each broadcast", async () => {
    cable = await startCable();
    const client = await connect("alice");
    const jobs = turboIdentifier(acmeJobs);
    const quotes = turboIdentifier(acmeQuotes);

    client.subscribe(jobs);
    client.subscribe(jobs);
    client.subscribe(quotes);
    await client.waitFor(isReply(quotes, "confirm_subscription"));
    await cable.cable.broadcast("accounts:acme:jobs", "once");
    await cable.cable.broadcast("accounts:acme:quotes", "sentinel");
    await client.waitFor(isMessageFor(quotes));

    expect(client.count(isReply(jobs, "confirm_subscription"))).toBe(1);
    expect(client.count(isMessageFor(jobs))).toBe(1);
  });

  it("rejects a forged or tampered signed stream name and an unauthorised one", async () => {
    cable = await startCable();
    const client = await connect("alice");
    const [data, digest] = acmeJobs.split("--");
    const forged = [
      signStreamName("accounts:acme:jobs", "wrong-secret"),
      `${Buffer.from(JSON.stringify("accounts:northstar:jobs")).toString("base64")}--${digest}`,
      `${data}--${"0".repeat(64)}`,
      "accounts:acme:jobs",
      signStreamName("accounts:northstar:jobs", SECRET),
    ].map(turboIdentifier);
    forged.push(JSON.stringify({ channel: "Turbo::StreamsChannel" }));

    for (const identifier of forged) client.subscribe(identifier);

    for (const identifier of forged) await client.waitFor(isReply(identifier, "reject_subscription"));
    expect(client.count((f) => f.type === "confirm_subscription")).toBe(0);
  });

  it("rejects a subscription to a channel that does not exist", async () => {
    cable = await startCable();
    const client = await connect("alice");
    const identifier = JSON.stringify({ channel: "Admin::SecretsChannel" });

    client.subscribe(identifier);

    await client.waitFor(isReply(identifier, "reject_subscription"));
  });

  it("rejects subscriptions beyond the per-connection limit", async () => {
    cable = await startCable({ maxSubscriptionsPerConnection: 1 });
    const client = await connect("alice");
    const jobs = turboIdentifier(acmeJobs);
    const quotes = turboIdentifier(acmeQuotes);

    client.subscribe(jobs);
    client.subscribe(quotes);

    await client.waitFor(isReply(quotes, "reject_subscription"));
    expect(client.count(isReply(jobs, "confirm_subscription"))).toBe(1);
  });

  it("confirms only after an async subscribed() has finished, and rejects when it throws", async () => {
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    cable = await startCable({
      channels: {
        SlowChannel: { subscribed: async (ctx) => (await gate, void ctx.streamFrom("slow")) },
        BrokenChannel: { subscribed: () => Promise.reject(new Error("boom")) },
      },
    });
    const client = await connect("alice");
    const slow = JSON.stringify({ channel: "SlowChannel" });
    const broken = JSON.stringify({ channel: "BrokenChannel" });

    client.subscribe(slow);
    client.subscribe(broken);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(client.count((f) => f.identifier !== undefined)).toBe(0);
    release();

    await client.waitFor(isReply(broken, "reject_subscription"));
    expect(client.frames.filter((f) => f.identifier).map((f) => f.type)).toEqual(["confirm_subscription", "reject_subscription"]);
  });

  it("confirms only once the stream is live on the pubsub, and rejects when the pubsub fails", async () => {
    const inner = new InProcessPubSub();
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const pubsub: PubSubAdapter = {
      async subscribe(stream, callback) {
        if (stream === "failing") throw new Error("redis down");
        if (stream === "slow") await gate;
        return inner.subscribe(stream, callback);
      },
      broadcast: (stream, message) => inner.broadcast(stream, message),
      shutdown: () => inner.shutdown(),
    };
    // Like most Rails channels, this one does not wait for stream_from itself.
    const channels = { StreamChannel: { subscribed: (ctx: ChannelContext) => void ctx.streamFrom(String(ctx.params.stream)) } };
    cable = await startCable({ pubsub, channels });
    const client = await connect("alice");
    const slow = JSON.stringify({ channel: "StreamChannel", stream: "slow" });
    const failing = JSON.stringify({ channel: "StreamChannel", stream: "failing" });

    client.subscribe(slow);
    client.subscribe(failing);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(client.count((f) => f.identifier !== undefined)).toBe(0);
    release();

    await client.waitFor(isReply(failing, "reject_subscription"));
    expect(client.count(isReply(slow, "confirm_subscription"))).toBe(1);
  });

  it("stops delivering after unsubscribe and releases the stream", async () => {
    cable = await startCable();
    const client = await connect("alice");
    const jobs = turboIdentifier(acmeJobs);
    const quotes = turboIdentifier(acmeQuotes);
    client.subscribe(jobs);
    client.subscribe(quotes);
    await client.waitFor(isReply(quotes, "confirm_subscription"));

    client.send({ command: "unsubscribe", identifier: jobs });
    await waitUntil(() => cable.pubsub.subscriberCount("accounts:acme:jobs") === 0);
    await cable.cable.broadcast("accounts:acme:jobs", "too late");
    await cable.cable.broadcast("accounts:acme:quotes", "sentinel");
    await client.waitFor(isMessageFor(quotes));

    expect(client.count(isMessageFor(jobs))).toBe(0);
  });

  it("subscribes each stream on the pubsub once per server however many sockets follow it", async () => {
    cable = await startCable();
    const first = await connect("alice");
    const second = await connect("alice");
    for (const client of [first, second]) client.subscribe(turboIdentifier(acmeJobs));
    for (const client of [first, second]) await client.waitFor(isReply(turboIdentifier(acmeJobs), "confirm_subscription"));

    expect(cable.pubsub.subscriberCount("accounts:acme:jobs")).toBe(1);
    first.close();
    await waitUntil(() => cable.cable.connectionCount === 1);
    expect(cable.pubsub.subscriberCount("accounts:acme:jobs")).toBe(1);
    second.close();
    await waitUntil(() => cable.pubsub.subscriberCount("accounts:acme:jobs") === 0);
  });

  it("runs unsubscribed for every subscription when the socket closes", async () => {
    cable = await startCable();
    const client = await connect("alice");
    client.subscribe(JSON.stringify({ channel: "EchoChannel" }));
    await client.waitFor((f) => f.type === "confirm_subscription");

    client.close();

    await waitUntil(() => cable.channelCalls.length === 2);
    expect(cable.channelCalls).toEqual(["subscribed u-alice", "unsubscribed u-alice"]);
  });
});

describe("robustness", () => {
  it("ignores and logs malformed frames without closing the socket", async () => {
    cable = await startCable();
    const client = await connect("alice");
    const echo = JSON.stringify({ channel: "EchoChannel" });
    client.subscribe(echo);
    await client.waitFor(isReply(echo, "confirm_subscription"));
    const garbage = [
      "not json",
      "[]",
      "null",
      '{"command":"subscribe"}',
      '{"command":"subscribe","identifier":"not json"}',
      '{"command":"subscribe","identifier":"[1,2]"}',
      '{"command":"subscribe","identifier":"{\\"channel\\":7}"}',
      '{"command":"launch","identifier":"{}"}',
      JSON.stringify({ command: "message", identifier: echo, data: "not json" }),
      JSON.stringify({ command: "message", identifier: echo }),
      JSON.stringify({ command: "message", identifier: JSON.stringify({ channel: "Nope" }), data: "{}" }),
      JSON.stringify({ command: "unsubscribe", identifier: JSON.stringify({ channel: "Nope" }) }),
    ];

    for (const frame of garbage) client.send(frame);
    client.ws.send(Buffer.from([1, 2, 3]), { binary: true });
    client.send({ command: "message", identifier: echo, data: JSON.stringify({ still: "alive" }) });

    await client.waitFor((f) => f.identifier === echo && "message" in f);
    expect(client.frames.filter((f) => f.identifier !== undefined && f.type !== "confirm_subscription")).toEqual([
      { identifier: echo, message: { echo: { still: "alive" } } },
    ]);
    expect(cable.logger.entries.filter((e) => e.level === "warn").length).toBe(garbage.length + 1);
  });

  it("closes a socket that piles up commands while a subscription is still being decided", async () => {
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    cable = await startCable({ channels: { SlowChannel: { subscribed: () => gate } } });
    const client = await connect("alice");
    const slow = JSON.stringify({ channel: "SlowChannel" });

    for (let i = 0; i < 250; i++) client.subscribe(slow);

    expect(await client.closed).toEqual({ code: 1008 });
    release();
  });

  it("keeps a socket whose pending commands stay within the limit", async () => {
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    cable = await startCable({ channels: { SlowChannel: { subscribed: () => gate } } });
    const client = await connect("alice");
    const slow = JSON.stringify({ channel: "SlowChannel" });

    for (let i = 0; i < 150; i++) client.subscribe(slow);
    await new Promise((resolve) => setTimeout(resolve, 50));
    release();

    await client.waitFor(isReply(slow, "confirm_subscription"));
    expect(client.ws.readyState).toBe(WebSocket.OPEN);
  });

  it("closes a socket that sends an oversized frame", async () => {
    cable = await startCable({ maxPayloadBytes: 1024 });
    const client = await connect("alice");

    client.send({ command: "subscribe", identifier: "x".repeat(2048) });

    expect(await client.closed).toEqual({ code: 1009 });
  });

  it("drops a client that stops reading once too much is queued for it", async () => {
    cable = await startCable({ maxBufferedBytes: 64 * 1024, pingIntervalMs: 50 });
    const client = await connect("alice");
    const jobs = turboIdentifier(acmeJobs);
    client.subscribe(jobs);
    await client.waitFor(isReply(jobs, "confirm_subscription"));
    const socket = (client.ws as unknown as { _socket: { pause(): void } })._socket;
    socket.pause();

    for (let i = 0; i < 20; i++) await cable.cable.broadcast("accounts:acme:jobs", "x".repeat(1024 * 1024));

    await waitUntil(() => cable.cable.connectionCount === 0, 3_000);
    expect(cable.logger.entries.some((e) => e.message === "dropping slow cable client")).toBe(true);
  });
});

describe("restart and shutdown", () => {
  it("restart tells every client to reconnect and closes its socket", async () => {
    cable = await startCable();
    const alice = await connect("alice");
    const bob = await connect("bob");

    cable.cable.restart();

    for (const client of [alice, bob]) {
      expect(await client.closed).toEqual({ code: 1000 });
      expect(client.texts.at(-1)).toBe('{"type":"disconnect","reason":"server_restart","reconnect":true}');
    }
  });

  it("disconnectUser defaults to letting the client reconnect", async () => {
    cable = await startCable();
    const alice = await connect("alice");

    await cable.cable.disconnectUser("u-alice");

    await alice.closed;
    expect(alice.texts.at(-1)).toBe('{"type":"disconnect","reason":"remote","reconnect":true}');
  });

  it("disconnectUser logs a pub/sub that cannot take the message instead of failing the sign-out that asked", async () => {
    const inner = new InProcessPubSub();
    const pubsub: PubSubAdapter = {
      subscribe: (stream, callback) => inner.subscribe(stream, callback),
      broadcast: async () => {
        throw new Error("redis down");
      },
      shutdown: () => inner.shutdown(),
    };
    cable = await startCable({ pubsub });
    await expect(cable.cable.disconnectUser("u-alice")).resolves.toBeUndefined();
    expect(cable.logger.entries.filter((entry) => entry.level === "error").map((entry) => entry.message)).toEqual([
      "could not tell the cable servers to close a user's sockets",
    ]);
  });

  it("shutdown closes every socket and stops taking upgrades", async () => {
    cable = await startCable();
    const alice = await connect("alice");
    alice.subscribe(turboIdentifier(acmeJobs));
    await alice.waitFor((f) => f.type === "confirm_subscription");

    await cable.cable.shutdown();

    expect(await alice.closed).toEqual({ code: 1000 });
    expect(cable.cable.connectionCount).toBe(0);
    expect(cable.pubsub.subscriberCount("accounts:acme:jobs")).toBe(0);
    await expect(connect("alice")).rejects.toThrow();
  });
});

async function waitUntil(condition: () => boolean, timeoutMs = 2_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}
