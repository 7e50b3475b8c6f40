import { Router, type Request, type Response } from "express";
import { z } from "zod";
import { SignupSchema, LoginSchema } from "#domain/auth/account-forms.ts";
import { POOL_INVITATION_FIELD, poolInvitationToken } from "#domain/pools/invitations.ts";
import { parseInput } from "#lib/input.server.ts";
import { checkCredentials } from "#models/users/credentials.server.ts";
import { confirmSignUp, pendingSignUp, requestSignUp, resendSignUpLetter } from "#models/users/sign-up.server.ts";
import type { Env } from "#lib/env.server.ts";
import { audit } from "#models/audit.server.ts";
import { disconnectUser } from "#lib/broadcast.server.ts";
import { endSessions } from "#models/sessions.server.ts";
import { originOf, requireUser, signIn } from "#server/auth.server.ts";
import { SESSION_COOKIE } from "#server/session-cookie.server.ts";
import { flash, renderPage } from "#server/render.server.ts";
import { homePathFor } from "#server/auth.server.ts";
import type { SignInLimiter } from "#server/rate-limit.server.ts";

const LOGIN_FAILED = "Incorrect email or password.";

/** A refused sign-up comes back as typed, except the password. */
const typed = z.string().max(300).optional().catch(undefined);
const SignupValuesSchema = z
  .object({ account_kind: typed, company_name: typed, name: typed, email: typed, [POOL_INVITATION_FIELD]: typed })
  .catch({ account_kind: undefined, company_name: undefined, name: undefined, email: undefined });

const ConfirmationSchema = z.object({ token: z.string().max(4096).optional() }).catch({ token: undefined });

/** Signing up (with the address confirmed by a link), signing in and signing out. */
export function authRouter({ signInLimiter, env }: { signInLimiter: SignInLimiter; env: Env }): Router {
  return Router()
    .get("/signup", showSignUp)
    .post("/signup", (req, res) => startSignUp(req, res, env))
    .get("/signup/sent", showLetterSent)
    .post("/signup/confirmation_letter", (req, res) => sendLetterAgain(req, res, env))
    .get("/signup/confirmation/:token", showConfirmation)
    .post("/signup/confirmation", confirm)
    .get("/login", showSignIn)
    .post("/session", (req, res) => startSession(req, res, signInLimiter))
    .delete("/sessions", signOutEverywhere)
    .delete("/session", signOut);
}

async function showSignUp(req: Request, res: Response) {
  if (req.user) return res.redirect(303, homePathFor(req.user));
  // A link from a pool invitation carries its token through the form and the confirmation letter.
  const invitation = poolInvitationToken(req.query[POOL_INVITATION_FIELD]);
  const values = { account_kind: req.query.kind === "carrier" || invitation ? "carrier" : "shipper", [POOL_INVITATION_FIELD]: invitation };
  await renderPage(req, res, "auth/signup", { title: "Create your account", values });
}

// The same answer whether or not the email is registered: the letter tells the owner which.
async function startSignUp(req: Request, res: Response, env: Env) {
  const input = parseInput(SignupSchema, req.body);
  if (!input.ok) {
    const values = SignupValuesSchema.parse(req.body ?? {});
    return renderPage(req, res, "auth/signup", { title: "Create your account", values, errors: input.errors }, 422);
  }
  await requestSignUp(input.data, originOf(req, env), poolInvitationToken(req.body?.[POOL_INVITATION_FIELD]));
  req.session.signUpSentTo = input.data.email;
  res.redirect(303, "/signup/sent");
}

// "Check your email": a page that stays, naming the address, with the link to send again and a
// way back for a mistyped address. Only the browser that asked for the letter has an address here.
async function showLetterSent(req: Request, res: Response) {
  const email = req.session.signUpSentTo;
  if (!email) return res.redirect(303, "/signup");
  await renderPage(req, res, "auth/sent", { title: "Check your email", email });
}

// Sends the link again to this browser's address; answered alike whether the address is waiting,
// has an account by now (the letter says to sign in) or neither.
async function sendLetterAgain(req: Request, res: Response, env: Env) {
  const email = req.session.signUpSentTo;
  if (!email) return res.redirect(303, "/signup");
  await resendSignUpLetter(email, originOf(req, env));
  flash(req, "notice", `We have sent the link again to ${email}.`);
  res.redirect(303, "/signup/sent");
}

async function showConfirmation(req: Request, res: Response) {
  const pending = pendingSignUp(req.params.token);
  if (!pending) return renderPage(req, res, "auth/confirm", { title: "Link not valid", token: null, pending: null }, 404);
  await renderPage(req, res, "auth/confirm", { title: "Confirm your account", token: req.params.token, pending });
}

async function confirm(req: Request, res: Response) {
  const { token } = ConfirmationSchema.parse(req.body);
  const result = await confirmSignUp(token);
  if (!result.ok) {
    const page = { title: "Link not valid", token: null, pending: null, errors: result.errors };
    return renderPage(req, res, "auth/confirm", page, result.status);
  }
  await signIn(req, result.user);
  flash(req, "notice", `Welcome to Loadline, ${result.user.name}.`);
  res.redirect(303, "/dashboard");
}

async function showSignIn(req: Request, res: Response) {
  if (req.user) return res.redirect(303, homePathFor(req.user));
  await renderPage(req, res, "auth/login", { title: "Sign in" });
}

async function startSession(req: Request, res: Response, signInLimiter: SignInLimiter) {
  const { email, password } = LoginSchema.catch({ email: "", password: "" }).parse(req.body ?? {});
  const ip = req.ip ?? "unknown";
  await signInLimiter.guard(ip, email);
  const found = email && password ? await checkCredentials(email, password) : null;
  // The right password for a sign-up not confirmed yet: say so (only its owner can see this) and offer the link again.
  if (found === "unconfirmed") {
    req.session.signUpSentTo = email;
    return renderPage(req, res, "auth/login", { title: "Sign in", values: { email }, unconfirmed: email }, 422);
  }
  if (!found) {
    await signInLimiter.recordFailure(ip, email);
    return renderPage(req, res, "auth/login", { title: "Sign in", values: { email }, errors: { base: LOGIN_FAILED } }, 422);
  }
  const { user } = found;
  await signInLimiter.clear(ip, email);
  const returnTo = safeReturnPath(req.session.returnTo);
  await signIn(req, user);
  res.redirect(303, returnTo ?? homePathFor(user));
}

// "Sign out everywhere": every browser and app this user is signed in on, this one included.
async function signOutEverywhere(req: Request, res: Response) {
  const user = requireUser(req);
  await audit("session.sign_out_everywhere", req.impersonatorId ?? user.id, user.id);
  await endSessions(user.id);
  // An impersonating session belongs to the support user, so ending the user's left it: end it too.
  if (req.impersonatorId) await destroySession(req);
  res.clearCookie(SESSION_COOKIE).redirect(303, "/login");
}

async function signOut(req: Request, res: Response) {
  if (req.user) await audit("session.sign_out", req.impersonatorId ?? req.user.id, req.user.id);
  await destroySession(req);
  if (req.user) await disconnectUser(req.user.id);
  res.clearCookie(SESSION_COOKIE).redirect(303, "/");
}

function destroySession(req: Request): Promise<void> {
  return new Promise<void>((resolve, reject) => req.session.destroy((err) => (err ? reject(err) : resolve())));
}

function safeReturnPath(path: string | undefined): string | undefined {
  return path && path.startsWith("/") && !path.startsWith("//") ? path : undefined;
}
