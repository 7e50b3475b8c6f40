import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { WebSocket } from "ws";
import type { ChannelDefinition } from "#cable/channel.ts";
import { createTurboStreamsChannel, TURBO_STREAMS_CHANNEL } from "#cable/channels/turbo-streams-channel.ts";
import type { CableLogger } from "#cable/logger.ts";
import { CABLE_PROTOCOL, UNSUPPORTED_PROTOCOL } from "#cable/protocol.ts";
import { InProcessPubSub } from "#cable/pubsub.ts";
import { createCableServer, type CableServer, type CableServerOptions } from "#cable/server.ts";

export const ORIGIN = "http://app.test";
export const SECRET = "test-turbo-secret";

export interface TestUser {
  id: string;
  account: string;
}

export const users: Record<string, TestUser> = {
  alice: { id: "u-alice", account: "acme" },
  bob: { id: "u-bob", account: "northstar" },
};

/** The app will allow only streams of the user's own account; the tests do the same. */
export const authorizeOwnAccount = (user: TestUser, streamName: string) => streamName.startsWith(`accounts:${user.account}:`);

export interface LogEntry {
  level: keyof CableLogger;
  message: string;
  details: Record<string, unknown>;
}

export function captureLogger(): CableLogger & { entries: LogEntry[] } {
  const entries: LogEntry[] = [];
  const at = (level: keyof CableLogger) => (details: Record<string, unknown>, message: string) => {
    entries.push({ level, message, details });
  };
  return { entries, debug: at("debug"), info: at("info"), warn: at("warn"), error: at("error") };
}

/** Echoes `perform`ed data back to the sender and records lifecycle calls. */
export function echoChannel(calls: string[]): ChannelDefinition<TestUser> {
  return {
    subscribed: (ctx) => void calls.push(`subscribed ${ctx.user.id}`),
    received: (ctx, data) => ctx.transmit({ echo: data }),
    unsubscribed: (ctx) => void calls.push(`unsubscribed ${ctx.user.id}`),
  };
}

export interface TestCable {
  url: string;
  http: Server;
  cable: CableServer;
  pubsub: InProcessPubSub;
  logger: ReturnType<typeof captureLogger>;
  authenticated: (string | null)[];
  channelCalls: string[];
  close(): Promise<void>;
}

/** `?as=alice` or a `session=alice` cookie authenticates; anything else is refused. */
function userFrom(req: IncomingMessage): TestUser | null {
  const query = new URL(req.url ?? "/", "http://x").searchParams.get("as");
  const cookie = /(?:^|;\s*)session=([^;]+)/.exec(req.headers.cookie ?? "")?.[1];
  return users[query ?? cookie ?? ""] ?? null;
}

export async function startCable(overrides: Partial<CableServerOptions<TestUser>> = {}): Promise<TestCable> {
  const http = createServer((_req, res) => res.writeHead(404).end());
  const pubsub = new InProcessPubSub();
  const logger = captureLogger();
  const authenticated: (string | null)[] = [];
  const channelCalls: string[] = [];
  const cable = createCableServer<TestUser>({
    server: http,
    authenticate: async (req) => {
      const user = userFrom(req);
      authenticated.push(user?.id ?? null);
      return user;
    },
    allowedOrigins: (origin) => origin === ORIGIN,
    channels: {
      [TURBO_STREAMS_CHANNEL]: createTurboStreamsChannel({ secret: SECRET, authorize: authorizeOwnAccount }),
      EchoChannel: echoChannel(channelCalls),
    },
    pubsub,
    pingIntervalMs: 100,
    logger,
    ...overrides,
  });
  await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve));
  const { port } = http.address() as AddressInfo;
  return {
    url: `ws://127.0.0.1:${port}/cable`,
    http,
    cable,
    pubsub,
    logger,
    authenticated,
    channelCalls,
    async close() {
      await cable.shutdown();
      http.closeAllConnections();
      await new Promise((resolve) => http.close(resolve));
    },
  };
}

export interface Frame {
  type?: string;
  identifier?: string;
  message?: unknown;
  reason?: string;
  reconnect?: boolean;
}

/** A bare ws client that records every frame, for checking the wire format itself. */
export class RawClient {
  readonly frames: Frame[] = [];
  readonly texts: string[] = [];
  readonly closed: Promise<{ code: number }>;

  private constructor(readonly ws: WebSocket) {
    ws.on("message", (data) => {
      const text = String(data);
      this.texts.push(text);
      this.frames.push(JSON.parse(text) as Frame);
    });
    this.closed = new Promise((resolve) => ws.on("close", (code) => resolve({ code })));
  }

  static connect(url: string, options: { origin?: string; cookie?: string; protocols?: string[] } = {}): Promise<RawClient> {
    const { origin = ORIGIN, cookie, protocols = [CABLE_PROTOCOL, UNSUPPORTED_PROTOCOL] } = options;
    const ws = new WebSocket(url, protocols, { origin, headers: cookie ? { cookie } : {} });
    const client = new RawClient(ws);
    return new Promise((resolve, reject) => {
      ws.once("open", () => resolve(client));
      ws.once("unexpected-response", (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)));
      ws.once("error", reject);
    });
  }

  send(frame: string | object): void {
    this.ws.send(typeof frame === "string" ? frame : JSON.stringify(frame));
  }

  subscribe(identifier: string): void {
    this.send({ command: "subscribe", identifier });
  }

  async waitFor(predicate: (frame: Frame) => boolean, timeoutMs = 2_000): Promise<Frame> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.frames.find(predicate);
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`no matching frame; got ${this.texts.join("\n")}`);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  }

  count(predicate: (frame: Frame) => boolean): number {
    return this.frames.filter(predicate).length;
  }

  close(): void {
    this.ws.terminate();
  }
}

export const turboIdentifier = (signedStreamName: string) =>
  JSON.stringify({ channel: TURBO_STREAMS_CHANNEL, signed_stream_name: signedStreamName });

export const isReply = (identifier: string, type: "confirm_subscription" | "reject_subscription") => (frame: Frame) =>
  frame.identifier === identifier && frame.type === type;

export const isMessageFor = (identifier: string) => (frame: Frame) => frame.identifier === identifier && "message" in frame;
