import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import { derivedKey } from "#lib/secrets.server.ts";

// A value sealed into a URL-safe token: encrypted and authenticated (AES-256-GCM) with a key for
// one purpose, and carrying its expiry. Only this server can make or read one; a tampered, expired
// or other-purpose token opens as null.

const IV_BYTES = 12;
const TAG_BYTES = 16;

export function sealToken(purpose: string, value: unknown, ttlMs: number, now = Date.now()): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv("aes-256-gcm", derivedKey(`sealed:${purpose}`), iv);
  const body = Buffer.concat([cipher.update(JSON.stringify({ v: value, exp: now + ttlMs }), "utf8"), cipher.final()]);
  return Buffer.concat([iv, body, cipher.getAuthTag()]).toString("base64url");
}

export function openToken(purpose: string, token: unknown, now = Date.now()): unknown {
  if (typeof token !== "string" || token.length > 4096) return null;
  const bytes = Buffer.from(token, "base64url");
  if (bytes.length <= IV_BYTES + TAG_BYTES) return null;
  try {
    const decipher = createDecipheriv("aes-256-gcm", derivedKey(`sealed:${purpose}`), bytes.subarray(0, IV_BYTES));
    decipher.setAuthTag(bytes.subarray(bytes.length - TAG_BYTES));
    const text = Buffer.concat([decipher.update(bytes.subarray(IV_BYTES, bytes.length - TAG_BYTES)), decipher.final()]).toString("utf8");
    const { v, exp } = JSON.parse(text) as { v: unknown; exp: number };
    return typeof exp === "number" && exp > now ? v : null;
  } catch {
    return null;
  }
}
