import type { IncomingMessage, Server } from "node:http";
import type { Request, RequestHandler, Response } from "express";
import type { Logger } from "pino";
import { createTurboStreamsChannel, TURBO_STREAMS_CHANNEL } from "#cable/channels/turbo-streams-channel.ts";
import type { CableLogger } from "#cable/logger.ts";
import { InProcessPubSub, type PubSubAdapter } from "#cable/pubsub.ts";
import { RedisPubSub } from "#cable/redis-pubsub.ts";
import { createCableServer, type CableServer } from "#cable/server.ts";
import { carryingRequestIds, useCable } from "#lib/broadcast.server.ts";
import { streamSecret } from "#lib/turbo.server.ts";
import { useSecretKeyBase } from "#lib/secrets.server.ts";
import { canFollowStream } from "#server/stream-access.server.ts";
import { findUserWithAccount, type CurrentUser } from "#models/users.server.ts";
import type { Env } from "#lib/env.server.ts";

export type CableOptions = { server: Server; sessionParser: RequestHandler; env: Env; logger: Logger };
export type AppCable = { cable: CableServer; close(): Promise<void> };

/** The ActionCable endpoint on the app's HTTP server (ActionCable protocol, see docs/cable.md), and the app-wide handle models broadcast through. */
export function attachCable({ server, sessionParser, env, logger }: CableOptions): AppCable {
  useSecretKeyBase(env.SESSION_SECRET);
  const log = cableLogger(logger.child({ component: "cable" }));
  const pubsub = carryingRequestIds(pubSubFor(env, log), log);
  const extraOrigins = new Set(env.APP_ORIGIN ? [new URL(env.APP_ORIGIN).origin] : []);
  const cable = createCableServer<CableSessionUser>({
    server,
    path: "/cable",
    authenticate: (req) => userFromSession(req, sessionParser),
    allowedOrigins: (origin, req) => isAllowedOrigin(origin, req.headers.host, extraOrigins),
    channels: { [TURBO_STREAMS_CHANNEL]: createTurboStreamsChannel<CableSessionUser>({ secret: streamSecret(), authorize: canFollowStream }) },
    pubsub,
    logger: log,
  });
  useCable(cable);
  return {
    cable,
    async close() {
      useCable(null);
      await cable.shutdown();
      await pubsub.shutdown();
    },
  };
}

/** Through Redis when the app has one, so a broadcast from any process reaches sockets on every process; else within this process. */
function pubSubFor(env: Env, logger: CableLogger): PubSubAdapter {
  return env.REDIS_URL ? new RedisPubSub(env.REDIS_URL, logger) : new InProcessPubSub(logger);
}

/** A socket's user, and the support user acting as them (whose sign-out must close it too). */
type CableSessionUser = CurrentUser & { actingId?: number | undefined };

/** The signed-in user of an upgrade request, read through the app's own session middleware (impersonation included). */
async function userFromSession(req: IncomingMessage, sessionParser: RequestHandler): Promise<CableSessionUser | null> {
  const request = req as Request;
  await new Promise<void>((resolve, reject) => {
    void sessionParser(request, {} as Response, (err?: unknown) => (err ? reject(err instanceof Error ? err : new Error(String(err))) : resolve()));
  });
  const { userId, impersonatorId } = request.session ?? {};
  const user = userId ? await findUserWithAccount(userId) : null;
  return user && { ...user, actingId: impersonatorId };
}

/** Same host as the page that opened the socket, or the configured public origin (behind a proxy). */
export function isAllowedOrigin(origin: string | undefined, host: string | undefined, extra: ReadonlySet<string>): boolean {
  if (!origin) return false;
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  if (extra.has(url.origin)) return true;
  if ((url.protocol !== "http:" && url.protocol !== "https:") || !host) return false;
  try {
    return new URL(`${url.protocol}//${host}`).host === url.host;
  } catch {
    return false;
  }
}

function cableLogger(logger: Logger): CableLogger {
  return {
    debug: (details, message) => logger.debug(details, message),
    info: (details, message) => logger.info(details, message),
    warn: (details, message) => logger.warn(details, message),
    error: (details, message) => logger.error(details, message),
  };
}
