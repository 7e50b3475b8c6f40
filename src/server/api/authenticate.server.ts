import type { Request, RequestHandler, Response } from "express";
import { missingScope, type ApiScope } from "#domain/api/scopes.ts";
import { callerOf, type ApiCaller } from "#models/api-keys.server.ts";
import { Problem } from "#server/api/problem.server.ts";

// `Authorization: Bearer ll_live_…` is the only permission the API knows: no cookie is read and no
// CSRF token asked for, since a browser never sends a key by itself.

const CHALLENGE = 'Bearer realm="Loadline API"';
const BEARER = /^Bearer[ ]+(\S+)\s*$/i;

function unauthorized(detail: string, error?: "invalid_token"): Problem {
  return new Problem(401, detail, [], { "WWW-Authenticate": error ? `${CHALLENGE}, error="${error}"` : CHALLENGE });
}

/** Finds the key's holder (res.locals.caller) or refuses with 401; logs each call with the key's name. */
export function authenticate(): RequestHandler {
  return async (req, res, next) => {
    const header = req.get("authorization");
    if (!header) return next(unauthorized("Send your API key as Authorization: Bearer <key>"));
    const secret = BEARER.exec(header)?.[1];
    const caller = secret ? await callerOf(secret) : null;
    if (!caller) return next(unauthorized("This API key is unknown, revoked or expired", "invalid_token"));
    res.locals.caller = caller;
    noteCall(req, res, caller);
    next();
  };
}

/**
 * The audit trail of API calls: one log line per call naming the key, its holder, the call and the
 * answer. A line, not an AuditLog row: a row per call would double the database writes of every
 * read, and the log is where request lines already go (with the request id to join them).
 */
function noteCall(req: Request, res: Response, caller: ApiCaller): void {
  const started = Date.now();
  res.on("finish", () => {
    req.log?.info(
      {
        audit: "api.call", apiKeyId: caller.key.id, apiKeyName: caller.key.name, userId: caller.user.id, accountId: caller.user.accountId,
        method: req.method, path: `${req.baseUrl}${req.path}`, status: res.statusCode, ms: Date.now() - started,
      },
      "API call",
    );
  });
}

export const callerIn = (res: Response): ApiCaller => res.locals.caller as ApiCaller;

/** 403, naming the scope, unless the key holds it. */
export function requireScope(caller: ApiCaller, scope: ApiScope | null): void {
  if (scope && !caller.key.scopes.includes(scope)) throw new Problem(403, missingScope(scope));
}
