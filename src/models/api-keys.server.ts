import { createHash, randomInt } from "node:crypto";
import { db } from "#db/client.server.ts";
import { KEY_BODY_LENGTH, KEY_PREFIX, SHOWN_PREFIX_LENGTH, type ApiKeyInput } from "#domain/api/api-key-form.ts";
import { scopesOf, type ApiScope } from "#domain/api/scopes.ts";
import { found, recordId } from "#lib/errors.server.ts";
import { requireAdmin } from "#models/team.server.ts";
import { signedInUser, type CurrentUser } from "#models/users.server.ts";

// An account's API keys. The key itself is shown once, when it is made: only its SHA-256 digest is
// kept (a leaked database gives no working keys), with its first 12 characters to tell keys apart.
// A key acts as the person who made it, with their role and account, so it can do no more than
// they can on the pages; made by an admin, it outlives nothing: removing them stops the key too.

const BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
/** How stale lastUsedAt may be: one write a minute per key, not one per call. */
const LAST_USED_EVERY_MS = 60_000;

export const digestOf = (secret: string) => createHash("sha256").update(secret).digest("hex");

/** `ll_live_` and 32 characters from crypto's uniform randomInt: about 190 bits. */
export function newSecret(): string {
  let body = "";
  for (let i = 0; i < KEY_BODY_LENGTH; i++) body += BASE62[randomInt(BASE62.length)];
  return KEY_PREFIX + body;
}

const listSelect = {
  id: true, name: true, prefix: true, scopes: true, expiresAt: true, revokedAt: true, lastUsedAt: true, createdAt: true, createdById: true,
} as const;

/** The account's keys, newest first, revoked ones too (the list is their record). Admins only. */
export async function apiKeysFor(user: CurrentUser) {
  requireAdmin(user);
  const keys = await db().apiKey.findMany({ where: { accountId: user.accountId }, select: listSelect, orderBy: { id: "desc" } });
  return keys.map((key) => ({ ...key, scopes: scopesOf(key.scopes) }));
}

/** Makes a key for the admin's account; the secret is in the answer and nowhere else. */
export async function createApiKey(user: CurrentUser, input: ApiKeyInput, secret = newSecret()) {
  requireAdmin(user);
  const key = await db().apiKey.create({
    data: {
      accountId: user.accountId,
      createdById: user.id,
      name: input.name,
      prefix: secret.slice(0, SHOWN_PREFIX_LENGTH),
      digest: digestOf(secret),
      scopes: JSON.stringify(input.scopes),
      expiresAt: input.expiresAt,
    },
    select: { id: true, name: true },
  });
  return { ...key, secret };
}

/** Revokes one of the account's keys (another account's id is a 404); the next call with it is refused. */
export async function revokeApiKey(user: CurrentUser, id: unknown, now = new Date()) {
  requireAdmin(user);
  const key = found(await db().apiKey.findFirst({ where: { id: recordId(id), accountId: user.accountId }, select: { id: true, name: true } }));
  await db().apiKey.updateMany({ where: { id: key.id, revokedAt: null }, data: { revokedAt: now } });
  return key;
}

export type ApiCaller = { key: { id: number; name: string; scopes: ApiScope[] }; user: CurrentUser };

/**
 * Whoever a presented key acts for, or null when it is unknown, revoked, expired, or its maker has
 * left the account (or moved to another). Read from the database on every call, so a revocation
 * answers at once in every process.
 */
export async function callerOf(secret: string, now = Date.now()): Promise<ApiCaller | null> {
  if (!secret.startsWith(KEY_PREFIX) || secret.length > 200) return null;
  const key = await db().apiKey.findUnique({ where: { digest: digestOf(secret) } });
  if (!key || key.revokedAt || (key.expiresAt && key.expiresAt.getTime() <= now)) return null;
  const user = await signedInUser(key.createdById);
  if (!user || user.accountId !== key.accountId) return null;
  await noteUse(key, now);
  return { key: { id: key.id, name: key.name, scopes: scopesOf(key.scopes) }, user };
}

/** lastUsedAt, written only when a minute old; the condition keeps two processes from both writing. */
async function noteUse(key: { id: number; lastUsedAt: Date | null }, now: number): Promise<void> {
  if (key.lastUsedAt && now - key.lastUsedAt.getTime() < LAST_USED_EVERY_MS) return;
  const stale = new Date(now - LAST_USED_EVERY_MS);
  await db().apiKey.updateMany({
    where: { id: key.id, OR: [{ lastUsedAt: null }, { lastUsedAt: { lt: stale } }] },
    data: { lastUsedAt: new Date(now) },
  });
}
