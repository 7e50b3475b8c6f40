import type { RequestHandler } from "express";
import { Problem } from "#server/api/problem.server.ts";

// The API reads JSON only: any other body is refused (415) before it is read; a JSON body that is
// not an object (an array, a number) is refused once read, by the endpoint's schema (422).

const hasBody = (headers: Record<string, unknown>) => Number(headers["content-length"] ?? 0) > 0 || headers["transfer-encoding"] !== undefined;

export const refuseOtherBodies: RequestHandler = (req, _res, next) => {
  if (hasBody(req.headers) && !req.is("application/json")) return next(new Problem(415, "Send the body as JSON with Content-Type: application/json"));
  next();
};
