import { randomUUID } from "node:crypto";
import type { Express, RequestHandler } from "express";
import type { Logger } from "pino";
import { runInRequest, type RequestScope } from "#lib/logger.server.ts";

// One line per request, written when its answer has gone (or the client went away): id, method,
// path, status and milliseconds, never headers (cookies and tokens stay out of the logs). The
// server-time pings, health probes and static assets are too frequent to be worth a line each.

const QUIET = (url: string) => url === "/api/v1/server_time" || url === "/up" || url.startsWith("/assets/");

// A load balancer's id (a UUID, a trace id such as "Root=1-5f84c7a9-…") is kept so its logs and
// ours name the same request; anything else, or anything longer, could forge or bloat log lines.
const VALID_REQUEST_ID = /^[\w.:@=+/-]{1,128}$/;

export const REQUEST_ID_HEADER = "X-Request-Id";

/** The incoming X-Request-Id when it is a plausible id, else a new one. */
export function requestIdFrom(incoming: string | undefined): string {
  return incoming && VALID_REQUEST_ID.test(incoming) ? incoming : randomUUID();
}

// Turbo names each of its fetches (a UUID); a refresh broadcast caused by one names it back.
const TURBO_REQUEST_ID_HEADER = "X-Turbo-Request-Id";

/**
 * Gives every request an id (answered in X-Request-Id), `req.log` (made only when something logs,
 * tagged with the id) and a request scope, so code it calls (logger(), broadcasts) knows the id too.
 */
export function requestLog(app: Express, logger: Logger): RequestHandler {
  Object.defineProperty(app.request, "log", {
    configurable: true,
    get(this: Express["request"] & { logChild?: Logger }) {
      return (this.logChild ??= logger.child({ reqId: this.id }));
    },
  });
  return (req, res, next) => {
    req.id = requestIdFrom(req.get(REQUEST_ID_HEADER));
    res.setHeader(REQUEST_ID_HEADER, req.id);
    const turbo = req.get(TURBO_REQUEST_ID_HEADER);
    const scope: RequestScope = { id: req.id, get log() { return req.log; }, answered: false, turboRequestId: turbo && VALID_REQUEST_ID.test(turbo) ? turbo : undefined };
    res.once("close", () => (scope.answered = true));
    if (!QUIET(req.url) && logger.isLevelEnabled("info")) logWhenAnswered(req, res, logger);
    runInRequest(scope, next);
  };
}

function logWhenAnswered(req: Parameters<RequestHandler>[0], res: Parameters<RequestHandler>[1], logger: Logger): void {
  const started = performance.now();
  res.once("close", () => {
    const ms = Math.round(performance.now() - started);
    logger.info({ reqId: req.id, method: req.method, url: req.originalUrl, status: res.statusCode, ms }, res.writableFinished ? "request completed" : "request aborted");
  });
}
