import { Router } from "express";
import { z } from "zod";
import { SignupSchema, LoginSchema } from "#domain/auth/account-forms.ts";
import { parseInput } from "#lib/input.server.ts";
import { checkCredentials, confirmSignUp, pendingSignUp, requestSignUp, resendSignUpLetter } from "#models/users.server.ts";
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
  .object({ account_kind: typed, company_name: typed, name: typed, email: typed })
  .catch({ account_kind: undefined, company_name: undefined, name: undefined, email: undefined });

const ConfirmationSchema = z.object({ token: z.string().max(4096).optional() }).catch({ token: undefined });


export function authRouter({ signInLimiter, env }: { signInLimiter: SignInLimiter; env: Env }): Router {
  const router = Router();

  router.get("/signup", async (req, res) => {
    if (req.user) return res.redirect(303, homePathFor(req.user));
    await renderPage(req, res, "auth/signup", { title: "Create your account", values: { account_kind: req.query.kind === "carrier" ? "carrier" : "shipper" } });
  });

  // The same answer whether or not the email is registered: the letter tells the owner which.
  router.post("/signup", async (req, res) => {
    const input = parseInput(SignupSchema, req.body);
    if (!input.ok) {
      const values = SignupValuesSchema.parse(req.body ?? {});
      return renderPage(req, res, "auth/signup", { title: "Create your account", values, errors: input.errors }, 422);
    }
    await requestSignUp(input.data, originOf(req, env));
    req.session.signUpSentTo = input.data.email;
    res.redirect(303, "/signup/sent");
  });

  // "Check your email": a page that stays, naming the address, with the link to send again and a
  // way back for a mistyped address. Only the browser that asked for the letter has an address here.
  router.get("/signup/sent", async (req, res) => {
    const email = req.session.signUpSentTo;
    if (!email) return res.redirect(303, "/signup");
    await renderPage(req, res, "auth/sent", { title: "Check your email", email });
  });

  // Sends the link again to this browser's address; answered alike whether the address is waiting,
  // has an account by now (the letter says to sign in) or neither.
  router.post("/signup/confirmation_letter", async (req, res) => {
    const email = req.session.signUpSentTo;
    if (!email) return res.redirect(303, "/signup");
    await resendSignUpLetter(email, originOf(req, env));
    flash(req, "notice", `We have sent the link again to ${email}.`);
    res.redirect(303, "/signup/sent");
  });

  router.get("/signup/confirmation/:token", async (req, res) => {
    const pending = pendingSignUp(req.params.token);
    if (!pending) return renderPage(req, res, "auth/confirm", { title: "Link not valid", token: null, pending: null }, 404);
    await renderPage(req, res, "auth/confirm", { title: "Confirm your account", token: req.params.token, pending });
  });

  router.post("/signup/confirmation", async (req, res) => {
    const { token } = ConfirmationSchema.parse(req.body);
    const result = await confirmSignUp(token);
    if (!result.ok) return renderPage(req, res, "auth/confirm", { title: "Link not valid", token: null, pending: null, errors: result.errors }, result.status);
    await signIn(req, result.user);
    flash(req, "notice", `Welcome to Loadline, ${result.user.name}.`);
    res.redirect(303, "/dashboard");
  });

  router.get("/login", async (req, res) => {
    if (req.user) return res.redirect(303, homePathFor(req.user));
    await renderPage(req, res, "auth/login", { title: "Sign in" });
  });

  router.post("/session", async (req, res) => {
    const { email, password } = LoginSchema.catch({ email: "", password: "" }).parse(req.body ?? {});
    await signInLimiter.guard(req.ip ?? "unknown", email);
    const found = email && password ? await checkCredentials(email, password) : null;
    // The right password for a sign-up not confirmed yet: say so (only its owner can see this) and offer the link again.
    if (found === "unconfirmed") {
      req.session.signUpSentTo = email;
      return renderPage(req, res, "auth/login", { title: "Sign in", values: { email }, unconfirmed: email }, 422);
    }
    if (!found) {
      await signInLimiter.recordFailure(req.ip ?? "unknown", email);
      return renderPage(req, res, "auth/login", { title: "Sign in", values: { email }, errors: { base: LOGIN_FAILED } }, 422);
    }
    const { user } = found;
    await signInLimiter.clear(req.ip ?? "unknown", email);
    const returnTo = safeReturnPath(req.session.returnTo);
    await signIn(req, user);
    res.redirect(303, returnTo ?? homePathFor(user));
  });

  // "Sign out everywhere": every browser and app this user is signed in on, this one included.
  router.delete("/sessions", async (req, res) => {
    const user = requireUser(req);
    await audit("session.sign_out_everywhere", req.impersonatorId ?? user.id, user.id);
    await endSessions(user.id);
    // An impersonating session belongs to the support user, so ending the user's left it: end it too.
    if (req.impersonatorId) await new Promise<void>((resolve, reject) => req.session.destroy((err) => (err ? reject(err) : resolve())));
    res.clearCookie(SESSION_COOKIE).redirect(303, "/login");
  });

  router.delete("/session", async (req, res) => {
    if (req.user) await audit("session.sign_out", req.impersonatorId ?? req.user.id, req.user.id);
    await new Promise<void>((resolve, reject) => req.session.destroy((err) => (err ? reject(err) : resolve())));
    if (req.user) await disconnectUser(req.user.id);
    res.clearCookie(SESSION_COOKIE).redirect(303, "/");
  });

  return router;
}

function safeReturnPath(path: string | undefined): string | undefined {
  return path && path.startsWith("/") && !path.startsWith("//") ? path : undefined;
}
