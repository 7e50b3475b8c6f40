import type { RequestHandler } from "express";
import { csrfSync } from "csrf-sync";
import { HttpError } from "#lib/errors.server.ts";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export const { generateToken, csrfSynchronisedProtection } = csrfSync({
  // Forms post `_csrf`; Turbo and our fetches send the <meta name="csrf-token"> value as X-CSRF-Token.
  getTokenFromRequest: (req) => (req.headers["x-csrf-token"] as string | undefined) ?? (req.body as { _csrf?: string } | undefined)?._csrf,
  errorConfig: { statusCode: 403, message: "Invalid or missing CSRF token", code: "EBADCSRFTOKEN" },
});

/** Browsers say where a request came from; a cross-site state change is refused outright. */
export const refuseCrossSite: RequestHandler = (req, _res, next) => {
  if (!SAFE_METHODS.has(req.method) && req.headers["sec-fetch-site"] === "cross-site") {
    return next(new HttpError(403, "Cross-site requests are not allowed"));
  }
  next();
};

/** Lets plain HTML forms (and Turbo without JS) send PATCH/PUT/DELETE as POST + `_method`. */
export const methodOverride: RequestHandler = (req, _res, next) => {
  const override = (req.body as { _method?: unknown } | undefined)?._method;
  if (req.method === "POST" && typeof override === "string" && ["PATCH", "PUT", "DELETE"].includes(override.toUpperCase())) {
    req.method = override.toUpperCase();
  }
  next();
};
