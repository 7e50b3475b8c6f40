import type { ErrorRequestHandler, RequestHandler } from "express";
import { HttpError } from "#lib/errors.server.ts";
import { SignInRequired } from "#server/auth.server.ts";
import { TooManyRequests } from "#server/rate-limit.server.ts";
import { renderPage } from "#server/render.server.ts";

export const notFoundHandler: RequestHandler = (_req, _res, next) => next(new HttpError(404, "The page you were looking for doesn't exist."));

const wantsJson = (req: Parameters<RequestHandler>[0]) =>
  req.path.startsWith("/api/") || req.path === "/collect" || req.path.endsWith(".json") || (req.accepts(["html", "json"]) === "json");

/** The one error handler: a status page for people, a JSON error for API calls; never a stack trace. */
export const errorHandler: ErrorRequestHandler = async (error, req, res, _next) => {
  const status = statusOf(error);
  if (status >= 500) req.log?.error({ err: error }, "request failed");
  if (res.headersSent) return res.end();

  if (error instanceof SignInRequired && !wantsJson(req) && req.method === "GET") {
    req.session.flash = { alert: "Please sign in to continue." };
    req.session.returnTo = req.originalUrl;
    return res.redirect(303, "/login");
  }
  if (error instanceof TooManyRequests) res.set("Retry-After", String(error.retryAfterSeconds));

  const message = status >= 500 ? "Sorry, something went wrong on our side. We have been told about it." : (error as Error).message;
  if (wantsJson(req)) return res.status(status).json({ error: message });
  try {
    await renderPage(req, res, "errors/show", { title: titleFor(status), status, message }, status);
  } catch (renderError) {
    req.log?.error({ err: renderError }, "error page failed");
    res.status(status).type("text").send(message);
  }
};

function statusOf(error: unknown): number {
  if (error instanceof HttpError) return error.status;
  const status = (error as { status?: unknown; statusCode?: unknown })?.status ?? (error as { statusCode?: unknown })?.statusCode;
  return typeof status === "number" && status >= 400 && status < 600 ? status : 500;
}

function titleFor(status: number): string {
  return { 401: "Sign in required", 403: "Not allowed", 404: "Page not found", 422: "Check your details", 429: "Slow down" }[status] ?? "Something went wrong";
}
