import { createHmac, timingSafeEqual } from "node:crypto";
import express, { Router, type ErrorRequestHandler } from "express";
import { HostedCompletionSchema } from "#domain/contracts/acceptance.ts";
import type { Redis } from "#lib/redis.server.ts";
import { acceptHostedSigning } from "#models/contract-acceptance/hosted.server.ts";
import { limitWrites, TooManyRequests } from "#server/rate-limit.server.ts";

// A hosted signing provider tells us, server to server, that a carrier has signed: the only way a
// hosted signature is recorded (what the carrier's browser posts is never believed). The provider
// signs each post with the secret we share (SIGNATURE_PROVIDER_SECRET):
//
//   X-Loadline-Timestamp: <unix seconds>
//   X-Loadline-Signature: sha256=<hex HMAC-SHA256(secret, timestamp + "." + the raw body bytes)>
//
// checked on the bytes as they arrived (re-serialised JSON would not match), in constant time, and
// only within 5 minutes of our clock either way, so a captured post cannot be replayed later. The
// signature is the permission: this router is mounted before the session and the CSRF check, and
// never touches either.

export const SIGNATURE_CALLBACK_PATH = "/signatures/hosted/callback";
/** How far the provider's timestamp (and a signing's time) may be from our clock, either way. */
export const REPLAY_WINDOW_S = 5 * 60;
const BODY_LIMIT = "10kb";

const MISSING = "Send X-Loadline-Timestamp (unix seconds) and X-Loadline-Signature (sha256=<hex HMAC-SHA256>)";

/** Why this post is not the provider's, fresh (see above), or null when it is. */
export function signatureProblem(secret: string, timestamp: string | undefined, signature: string | undefined, body: Buffer, now = Date.now()): string | null {
  const given = /^sha256=([0-9a-f]{64})$/i.exec(signature?.trim() ?? "");
  if (!timestamp || !/^\d{1,12}$/.test(timestamp) || !given) return MISSING;
  const expected = createHmac("sha256", secret).update(`${timestamp}.`).update(body).digest();
  // Both are 32 bytes (the pattern above), as timingSafeEqual needs.
  if (!timingSafeEqual(expected, Buffer.from(given[1]!, "hex"))) return "The signature does not match";
  if (Math.abs(now / 1000 - Number(timestamp)) > REPLAY_WINDOW_S) return "The timestamp is more than 5 minutes from our clock";
  return null;
}

/** `POST /signatures/hosted/callback`: JSON in, JSON out (401, 422, 404, 409, or 200 `{"ok":true}`). */
export function signatureCallbackRouter({ secret, redis }: { secret: string; redis: Redis | null }): Router {
  const router = Router();
  router.post(
    SIGNATURE_CALLBACK_PATH,
    // Before the session, so not under the write budgets: a budget of its own per address.
    limitWrites([{ name: "signature_callbacks", points: 60, seconds: 60, perAddress: true, applies: () => true }], redis),
    express.raw({ type: () => true, limit: BODY_LIMIT }),
    async (req, res) => {
      const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
      const problem = signatureProblem(secret, req.get("X-Loadline-Timestamp"), req.get("X-Loadline-Signature"), body);
      if (problem) return res.status(401).json({ error: problem });

      const completion = HostedCompletionSchema.safeParse(jsonOf(body));
      if (!completion.success) {
        const [issue] = completion.error.issues;
        return res.status(422).json({ error: issue?.path.length ? `${issue.path.join(".")}: ${issue.message}` : "Send a JSON object: event, reference, signer_name, signed_at" });
      }
      const signedAt = completion.data.signed_at ? Date.parse(completion.data.signed_at) : null;
      if (signedAt !== null && signedAt > Date.now() + REPLAY_WINDOW_S * 1000) return res.status(422).json({ error: "signed_at: must not be in the future" });

      const accepted = await acceptHostedSigning(completion.data);
      if (!accepted.ok) return res.status(accepted.status).json({ error: Object.values(accepted.errors)[0] });
      res.json({ ok: true });
    },
  );
  router.use(SIGNATURE_CALLBACK_PATH, jsonErrors);
  return router;
}

function jsonOf(body: Buffer): unknown {
  try {
    return JSON.parse(body.toString("utf8"));
  } catch {
    return undefined;
  }
}

/** This route's refusals (404, a body over 10 kB, too many posts) and failures as JSON: there is no page to show. */
const jsonErrors: ErrorRequestHandler = (error: unknown, req, res, _next) => {
  const raw = (error as { status?: unknown })?.status;
  const status = typeof raw === "number" && raw >= 400 && raw < 600 ? raw : 500;
  if (res.headersSent) return res.end();
  if (status >= 500) req.log?.error({ err: error }, "signature callback failed");
  if (error instanceof TooManyRequests) res.set("Retry-After", String(error.retryAfterSeconds));
  res.status(status).json({ error: status >= 500 ? "Something went wrong on our side; try again" : (error as Error).message });
};
