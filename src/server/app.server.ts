import { readdirSync } from "node:fs";
import path from "node:path";
import express, { type Express } from "express";
import session from "express-session";
import helmet from "helmet";
import compression from "compression";
import type { Redis } from "ioredis";
import type { Logger } from "pino";
import { db } from "#db/client.server.ts";
import type { Env } from "#lib/env.server.ts";
import { SESSION_COOKIE, SESSION_MAX_AGE_MS } from "#server/session-cookie.server.ts";
import { sessionCache } from "#db/session-cache.server.ts";
import { renderFileForExpress } from "#lib/templates.server.ts";
import { forgetSignedInUsers } from "#models/users.server.ts";
import { PrismaSessionStore } from "#server/session-store.server.ts";
import { sessionSavedFirst } from "#server/session-saved-first.server.ts";
import { shedLoad } from "#server/load-shedding.server.ts";
import { requestLog } from "#server/request-log.server.ts";
import { contentSecurityPolicy } from "#server/content-security.server.ts";
import { auditImpersonatedWrites } from "#server/impersonation-audit.server.ts";
import { formOrJsonBodies } from "#server/request-body.server.ts";
import { csrfSynchronisedProtection, methodOverride, refuseCrossSite } from "#server/csrf.server.ts";
import { loadCurrentUser } from "#server/auth.server.ts";
import { errorHandler, notFoundHandler } from "#server/error-handler.server.ts";
import { createSignInLimiter, limitWrites, WRITE_BUDGETS, type SignInLimiter } from "#server/rate-limit.server.ts";
import { redisFor } from "#lib/redis.server.ts";
import { forgetPages, pageCache } from "#server/page-cache.server.ts";
import { forgetNavBadges } from "#pages/nav-badges.server.ts";
import { routes } from "#routes/index.server.ts";
import { uploadStorageRouter } from "#routes/uploads.server.ts";
import { unsubscribeRouter } from "#routes/unsubscribe.server.ts";
import { signatureCallbackRouter } from "#routes/signature-callback.server.ts";
import { healthRouter } from "#routes/health.server.ts";
import { apiRouter } from "#routes/api/index.server.ts";

export type AppOptions = {
  env: Env;
  logger: Logger;
  /**
   * The budgets every write spends (WRITE_BUDGETS unless given) and the sign-in limiter (one made
   * from the app's Redis unless given). A test that must reach the routes through many more writes
   * than a person makes, such as the write-route fuzz, gives its own; every other app uses the real ones.
   */
  writeBudgets?: typeof WRITE_BUDGETS;
  signInLimiter?: SignInLimiter;
};

type AppParts = { app: Express; sessionParser: express.RequestHandler; sessionStore: PrismaSessionStore };

export function createApp({ env, logger, writeBudgets = WRITE_BUDGETS, signInLimiter }: AppOptions): AppParts {
  const app = express();
  configure(app, env);
  useSessionlessSteps(app, env, logger);
  const redis = redisFor(env);
  useSignatureCallbacks(app, env, redis);
  // The public API: a Bearer key is the permission (no cookie, no session, no CSRF), so it answers
  // before the session is read.
  app.use("/api/v2", apiRouter({ redis }));
  forgetEarlierApps();
  const { sessionParser, sessionStore } = sessions(env);
  app.use(sessionParser, sessionSavedFirst);
  useRequestSteps(app, writeBudgets, redis);
  app.use(routes({ env, signInLimiter: signInLimiter ?? createSignInLimiter({ redis }) }));
  app.use(notFoundHandler);
  app.use(errorHandler);
  return { app, sessionParser, sessionStore };
}

/** The app's settings: its views and what every page is told (telemetry, the map tiles). */
function configure(app: Express, env: Env): void {
  app.set("view engine", "ejs");
  // Views compiled once with their includes found once (src/server/lib/templates.server.ts).
  app.engine("ejs", renderFileForExpress);
  app.set("views", path.resolve("views"));
  app.set("view cache", env.isProduction);
  app.set("trust proxy", env.TRUST_PROXY > 0 ? env.TRUST_PROXY : false);
  app.disable("x-powered-by");
  // Every page carries a fresh CSP nonce, so an ETag of its body could never match: not worth hashing.
  app.set("etag", false);
  app.locals.telemetry = env.telemetryEnabled;
  // Every map's tile service (the CSP allows its host only).
  app.locals.mapTiles = { url: env.TILE_URL, attribution: env.TILE_ATTRIBUTION };
}

