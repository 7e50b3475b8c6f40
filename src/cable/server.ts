import { STATUS_CODES, type IncomingMessage, type Server } from "node:http";
import type { Duplex } from "node:stream";
import { WebSocketServer, type WebSocket } from "ws";
import type { CableUser, ChannelDefinition } from "./channel.ts";
import { CableConnection, type ConnectionHost } from "./connection.ts";
import { ConnectionRegistry } from "./connection-registry.ts";
import { defaultCableLogger, type CableLogger } from "./logger.ts";
import { chooseProtocol, disconnectFrame, pingFrame } from "./protocol.ts";
import type { PubSubAdapter, Unsubscribe } from "./pubsub.ts";
import { StreamFanout } from "./stream-fanout.ts";

export interface CableServerOptions<U extends CableUser> {
  server: Server;
  path?: string;
  /** The user for this upgrade request (e.g. from the session cookie), or null to refuse it. */
  authenticate(req: IncomingMessage): Promise<U | null>;
  allowedOrigins(origin: string | undefined, req: IncomingMessage): boolean;
  channels: Readonly<Record<string, ChannelDefinition<U>>>;
  pubsub: PubSubAdapter;
  pingIntervalMs?: number;
  logger?: CableLogger;
  /** Largest client frame accepted; ActionCable commands are tiny. */
  maxPayloadBytes?: number;
  maxSubscriptionsPerConnection?: number;
  /** A socket that stops reading is dropped once this much is queued for it. */
  maxBufferedBytes?: number;
}

export interface CableServer {
  broadcast(stream: string, message: unknown): Promise<void>;
  /** Closes every socket of this user on every server (Rails: remote_connections.where(...).disconnect). */
  disconnectUser(userId: string | number, options?: { reconnect?: boolean }): Promise<void>;
  /** Tells every client to reconnect (reason "server_restart") and closes its socket; keeps serving. */
  restart(): void;
  /** restart(), then stops taking upgrades; resolves when every socket has closed. The pubsub stays with its owner. */
  shutdown(): Promise<void>;
  readonly connectionCount: number;
  readonly streamCount: number;
}

const INTERNAL_STREAM = "_action_cable/internal";
const SHUTDOWN_GRACE_MS = 2_000;

export function createCableServer<U extends CableUser>(options: CableServerOptions<U>): CableServer {
  return new NodeCableServer(options);
}

/**
 * The sockets of one HTTP server (Rails: ActionCable.server): takes upgrades on its path, keeps the
 * connections by user, pings them all from one timer and hears "disconnect" orders from every server.
 */
