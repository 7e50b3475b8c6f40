// Cable load check: holds N sockets on one Turbo stream and times K broadcasts to all of them.
//   npx tsx scripts/bench-cable.ts [N=1000] [K=50]
// The server runs in a child process so its memory is measured without the clients'.
import { fork, type ChildProcess } from "node:child_process";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { fileURLToPath } from "node:url";
import { WebSocket } from "ws";
import { createTurboStreamsChannel, TURBO_STREAMS_CHANNEL } from "#cable/channels/turbo-streams-channel.ts";
import { InProcessPubSub } from "#cable/pubsub.ts";
import { createCableServer } from "#cable/server.ts";
import { signStreamName } from "#cable/signed-stream-name.ts";

const SECRET = "bench-secret";
const STREAM = "accounts:bench:jobs";
const CONNECT_CONCURRENCY = 100;
const DELIVERY_TIMEOUT_MS = 10_000;
const OVERALL_TIMEOUT_MS = 180_000;

type Memory = NodeJS.MemoryUsage;
type ToServer = { type: "measure" } | { type: "broadcast"; seq: number } | { type: "stop" };
type FromServer =
  | { type: "ready"; port: number; memory: Memory }
  | { type: "measured"; memory: Memory; connections: number; streams: number }
  | { type: "broadcasted"; seq: number; fanoutMs: number };

const now = () => performance.timeOrigin + performance.now();

if (process.argv.includes("--server")) void runServer();
else void runBench(positiveInt(process.argv[2], 1000), positiveInt(process.argv[3], 50));

async function runServer(): Promise<void> {
  const http = createServer((_req, res) => res.writeHead(404).end());
  let nextId = 0;
  const cable = createCableServer({
    server: http,
    authenticate: async () => ({ id: ++nextId }),
    allowedOrigins: () => true,
    channels: { [TURBO_STREAMS_CHANNEL]: createTurboStreamsChannel({ secret: SECRET, authorize: () => true }) },
    pubsub: new InProcessPubSub(),
  });
  await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", 2048, resolve));
  const send = (message: FromServer) => process.send?.(message);
  send({ type: "ready", port: (http.address() as AddressInfo).port, memory: settledMemory() });
  process.on("message", (message: ToServer) => {
    if (message.type === "measure")
      send({ type: "measured", memory: settledMemory(), connections: cable.connectionCount, streams: cable.streamCount });
    if (message.type === "broadcast") {
      const sentAt = now();
      // The in-process adapter writes to every socket before this promise settles.
      void cable.broadcast(STREAM, turboStreamHtml(message.seq, sentAt)).then(() => {
        send({ type: "broadcasted", seq: message.seq, fanoutMs: now() - sentAt });
      });
    }
    if (message.type === "stop") void cable.shutdown().then(() => process.exit(0));
  });
  process.on("disconnect", () => process.exit(0));
}

function turboStreamHtml(seq: number, sentAt: number): string {
  return `<turbo-stream action="replace" target="bid_summary"><template><div id="bid_summary" data-seq="${seq}" data-sent="${sentAt}"><p>Lowest quote £1,234.00 from 7 carriers</p></div></template></turbo-stream>`;
}

function settledMemory(): Memory {
  const gc = (globalThis as { gc?: () => void }).gc;
  for (let i = 0; i < 3; i++) gc?.();
  return process.memoryUsage();
}

