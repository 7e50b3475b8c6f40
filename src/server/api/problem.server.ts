import type { ErrorRequestHandler, RequestHandler, Response } from "express";
import { fromFieldErrors, problemBody, type FieldError } from "#domain/api/problems.ts";
import { HttpError } from "#lib/errors.server.ts";
import type { Refusal } from "#lib/result.server.ts";
import { TooManyRequests } from "#server/rate-limit.server.ts";

// Every refusal the API gives is a problem document; nothing else reaches the caller, and no input
// gives a 500 (a server fault does, with no detail of our insides).

export class Problem extends HttpError {
  constructor(
    status: number,
    readonly detail: string,
    readonly errors: FieldError[] = [],
    readonly headers: Record<string, string> = {},
  ) {
    super(status, detail);
  }
}

/** A model's refusal (messages by field, 422 or 409) as a problem. */
export function refusalProblem(refusal: Refusal): Problem {
  const { detail, errors } = fromFieldErrors(refusal.errors);
  return new Problem(refusal.status, detail, errors);
}

export type Answer = { status: number; body: unknown };

/** What a thrown error answers, or null for a fault of ours (a 500). */
export function answerOf(error: unknown): (Answer & { headers: Record<string, string> }) | null {
  if (error instanceof Problem) return { status: error.status, body: problemBody(error.status, error.detail, error.errors), headers: error.headers };
  if (error instanceof TooManyRequests) {
    return { status: 429, body: problemBody(429, error.message), headers: { "Retry-After": String(error.retryAfterSeconds) } };
  }
  if (error instanceof HttpError && error.status < 500) return { status: error.status, body: problemBody(error.status, error.message), headers: {} };
  return bodyParserAnswer(error);
}

// express.json's own errors carry a `type`: unreadable JSON, too large, an encoding it cannot read.
function bodyParserAnswer(error: unknown): (Answer & { headers: Record<string, string> }) | null {
  const type = (error as { type?: unknown })?.type;
  if (type === "entity.parse.failed") return { status: 400, body: problemBody(400, "The body is not valid JSON"), headers: {} };
  if (type === "entity.too.large") return { status: 413, body: problemBody(413, "The body is larger than 1 MB"), headers: {} };
  if (type === "encoding.unsupported" || type === "charset.unsupported") {
    return { status: 415, body: problemBody(415, "Send the body as UTF-8 JSON"), headers: {} };
  }
  return null;
}

export function sendAnswer(res: Response, answer: Answer, headers: Record<string, string> = {}): void {
  res.set(headers);
  if (answer.status === 204) return void res.status(204).end();
  res.status(answer.status).type(answer.status >= 400 ? "application/problem+json" : "application/json").send(JSON.stringify(answer.body));
}

export const apiNotFound: RequestHandler = (req, _res, next) => next(new Problem(404, `There is no endpoint ${req.method} ${req.baseUrl}${req.path}`));

/** The API's error handler: a problem document for everything, a logged 500 for our own faults. */
export const apiErrorHandler: ErrorRequestHandler = (error, req, res, _next) => {
  if (res.headersSent) return res.end();
  const answer = answerOf(error);
  if (answer) return sendAnswer(res, answer, answer.headers);
  req.log?.error({ err: error }, "API request failed");
  sendAnswer(res, { status: 500, body: problemBody(500, "Sorry, something went wrong on our side. We have been told about it.") });
};
