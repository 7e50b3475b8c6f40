import type { Request } from "express";
import { claimIdempotencyKey, keepAnswer, releaseClaim, requestDigest } from "#models/idempotency.server.ts";
import type { ApiCaller } from "#models/api-keys.server.ts";
import { Problem, answerOf, type Answer } from "#server/api/problem.server.ts";

// Idempotency-Key on a POST: the first request with a key runs and its answer is kept; a retry gets
// that answer again (marked Idempotent-Replayed), whatever happened in between. See models/idempotency.

export const MAX_IDEMPOTENCY_KEY = 255;
const DIFFERENT = "This Idempotency-Key was used with a different request; use a new key for a new request";
const RUNNING = "A request with this Idempotency-Key is still running; retry once it has answered";

export type Replayable = Answer & { headers: Record<string, string> };

/** Runs `work` once per key; a thrown refusal is an answer like any other and is kept too. */
export async function oncePerKey(req: Request, caller: ApiCaller, work: () => Promise<Answer>): Promise<Replayable> {
  const key = req.get("idempotency-key");
  if (key === undefined) return { ...(await work()), headers: {} };
  if (key.length < 1 || key.length > MAX_IDEMPOTENCY_KEY) {
    throw new Problem(422, `The Idempotency-Key must be 1 to ${MAX_IDEMPOTENCY_KEY} characters`, [{ field: "Idempotency-Key", message: `Use 1 to ${MAX_IDEMPOTENCY_KEY} characters` }]);
  }
  const raw = (req as Request & { rawBody?: Buffer }).rawBody ?? Buffer.alloc(0);
  const claim = await claimIdempotencyKey(caller.key.id, key, requestDigest(req.method, `${req.baseUrl}${req.path}`, raw));
  if (claim.kind === "different") throw new Problem(422, DIFFERENT, [{ field: "Idempotency-Key", message: DIFFERENT }]);
  if (claim.kind === "running") throw new Problem(409, RUNNING);
  if (claim.kind === "replay") return { status: claim.status, body: JSON.parse(claim.body || "null"), headers: { "Idempotent-Replayed": "true" } };
  let answer: Replayable;
  try {
    answer = { ...(await work()), headers: {} };
  } catch (error) {
    const refusal = answerOf(error);
    if (!refusal) {
      await releaseClaim(claim.id);
      throw error;
    }
    answer = refusal;
  }
  await keepAnswer(claim.id, answer.status, JSON.stringify(answer.body));
  return answer;
}
