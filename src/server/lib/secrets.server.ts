import { createHmac } from "node:crypto";
import { env } from "#lib/env.server.ts";

// Rails derives one key per purpose from secret_key_base; we derive them from SESSION_SECRET, so
// rotating that one secret rotates every signed stream name and signed id with it.
let base: string | undefined;
const derived = new Map<string, Buffer>();

/** The server that owns the configuration sets it at boot; otherwise it is read from the environment. */
export function useSecretKeyBase(secret: string): void {
  if (secret === base) return;
  base = secret;
  derived.clear();
}

export function derivedKey(purpose: string): Buffer {
  base ??= env().SESSION_SECRET;
  let key = derived.get(purpose);
  if (!key) derived.set(purpose, (key = createHmac("sha256", base).update(`loadline:${purpose}`).digest()));
  return key;
}
