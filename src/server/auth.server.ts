import type { Request, RequestHandler } from "express";
import { signedInUser, type AccountKind, type CurrentUser, type Role } from "#models/users.server.ts";
import type { Env } from "#lib/env.server.ts";
import { HttpError } from "#lib/errors.server.ts";
import { audit } from "#models/audit.server.ts";
import { noteImpersonator } from "#lib/logger.server.ts";

/** Loads the signed-in user once per request (one query, account included). */
export const loadCurrentUser: RequestHandler = async (req, _res, next) => {
  const { userId, impersonatorId } = req.session;
  if (userId) {
    const user = await signedInUser(userId);
    if (user) {
      req.user = user;
      req.impersonatorId = impersonatorId;
      if (impersonatorId) noteImpersonator(impersonatorId);
    } else {
      delete req.session.userId;
      delete req.session.impersonatorId;
    }
  }
  next();
};

export class SignInRequired extends HttpError {
  constructor() {
    super(401, "Please sign in to continue");
  }
}

/** The signed-in user, or a redirect to sign-in (pages) / 401 (APIs) via the error handler. */
export function requireUser(req: Request): CurrentUser {
  if (!req.user) throw new SignInRequired();
  return req.user;
}

export function requireAccountKind(req: Request, ...kinds: AccountKind[]): CurrentUser {
  const user = requireUser(req);
  if (!kinds.includes(user.account.kind as AccountKind)) throw new HttpError(403, "This page is not available for your account");
  return user;
}

export function requireRole(req: Request, ...roles: Role[]): CurrentUser {
  const user = requireUser(req);
  if (!roles.includes(user.role as Role)) throw new HttpError(403, "You do not have permission to do that");
  return user;
}

/** Route-level guard: `router.use(signedIn)`. */
export const signedIn: RequestHandler = (req, _res, next) => {
  requireUser(req);
  next();
};

export const accountKind =
  (...kinds: AccountKind[]): RequestHandler =>
  (req, _res, next) => {
    requireAccountKind(req, ...kinds);
    next();
  };

export const role =
  (...roles: Role[]): RequestHandler =>
  (req, _res, next) => {
    requireRole(req, ...roles);
    next();
  };

/** What support staff may never do while impersonating: each would outlast the impersonation or take over the account. */
export type GuardedChange = "sign-in details" | "team" | "billing";

const REFUSED_WHILE_IMPERSONATING: Record<GuardedChange, string> = {
  "sign-in details": "You cannot change the email or password of a user you are impersonating.",
  team: "You cannot invite people, change roles or remove people while impersonating a user.",
  billing: "You cannot change billing or bank details while impersonating a user.",
};

/** Why this request may not make the change (support impersonating someone), or null: pages show it instead of a form. */
export function impersonationRefusal(req: Request, change: GuardedChange): string | null {
  return req.impersonatorId ? REFUSED_WHILE_IMPERSONATING[change] : null;
}

/** Refuses (403, with the reason) a change support staff may not make as someone else. */
export function refuseWhileImpersonating(req: Request, change: GuardedChange): void {
  const refusal = impersonationRefusal(req, change);
  if (refusal) throw new HttpError(403, refusal);
}

/** Route-level form of `refuseWhileImpersonating`, for writes only. */
export const notWhileImpersonating =
  (change: GuardedChange): RequestHandler =>
  (req, _res, next) => {
    if (!["GET", "HEAD", "OPTIONS"].includes(req.method)) refuseWhileImpersonating(req, change);
    next();
  };

/** Links in mail point at APP_ORIGIN when it is set (production), so a forged Host header cannot steer them. */
export const originOf = (req: Request, env: Pick<Env, "APP_ORIGIN">) => env.APP_ORIGIN ?? `${req.protocol}://${req.get("host")}`;

/** A fresh session id at every sign-in, so a planted session cookie is worthless. */
export async function signIn(req: Request, user: CurrentUser): Promise<void> {
  await new Promise<void>((resolve, reject) => req.session.regenerate((err) => (err ? reject(err) : resolve())));
  req.session.userId = user.id;
  await audit("session.sign_in", user.id, user.id);
}

/** Where each kind of user starts: support at its inbox, drivers at the loads they drive, offices at the dashboard. */
export function homePathFor(user: CurrentUser): string {
  if (user.role === "support") return "/admin";
  if (user.role === "driver") return "/loads";
  return "/dashboard";
}
