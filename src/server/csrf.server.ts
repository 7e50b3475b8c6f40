import type { RequestHandler } from "express";
import { csrfSync } from "csrf-sync";
import { z } from "zod";
import { HttpError } from "#lib/errors.server.ts";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** The fields a form posts for the framework itself: its CSRF token and the method it stands for. */
const FormControlsSchema = z
  .object({ _csrf: z.string().max(4096).optional().catch(undefined), _method: z.string().max(10).optional().catch(undefined) })
  .catch({ _csrf: undefined, _method: undefined });
const formControls = (body: unknown) => FormControlsSchema.parse(body ?? {});
const headerToken = (value: string | string[] | undefined) => (typeof value === "string" ? value : undefined);

export const { generateToken, csrfSynchronisedProtection } = csrfSync({
  // Forms post `_csrf`; Turbo and our fetches send the <meta name="csrf-token"> value as X-CSRF-Token.
  getTokenFromRequest: (req) => headerToken(req.headers["x-csrf-token"]) ?? formControls(req.body)._csrf,
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
  if (req.method !== "POST") return next();
  const override = formControls(req.body)._method;
  if (typeof override === "string" && ["PATCH", "PUT", "DELETE"].includes(override.toUpperCase())) {
    req.method = override.toUpperCase();
  }
  next();
};
