import { once } from "node:events";
import http from "node:http";
import net from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { parseEnv } from "#lib/env.server.ts";
import { startServer, type RunningServer } from "#server/start.server.ts";
import { messagingWorld } from "../../support/messaging-fixtures.ts";
import { consumerFor, framesOf, installBrowserShims, recorder, signInOverHttp, streamSourcesOn, turbo, type Consumer } from "../cable/support/app-cable.ts";
import { capturedLogs, type LogLine } from "./support/captured-logs.ts";

// The real server shutting down while a client is half-way through sending a request, a browser
// holds a cable socket and another connection idles between requests.

let running: RunningServer;
let lines: LogLine[];
let removeShims: () => void;
const consumers: Consumer[] = [];

beforeAll(() => void (removeShims = installBrowserShims()));
afterAll(() => removeShims?.());
afterEach(() => consumers.splice(0).forEach((consumer) => consumer.disconnect()));

// Each test starts its own server before touching the database, and closes it.
async function start(): Promise<RunningServer> {
  const captured = capturedLogs();
  lines = captured.lines;
  running = await startServer(parseEnv({ ...process.env, PORT: "0", HOST: "127.0.0.1", SEED_DEMO_DATA: "false" }), captured.logger);
  return running;
}

type Answer = { status: number; headers: http.IncomingHttpHeaders; text: string };

/** A POST whose body is sent in two parts: resolves once the server has the request, with `finish` to send the rest. */
async function slowPost(url: string, headers: Record<string, string>, body: string) {
  const arrived = once(running.server, "request");
  const req = http.request(url, { method: "POST", headers: { ...headers, "content-length": String(Buffer.byteLength(body)) } });
  const answer = new Promise<Answer>((resolve, reject) => {
    req.on("error", reject);
    req.on("response", (res) => {
      let text = "";
      res.setEncoding("utf8").on("data", (chunk: string) => (text += chunk));
      res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, text }));
    });
  });
  req.write(body.slice(0, 8));
  await arrived;
  return { answer, finish: () => req.end(body.slice(8)) };
}

function connectTo(url: string): Promise<net.Socket> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname, () => resolve(socket));
    socket.on("error", reject);
  });
}

describe("closing the server", () => {
  it("finishes a request in flight, refuses new connections and tells cable clients to reconnect", { timeout: 30_000 }, async () => {
    const server = await start();
    const world = await messagingWorld();
    const [carrier, shipper] = await Promise.all([signInOverHttp(server.url, world.carrier.email), signInOverHttp(server.url, world.shipper.email)]);
    const [userStream] = await streamSourcesOn(server.url, "/messages", carrier);
    const live = recorder();
    const { consumer, url: cableUrl } = consumerFor(server.url, carrier.cookie);
    consumers.push(consumer);
    consumer.subscriptions.create(turbo(userStream!), live.mixin);
    await vi.waitFor(() => expect(live.events).toEqual(["connected"]));

    const form = new URLSearchParams({ _csrf: shipper.csrf, body: "Running 20 minutes late" }).toString();
    const headers = { cookie: shipper.cookie, accept: "text/vnd.turbo-stream.html", "content-type": "application/x-www-form-urlencoded" };
    const post = await slowPost(`${server.url}/loads/${world.load.id}/messages`, headers, form);
    const closed = server.close();

    await expect(connectTo(server.url)).rejects.toMatchObject({ code: "ECONNREFUSED" });
    await vi.waitFor(() => expect(framesOf(consumer, cableUrl)).toContainEqual({ type: "disconnect", reason: "server_restart", reconnect: true }));
    await vi.waitFor(() => expect(live.events).toEqual(["connected", "disconnected, will retry"]));

    post.finish();
    const answer = await post.answer;
    expect(answer.status).toBe(200);
    expect(answer.headers.connection).toBe("close");
    expect(answer.text).toContain("Running 20 minutes late");
    await closed;
  });

  it("closes idle keep-alive connections at once instead of waiting for their timeout", async () => {
    const server = await start();
    const socket = await connectTo(server.url);
    const ended = once(socket, "close");
    socket.write("GET /up HTTP/1.1\r\nHost: loadline.test\r\n\r\n");
    const [response] = (await once(socket, "data")) as [Buffer];
    expect(response.toString()).toMatch(/^HTTP\/1\.1 200 OK\r\n[\s\S]*Connection: keep-alive/i);

    const started = Date.now();
    await server.close();
    await ended;
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it("cuts off a request that outlasts the grace period, logs it, and still closes", async () => {
    const server = await start();
    const post = await slowPost(`${server.url}/session`, { "content-type": "application/x-www-form-urlencoded" }, "email=nobody%40example.com&password=never-sent");

    const started = Date.now();
    await server.close({ graceMs: 300 });
    expect(Date.now() - started).toBeLessThan(3_000);
    await expect(post.answer).rejects.toThrow(/socket hang up|ECONNRESET/);
    expect(lines).toContainEqual(expect.objectContaining({ level: 40, requests: 1, graceMs: 300, msg: "requests still running at shutdown were cut off" }));
  });
});
