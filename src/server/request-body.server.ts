import type { RequestHandler } from "express";
import { HttpError } from "#lib/errors.server.ts";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
const FORM_TYPES = ["application/x-www-form-urlencoded", "application/json"];

const hasBody = (headers: Record<string, unknown>) => Number(headers["content-length"] ?? 0) > 0 || headers["transfer-encoding"] !== undefined;

/**
 * Writes carry a form or JSON, or nothing at all. Any other body (text, XML, multipart) is refused
 * with 415 before anything reads it, and a write without a body reads as an empty form, so no
 * handler ever meets an undefined `req.body`.
 */
export const formOrJsonBodies: RequestHandler = (req, _res, next) => {
  if (SAFE_METHODS.has(req.method)) return next();
  if (hasBody(req.headers) && !req.is(FORM_TYPES)) return next(new HttpError(415, "Send a form or JSON"));
  req.body ??= {};
  next();
};
