import { createCipheriv, createDecipheriv, createHmac, timingSafeEqual } from "node:crypto";
import { derivedKey } from "#lib/secrets.server.ts";

// A signed global id names a record to an API without the API trusting a bare id: the payload
// ("gid://loadline/Message/12" with a purpose) is encrypted (AES-256-GCM) so the page learns nothing
// about the id or how many records there are, and HMAC-signed so a tampered id, one for another model
// or one made for another purpose locates nothing. The IV is derived from the payload (as in AES-SIV),
// so a record always gets the same id: pages, streams and broadcasts name a message identically.

const APP = "loadline";
const SEPARATOR = "--";
const IV_BYTES = 12;
const TAG_BYTES = 16;
// Ids are written with this many digits, so every signed id has the same length whatever the record.
const ID_DIGITS = 15;
const GID = new RegExp(`^gid://([^/]+)/([^/]+)/([0-9]{${ID_DIGITS}})$`);

// A record's signed id never changes while the secret does not, and a conversation signs each of its
// messages on every render: signed ids are remembered (up to MAX_REMEMBERED), forgotten with the key.
const MAX_REMEMBERED = 10_000;
const remembered = new Map<string, string>();
let rememberedFor: Buffer | undefined;

export function signGlobalId(model: string, id: number, purpose: string): string {
  const key = derivedKey("signed global ids");
  if (key !== rememberedFor || remembered.size >= MAX_REMEMBERED) {
    remembered.clear();
    rememberedFor = key;
  }
  const name = `${model}/${id}/${purpose}`;
  let signed = remembered.get(name);
  if (signed === undefined) remembered.set(name, (signed = freshlySigned(model, id, purpose)));
  return signed;
}

function freshlySigned(model: string, id: number, purpose: string): string {
  const payload = encrypt(JSON.stringify({ gid: `gid://${APP}/${model}/${String(id).padStart(ID_DIGITS, "0")}`, pur: purpose }));
  return `${payload}${SEPARATOR}${digest(payload)}`;
}

/** The record id a signed global id names, if it is genuine, of `model` and for `purpose`; else null. */
export function locateGlobalId(sgid: unknown, model: string, purpose: string): number | null {
  if (typeof sgid !== "string" || sgid.length > 512) return null;
  const at = sgid.lastIndexOf(SEPARATOR);
  if (at < 1) return null;
  const payload = sgid.slice(0, at);
  const given = Buffer.from(sgid.slice(at + SEPARATOR.length));
  const expected = Buffer.from(digest(payload));
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return idFrom(decrypt(payload), model, purpose);
}

function digest(payload: string): string {
  return createHmac("sha256", derivedKey("signed global ids")).update(payload).digest("base64url");
}

function encrypt(text: string): string {
  const iv = createHmac("sha256", derivedKey("global id iv")).update(text).digest().subarray(0, IV_BYTES);
  const cipher = createCipheriv("aes-256-gcm", derivedKey("global id encryption"), iv);
  const sealed = Buffer.concat([cipher.update(text, "utf8"), cipher.final()]);
  return Buffer.concat([iv, sealed, cipher.getAuthTag()]).toString("base64url");
}

function decrypt(payload: string): string | null {
  const bytes = Buffer.from(payload, "base64url");
  if (bytes.length <= IV_BYTES + TAG_BYTES) return null;
  try {
    const decipher = createDecipheriv("aes-256-gcm", derivedKey("global id encryption"), bytes.subarray(0, IV_BYTES));
    decipher.setAuthTag(bytes.subarray(bytes.length - TAG_BYTES));
    return Buffer.concat([decipher.update(bytes.subarray(IV_BYTES, bytes.length - TAG_BYTES)), decipher.final()]).toString("utf8");
  } catch {
    return null;
  }
}

function idFrom(text: string | null, model: string, purpose: string): number | null {
  try {
    const { gid, pur } = JSON.parse(text ?? "null") as { gid?: unknown; pur?: unknown };
    const match = typeof gid === "string" ? GID.exec(gid) : null;
    if (!match || match[1] !== APP || match[2] !== model || pur !== purpose || Number(match[3]) < 1) return null;
    return Number(match[3]);
  } catch {
    return null;
  }
}
