import { AsyncLocalStorage } from "node:async_hooks";
import { pino, type Logger } from "pino";

export const REDACTED_PATHS = [
  "req.headers.cookie",
  "req.headers.authorization",
  "req.headers[\"x-csrf-token\"]",
  "res.headers[\"set-cookie\"]",
  "*.password",
  "*.passwordHash",
  "*.token",
  "*.authenticity_token",
  "*.signed_id",
];

export function createLogger(level: string): Logger {
  return pino({ level, redact: { paths: REDACTED_PATHS, censor: "[redacted]" } });
}

/**
 * The request being handled, as code running for it sees it; `answered` once its response has gone.
 * `turboRequestId` is the X-Turbo-Request-Id Turbo sent with it (see refreshStream in turbo.server.ts).
 */
export type RequestScope = { readonly id: string; readonly log: Logger; answered: boolean; readonly turboRequestId?: string; impersonatorId?: number };

const requests = new AsyncLocalStorage<RequestScope>();

/** Runs `handle` (and everything it starts) as part of `scope`'s request. */
export function runInRequest<T>(scope: RequestScope, handle: () => T): T {
  return requests.run(scope, handle);
}

// A timer set while a request runs (waking the auction clock, say) keeps that request's context for
// good: once the request is answered, later work is no longer its own.
function currentRequest(): RequestScope | undefined {
  const scope = requests.getStore();
  return scope && !scope.answered ? scope : undefined;
}

/** The id of the request being handled (its X-Request-Id), if any. */
export function currentRequestId(): string | undefined {
  return currentRequest()?.id;
}

/** The X-Turbo-Request-Id of the request being handled, if Turbo sent one. */
export function currentTurboRequestId(): string | undefined {
  return currentRequest()?.turboRequestId;
}

/** Marks the request being handled as made by support staff acting as its user. */
export function noteImpersonator(impersonatorId: number): void {
  const scope = requests.getStore();
  if (scope) scope.impersonatorId = impersonatorId;
}

/** The support user behind the request being handled, when they are impersonating its user. */
export function currentImpersonatorId(): number | undefined {
  return currentRequest()?.impersonatorId;
}

let processLogger: Logger | undefined;

/**
 * The logger to write to: while a request is handled, the app's logger tagged with its id; otherwise
 * the one the server started with, else one at LOG_LEVEL (scripts, tests).
 */
export function logger(): Logger {
  return currentRequest()?.log ?? (processLogger ??= createLogger(process.env.LOG_LEVEL ?? "info"));
}

export function useLogger(next: Logger): void {
  processLogger = next;
}
