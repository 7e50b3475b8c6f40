import { createHash } from "node:crypto";
import { db } from "#db/client.server.ts";

// Safe retries for the API's POSTs. The first request with a key claims it (a row whose status is
// still null); its answer is then kept for 24 hours. A retry with the same key and the same request
// gets that answer again, without doing the work twice; with a different request it is refused, and
// while the first is still running a second one is told so (409) rather than run beside it.

export const IDEMPOTENCY_TTL_MS = 24 * 3_600_000;

export type Claim =
  | { kind: "claimed"; id: number }
  | { kind: "replay"; status: number; body: string }
  | { kind: "running" }
  | { kind: "different" };

const isUniqueViolation = (error: unknown) => (error as { code?: unknown })?.code === "P2002";

/** SHA-256 of what makes two requests the same: method, path and the exact body bytes. */
export function requestDigest(method: string, path: string, body: Buffer | string): string {
  return createHash("sha256").update(`${method.toUpperCase()} ${path}\n`).update(body).digest("hex");
}

/** Claims `key` for this request, or says what an earlier request with it left. */
export async function claimIdempotencyKey(apiKeyId: number, key: string, digest: string, now = Date.now()): Promise<Claim> {
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const row = await db().idempotencyKey.create({
        data: { apiKeyId, key, requestDigest: digest, expiresAt: new Date(now + IDEMPOTENCY_TTL_MS) },
        select: { id: true },
      });
      return { kind: "claimed", id: row.id };
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
    }
    const earlier = await db().idempotencyKey.findUnique({ where: { apiKeyId_key: { apiKeyId, key } } });
    if (!earlier) continue;
    // Past its 24 hours the key is free again: the stale row goes and the claim is tried once more.
    if (earlier.expiresAt.getTime() <= now) {
      await db().idempotencyKey.deleteMany({ where: { id: earlier.id, expiresAt: { lte: new Date(now) } } });
      continue;
    }
    if (earlier.requestDigest !== digest) return { kind: "different" };
    if (earlier.responseStatus === null) return { kind: "running" };
    return { kind: "replay", status: earlier.responseStatus, body: earlier.responseBody ?? "" };
  }
  return { kind: "running" };
}

/** Keeps the answer for the retries to come. */
export async function keepAnswer(id: number, status: number, body: string): Promise<void> {
  await db().idempotencyKey.update({ where: { id }, data: { responseStatus: status, responseBody: body } });
}

/** The request failed without an answer worth keeping (a server error): the key may be used again. */
export async function releaseClaim(id: number): Promise<void> {
  await db().idempotencyKey.deleteMany({ where: { id, responseStatus: null } });
}

/** Housekeeping: deletes every kept answer past its 24 hours (the expiresAt index finds them). */
export async function deleteExpiredIdempotencyKeys(now = Date.now()): Promise<number> {
  const { count } = await db().idempotencyKey.deleteMany({ where: { expiresAt: { lte: new Date(now) } } });
  return count;
}