/** What answers before any session is read: load shedding, assets, the log, health, uploads, unsubscribing. */
function useSessionlessSteps(app: Express, env: Env, logger: Logger): void {
  app.use(shedLoad());
  app.use(compressedWhenAsked());
  // Before the assets: a missing asset's 404 page needs its nonce too.
  app.use(contentSecurityPolicy(env));
  app.use(
    "/assets",
    express.static(path.resolve("public/assets"), { immutable: true, maxAge: "1y", index: false, fallthrough: false }),
  );
  app.use(publicFiles());
  app.use(requestLog(app, logger));
  app.use(healthRouter({ redisUrl: env.REDIS_URL }));
  app.use(helmet({ contentSecurityPolicy: false, strictTransportSecurity: env.isProduction }));
  app.use(uploadStorageRouter());
  // Posted by mail clients with no session or CSRF token (RFC 8058): the signed token is the permission.
  app.use(unsubscribeRouter());
}

/**
 * A hosted signing provider's confirmations, server to server: their HMAC signature is the
 * permission, so (as the upload PUT) mounted before the session and the CSRF check, and reading its
 * own raw body. Only with a provider configured (its secret then is too).
 */
function useSignatureCallbacks(app: Express, env: Env, redis: Redis | null): void {
  if (!env.SIGNATURE_PROVIDER_URL || !env.SIGNATURE_PROVIDER_SECRET) return;
  app.use(signatureCallbackRouter({ secret: env.SIGNATURE_PROVIDER_SECRET, redis }));
}

/** A new app starts from the database, not from what an earlier app in this process cached. */
function forgetEarlierApps(): void {
  sessionCache.clear();
  forgetSignedInUsers();
  forgetPages();
  forgetNavBadges();
}

function sessions(env: Env): Pick<AppParts, "sessionParser" | "sessionStore"> {
  const sessionStore = new PrismaSessionStore(db);
  const sessionParser = session({
    name: SESSION_COOKIE,
    secret: env.SESSION_SECRET,
    store: sessionStore,
    resave: false,
    saveUninitialized: false,
    rolling: false,
    cookie: { httpOnly: true, sameSite: "lax", secure: env.isProduction, maxAge: SESSION_MAX_AGE_MS },
  });
  return { sessionParser, sessionStore };
}

/** Once the session is read: a write's body, CSRF check and budget, the signed-in user, kept pages. */
function useRequestSteps(app: Express, writeBudgets: typeof WRITE_BUDGETS, redis: Redis | null): void {
  app.use(
    forWrites(
      express.urlencoded({ extended: true, limit: "200kb" }),
      express.json({ limit: "100kb" }),
      formOrJsonBodies,
      methodOverride,
      refuseCrossSite,
      csrfSynchronisedProtection,
    ),
  );
  app.use(loadCurrentUser);
  app.use(forWrites(limitWrites(writeBudgets, redis), auditImpersonatedWrites));
  app.use(pageCache());
}

/**
 * The files directly in public/ (the favicon …), found once at start: other requests go straight to
 * the routes instead of asking the disk whether a file of that name exists.
 */
function publicFiles(): express.RequestHandler {
  const folder = path.resolve("public");
  const files = readdirSync(folder, { withFileTypes: true }).filter((entry) => entry.isFile());
  const names = new Set(files.map((entry) => `/${entry.name}`));
  const serve = express.static(folder, { index: false, maxAge: "1h" });
  return (req, res, next) => (names.has(req.path) ? serve(req, res, next) : next());
}

/** Gzip for clients that accept it; others (API clients, health checks) skip the machinery entirely. */
function compressedWhenAsked(): express.RequestHandler {
  const compress = compression();
  return (req, res, next) => (req.headers["accept-encoding"] ? compress(req, res, next) : next());
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** Steps only a write needs (bodies, CSRF, write budgets, the impersonation audit): reads skip them in one step. */
function forWrites(...steps: express.RequestHandler[]): express.RequestHandler {
  const chain = express.Router();
  chain.use(...steps);
  return (req, res, next) => (SAFE_METHODS.has(req.method) ? next() : chain(req, res, next));
}