async function runBench(n: number, k: number): Promise<void> {
  const watchdog = setTimeout(() => fail(`gave up after ${OVERALL_TIMEOUT_MS / 1000} s`), OVERALL_TIMEOUT_MS);
  const child = fork(fileURLToPath(import.meta.url), ["--server"], { execArgv: ["--expose-gc", "--import", "tsx"] });
  const fail = (why: string) => {
    console.error(`bench-cable: ${why}`);
    child.kill();
    process.exit(1);
  };
  const ready = await nextMessage(child, "ready");
  const url = `ws://127.0.0.1:${ready.port}/cable`;
  const identifier = JSON.stringify({ channel: TURBO_STREAMS_CHANNEL, signed_stream_name: signStreamName(STREAM, SECRET) });
  const deliveries = new Map<number, Delivery>();

  const started = Date.now();
  const sockets: WebSocket[] = [];
  for (let i = 0; i < n; i += CONNECT_CONCURRENCY) {
    const batch = Array.from({ length: Math.min(CONNECT_CONCURRENCY, n - i) }, () => openSubscribed(url, identifier, deliveries));
    sockets.push(...(await Promise.all(batch)));
  }
  const connectSeconds = (Date.now() - started) / 1000;
  await sleep(3_500); // at least one heartbeat round to every socket
  const held = await measure(child);

  const latencies: number[] = [];
  const fanouts: number[] = [];
  child.on("message", (message: FromServer) => void (message.type === "broadcasted" && fanouts.push(message.fanoutMs)));
  for (let seq = 1; seq <= k; seq++) {
    const allReceived = new Promise<number>((resolve) => deliveries.set(seq, { count: 0, expected: n, done: resolve }));
    child.send({ type: "broadcast", seq } satisfies ToServer);
    const finished = await Promise.race([allReceived, sleep(DELIVERY_TIMEOUT_MS).then(() => null)]);
    if (finished === null) fail(`broadcast ${seq} reached ${deliveries.get(seq)?.count} of ${n} sockets in ${DELIVERY_TIMEOUT_MS} ms`);
    latencies.push(finished as number);
    await sleep(20);
  }
  const afterBroadcasts = await measure(child);

  const base = ready.memory;
  const perConnection = (m: Memory, key: keyof Memory) => `${((m[key] - base[key]) / n / 1024).toFixed(1)} KiB`;
  console.log(`connections held by the server: ${held.connections} of ${n} (opened in ${connectSeconds.toFixed(1)} s), streams: ${held.streams}`);
  for (const [label, m] of [["after connect", held.memory], ["after broadcasts", afterBroadcasts.memory]] as const) {
    console.log(
      `server memory per connection ${label}: rss ${perConnection(m, "rss")}, heapUsed ${perConnection(m, "heapUsed")}, external ${perConnection(m, "external")}` +
        ` (rss ${(base.rss / 2 ** 20).toFixed(0)} → ${(m.rss / 2 ** 20).toFixed(0)} MiB)`,
    );
  }
  console.log(
    `broadcast delivered to all ${n} sockets (${k} broadcasts): median ${percentile(latencies, 50).toFixed(1)} ms, p95 ${percentile(latencies, 95).toFixed(1)} ms, max ${Math.max(...latencies).toFixed(1)} ms`,
  );
  console.log(
    `of which the server's fan-out (writing to every socket): median ${percentile(fanouts, 50).toFixed(1)} ms, p95 ${percentile(fanouts, 95).toFixed(1)} ms; the rest is the kernel and the clients, which share this machine`,
  );

  for (const socket of sockets) socket.terminate();
  child.send({ type: "stop" } satisfies ToServer);
  await new Promise((resolve) => child.once("exit", resolve));
  clearTimeout(watchdog);
}

/** Counts arrivals of one broadcast; `done` gets milliseconds from broadcast to the last arrival. */
interface Delivery {
  count: number;
  expected: number;
  done(latencyMs: number): void;
}

function openSubscribed(url: string, identifier: string, deliveries: Map<number, Delivery>): Promise<WebSocket> {
  const ws = new WebSocket(url, ["actioncable-v1-json"], { origin: "http://bench.test", perMessageDeflate: false });
  return new Promise((resolve, reject) => {
    ws.once("error", reject);
    ws.on("open", () => ws.send(JSON.stringify({ command: "subscribe", identifier })));
    ws.on("message", (data) => {
      const text = String(data);
      if (text.includes('"confirm_subscription"')) return resolve(ws);
      const match = /data-seq=\\"(\d+)\\" data-sent=\\"([\d.]+)\\"/.exec(text);
      const delivery = match && deliveries.get(Number(match[1]));
      if (delivery && ++delivery.count === delivery.expected) delivery.done(now() - Number(match[2]));
    });
  });
}

async function measure(child: ChildProcess): Promise<Extract<FromServer, { type: "measured" }>> {
  child.send({ type: "measure" } satisfies ToServer);
  return nextMessage(child, "measured");
}

function nextMessage<T extends FromServer["type"]>(child: ChildProcess, type: T): Promise<Extract<FromServer, { type: T }>> {
  return new Promise((resolve) => {
    const listener = (message: FromServer) => {
      if (message.type !== type) return;
      child.off("message", listener);
      resolve(message as Extract<FromServer, { type: T }>);
    };
    child.on("message", listener);
  });
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

function positiveInt(arg: string | undefined, fallback: number): number {
  const value = Number(arg);
  return Number.isInteger(value) && value > 0 ? value : fallback;
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