class NodeCableServer<U extends CableUser> implements CableServer {
  private readonly options: CableServerOptions<U>;
  private readonly logger: CableLogger;
  private readonly wss: WebSocketServer;
  private readonly connections = new ConnectionRegistry<CableConnection<U>>();
  private readonly fanout: StreamFanout;
  private readonly host: ConnectionHost<U>;
  private readonly internal: Promise<Unsubscribe | null>;
  private readonly pinger: NodeJS.Timeout;
  private readonly onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer) => this.upgrade(req, socket, head);
  private accepting = true;

  constructor(options: CableServerOptions<U>) {
    this.options = options;
    this.logger = options.logger ?? defaultCableLogger;
    this.wss = socketServer(options.maxPayloadBytes ?? 64 * 1024);
    this.fanout = new StreamFanout(options.pubsub, this.logger);
    this.host = {
      channels: options.channels,
      fanout: this.fanout,
      logger: this.logger,
      maxSubscriptions: options.maxSubscriptionsPerConnection ?? 100,
      forget: (connection) => this.connections.delete(connection),
    };
    this.internal = this.hearInternalMessages();
    this.pinger = this.startPinging(options.pingIntervalMs ?? 3_000, options.maxBufferedBytes ?? 4 * 1024 * 1024);
    options.server.on("upgrade", this.onUpgrade);
  }

  broadcast(stream: string, message: unknown): Promise<void> {
    return this.options.pubsub.broadcast(stream, message);
  }

  async disconnectUser(userId: string | number, { reconnect = true }: { reconnect?: boolean } = {}): Promise<void> {
    await this.internal;
    // Closing sockets follows ending the sessions, which is what ends access (a socket that comes
    // back must authenticate again): a pub/sub outage is logged, never turned into a failed sign-out.
    const order = { type: "disconnect", userId: String(userId), reconnect };
    await this.options.pubsub.broadcast(INTERNAL_STREAM, order).catch((err: unknown) => {
      this.logger.error({ err, userId: String(userId) }, "could not tell the cable servers to close a user's sockets");
    });
  }

  restart(): void {
    for (const connection of this.connections) connection.disconnect("server_restart", true);
  }

  async shutdown(): Promise<void> {
    this.accepting = false;
    this.options.server.off("upgrade", this.onUpgrade);
    clearInterval(this.pinger);
    this.restart();
    await waitForSockets(this.connections, SHUTDOWN_GRACE_MS);
    await (await this.internal)?.();
    await this.fanout.closeAll();
  }

  get connectionCount(): number {
    return this.connections.size;
  }

  get streamCount(): number {
    return this.fanout.streamCount;
  }

  /** Orders sent to every server through the pub/sub: "disconnect" closes a user's sockets. */
  private hearInternalMessages(): Promise<Unsubscribe | null> {
    const heard = (message: unknown) => this.onInternalMessage(message);
    return this.options.pubsub.subscribe(INTERNAL_STREAM, heard).catch((err: unknown) => {
      this.logger.error({ err }, "cable internal subscription failed; disconnectUser will not work");
      return null;
    });
  }

  private onInternalMessage(message: unknown): void {
    if (typeof message !== "object" || message === null) return;
    const { type, userId, reconnect } = message as Record<string, unknown>;
    if (type !== "disconnect" || typeof userId !== "string") return;
    for (const connection of this.connections.ofUser(userId)) connection.disconnect("remote", reconnect !== false);
  }

  private upgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void {
    const { server, path = "/cable" } = this.options;
    if (pathnameOf(req.url) !== path) {
      if (server.listenerCount("upgrade") === 1) refuseHandshake(socket, 404);
      return;
    }
    this.handshake(req, socket, head).catch((err: unknown) => {
      this.logger.error({ err }, "cable handshake failed");
      refuseHandshake(socket, 500);
    });
  }

  private async handshake(req: IncomingMessage, socket: Duplex, head: Buffer): Promise<void> {
    socket.on("error", ignoreSocketError);
    if (!this.accepting) return refuseHandshake(socket, 503);
    if (!this.options.allowedOrigins(req.headers.origin, req)) {
      this.logger.warn({ origin: req.headers.origin }, "cable refused: origin not allowed");
      return refuseHandshake(socket, 403);
    }
    const user = await this.options.authenticate(req);
    if (socket.destroyed) return;
    this.wss.handleUpgrade(req, socket, head, (ws) => {
      socket.off("error", ignoreSocketError);
      if (user && this.accepting) return this.accept(ws, user);
      ws.on("error", ignoreSocketError);
      ws.send(disconnectFrame(user ? "server_restart" : "unauthorized", Boolean(user)));
      ws.close(1000);
    });
  }

  private accept(ws: WebSocket, user: U): void {
    this.connections.add(new CableConnection(ws, user, this.host));
  }

  // One timer for all sockets, as Rails' heartbeat: a single frame buffer written to each.
  private startPinging(everyMs: number, maxBufferedBytes: number): NodeJS.Timeout {
    const pinger = setInterval(() => this.ping(maxBufferedBytes), everyMs);
    pinger.unref();
    return pinger;
  }

  private ping(maxBufferedBytes: number): void {
    const frame = Buffer.from(pingFrame(Date.now()));
    for (const connection of this.connections) {
      if (connection.ws.bufferedAmount > maxBufferedBytes) {
        const details = { userId: connection.user.id, buffered: connection.ws.bufferedAmount };
        this.logger.warn(details, "dropping slow cable client");
        connection.ws.terminate();
      } else connection.send(frame);
    }
  }
}

function socketServer(maxPayload: number): WebSocketServer {
  return new WebSocketServer({
    noServer: true,
    clientTracking: false,
    perMessageDeflate: false,
    maxPayload,
    handleProtocols: (offered) => chooseProtocol(offered),
  });
}

function pathnameOf(url: string | undefined): string {
  const end = url?.indexOf("?") ?? -1;
  return end === -1 ? (url ?? "") : (url ?? "").slice(0, end);
}

function refuseHandshake(socket: Duplex, status: number): void {
  if (socket.destroyed) return;
  const body = STATUS_CODES[status] ?? "Error";
  socket.once("finish", () => socket.destroy());
  const headers = `Connection: close\r\nContent-Type: text/plain\r\nContent-Length: ${Buffer.byteLength(body)}`;
  socket.end(`HTTP/1.1 ${status} ${body}\r\n${headers}\r\n\r\n${body}`);
}

function ignoreSocketError(): void {}

async function waitForSockets(connections: ConnectionRegistry<CableConnection<CableUser>>, graceMs: number): Promise<void> {
  const deadline = Date.now() + graceMs;
  while (connections.size > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
  for (const connection of connections) connection.ws.terminate();
}
