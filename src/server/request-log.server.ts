import type { Express, RequestHandler } from "express";
import type { Logger } from "pino";

// One line per request, written when its answer has gone (or the client went away): method, path,
// status and milliseconds, never headers (cookies and tokens stay out of the logs). The server-time
// pings and static assets are too frequent to be worth a line each.

const QUIET = (url: string) => url === "/api/v1/server_time" || url.startsWith("/assets/");
let lastId = 0;

/** Gives every request an id and `req.log` (made only when something logs, tagged with the id). */
export function requestLog(app: Express, logger: Logger): RequestHandler {
  Object.defineProperty(app.request, "log", {
    configurable: true,
    get(this: Express["request"] & { logChild?: Logger }) {
      return (this.logChild ??= logger.child({ reqId: this.id }));
    },
  });
  return (req, res, next) => {
    req.id = ++lastId;
    if (QUIET(req.url) || !logger.isLevelEnabled("info")) return next();
    const started = performance.now();
    res.once("close", () => {
      const ms = Math.round(performance.now() - started);
      logger.info({ reqId: req.id, method: req.method, url: req.originalUrl, status: res.statusCode, ms }, res.writableFinished ? "request completed" : "request aborted");
    });
    next();
  };
}
