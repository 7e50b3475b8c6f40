import { createHmac, timingSafeEqual } from "node:crypto";
import { derivedKey } from "#lib/secrets.server.ts";

// A signed global id (Rails' SignedGlobalID): "gid://loadline/Message/12" with a purpose, HMAC-signed,
// so a page can name a record to an API without the API trusting a bare id. A tampered id, one for
// another model or one signed for another purpose locates nothing.

const APP = "loadline";
const SEPARATOR = "--";

export function signGlobalId(model: string, id: number, purpose: string): string {
  const payload = Buffer.from(JSON.stringify({ gid: `gid://${APP}/${model}/${id}`, pur: purpose })).toString("base64url");
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
  return idFrom(payload, model, purpose);
}

function digest(payload: string): string {
  return createHmac("sha256", derivedKey("signed global ids")).update(payload).digest("base64url");
}

function idFrom(payload: string, model: string, purpose: string): number | null {
  try {
    const { gid, pur } = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as { gid?: unknown; pur?: unknown };
    const match = typeof gid === "string" ? /^gid:\/\/([^/]+)\/([^/]+)\/([1-9][0-9]{0,14})$/.exec(gid) : null;
    if (!match || match[1] !== APP || match[2] !== model || pur !== purpose) return null;
    return Number(match[3]);
  } catch {
    return null;
  }
}
