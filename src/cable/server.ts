import { STATUS_CODES, type IncomingMessage, type Server } from "node:http";
import type { Duplex } from "node:stream";
import { WebSocketServer, type WebSocket } from "ws";
import type { CableUser, ChannelDefinition } from "./channel.ts";
import { CableConnection, type ConnectionHost } from "./connection.ts";
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
  const { server, path = "/cable", authenticate, allowedOrigins, channels, pubsub } = options;
  const logger = options.logger ?? defaultCableLogger;
  const maxBufferedBytes = options.maxBufferedBytes ?? 4 * 1024 * 1024;
  const wss = new WebSocketServer({
    noServer: true,
    clientTracking: false,
    perMessageDeflate: false,
    maxPayload: options.maxPayloadBytes ?? 64 * 1024,
    handleProtocols: (offered) => chooseProtocol(offered),
  });
  const connections = new Set<CableConnection<U>>();
  const byUser = new Map<string, Set<CableConnection<U>>>();
  const fanout = new StreamFanout(pubsub, logger);
  let accepting = true;

  const host: ConnectionHost<U> = {
    channels,
    fanout,
    logger,
    maxSubscriptions: options.maxSubscriptionsPerConnection ?? 100,
    forget(connection) {
      connections.delete(connection);
      for (const key of keysOf(connection.user)) {
        const mine = byUser.get(key);
        mine?.delete(connection);
        if (mine?.size === 0) byUser.delete(key);
      }
    },
  };

  const internal: Promise<Unsubscribe | null> = pubsub.subscribe(INTERNAL_STREAM, onInternalMessage).catch((err: unknown) => {
    logger.error({ err }, "cable internal subscription failed; disconnectUser will not work");
    return null;
  });

  function onInternalMessage(message: unknown): void {
    if (typeof message !== "object" || message === null) return;
    const { type, userId, reconnect } = message as Record<string, unknown>;
    if (type !== "disconnect" || typeof userId !== "string") return;
    for (const connection of [...(byUser.get(userId) ?? [])]) connection.disconnect("remote", reconnect !== false);
  }

  function onUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void {
    if (pathnameOf(req.url) !== path) {
      if (server.listenerCount("upgrade") === 1) refuseHandshake(socket, 404);
      return;
    }
    handshake(req, socket, head).catch((err: unknown) => {
      logger.error({ err }, "cable handshake failed");
      refuseHandshake(socket, 500);
    });
  }

  async function handshake(req: IncomingMessage, socket: Duplex, head: Buffer): Promise<void> {
    socket.on("error", ignoreSocketError);
    if (!accepting) return refuseHandshake(socket, 503);
    if (!allowedOrigins(req.headers.origin, req)) {
      logger.warn({ origin: req.headers.origin }, "cable refused: origin not allowed");
      return refuseHandshake(socket, 403);
    }
    const user = await authenticate(req);
    if (socket.destroyed) return;
    wss.handleUpgrade(req, socket, head, (ws) => {
      socket.off("error", ignoreSocketError);
      if (user && accepting) return accept(ws, user);
      ws.on("error", ignoreSocketError);
      ws.send(disconnectFrame(user ? "server_restart" : "unauthorized", Boolean(user)));
      ws.close(1000);
    });
  }

  function accept(ws: WebSocket, user: U): void {
    const connection = new CableConnection(ws, user, host);
    connections.add(connection);
    for (const key of keysOf(user)) {
      let mine = byUser.get(key);
      if (!mine) byUser.set(key, (mine = new Set()));
      mine.add(connection);
    }
  }

  // One timer for all sockets, as Rails' heartbeat: a single frame buffer written to each.
  const pinger = setInterval(() => {
    const frame = Buffer.from(pingFrame(Date.now()));
    for (const connection of connections) {
      if (connection.ws.bufferedAmount > maxBufferedBytes) {
        logger.warn({ userId: connection.user.id, buffered: connection.ws.bufferedAmount }, "dropping slow cable client");
        connection.ws.terminate();
      } else connection.send(frame);
    }
  }, options.pingIntervalMs ?? 3_000);
  pinger.unref();

  function restart(): void {
    for (const connection of connections) connection.disconnect("server_restart", true);
  }

  async function shutdown(): Promise<void> {
    accepting = false;
    server.off("upgrade", onUpgrade);
    clearInterval(pinger);
    restart();
    await waitForSockets(connections, SHUTDOWN_GRACE_MS);
    await (await internal)?.();
    await fanout.closeAll();
  }

  server.on("upgrade", onUpgrade);

  return {
    broadcast: (stream, message) => pubsub.broadcast(stream, message),
    async disconnectUser(userId, { reconnect = true } = {}) {
      await internal;
      // Closing sockets follows ending the sessions, which is what ends access (a socket that comes
      // back must authenticate again): a pub/sub outage is logged, never turned into a failed sign-out.
      await pubsub.broadcast(INTERNAL_STREAM, { type: "disconnect", userId: String(userId), reconnect }).catch((err: unknown) => {
        logger.error({ err, userId: String(userId) }, "could not tell the cable servers to close a user's sockets");
      });
    },
    restart,
    shutdown,
    get connectionCount() {
      return connections.size;
    },
    get streamCount() {
      return fanout.streamCount;
    },
  };
}

/** The people a socket belongs to: its user, and whoever is acting as them. */
function keysOf(user: CableUser): string[] {
  return user.actingId === undefined ? [String(user.id)] : [String(user.id), String(user.actingId)];
}

function pathnameOf(url: string | undefined): string {
  const end = url?.indexOf("?") ?? -1;
  return end === -1 ? (url ?? "") : (url ?? "").slice(0, end);
}

function refuseHandshake(socket: Duplex, status: number): void {
  if (socket.destroyed) return;
  const body = STATUS_CODES[status] ?? "Error";
  socket.once("finish", () => socket.destroy());
  socket.end(
    `HTTP/1.1 ${status} ${body}\r\nConnection: close\r\nContent-Type: text/plain\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  );
}

function ignoreSocketError(): void {}

async function waitForSockets<U extends CableUser>(connections: Set<CableConnection<U>>, graceMs: number): Promise<void> {
  const deadline = Date.now() + graceMs;
  while (connections.size > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
  for (const connection of connections) connection.ws.terminate();
}
