import type { RequestHandler } from "express";
import { HttpError } from "#lib/errors.server.ts";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
const FORM_TYPES = ["application/x-www-form-urlencoded", "application/json"];

const hasBody = (headers: Record<string, unknown>) => Number(headers["content-length"] ?? 0) > 0 || headers["transfer-encoding"] !== undefined;

/**
 * Writes carry a form or a JSON object, or nothing at all. Any other body (text, XML, multipart) is
 * refused with 415 before anything reads it, JSON that is not an object (an array) with 422, and a
 * write without a body reads as an empty form, so every handler meets a plain object in `req.body`.
 */
export const formOrJsonBodies: RequestHandler = (req, _res, next) => {
  if (SAFE_METHODS.has(req.method)) return next();
  if (hasBody(req.headers) && !req.is(FORM_TYPES)) return next(new HttpError(415, "Send a form or JSON"));
  req.body ??= {};
  if (typeof req.body !== "object" || Array.isArray(req.body)) return next(new HttpError(422, "Send a JSON object"));
  next();
};
