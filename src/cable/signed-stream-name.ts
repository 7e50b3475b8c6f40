import { createHmac, timingSafeEqual } from "node:crypto";

// Matches turbo-rails: Turbo.signed_stream_verifier is
// ActiveSupport::MessageVerifier.new(key, digest: "SHA256", serializer: JSON), and `generate` with no
// purpose or expiry writes strict_base64(JSON(name)) + "--" + hex(HMAC-SHA256(key, base64 part)).
// `secret` is that verifier key itself (Rails derives it from secret_key_base; we take it as given).
// Why only the server can name a stream, and how subscriptions are checked: docs/cable.md.

export type Streamable = string | number;
export type StreamNameSource = Streamable | readonly Streamable[];
export type StreamSecret = string | Buffer;

const SEPARATOR = "--";
const DIGEST_HEX = /^[0-9a-f]{64}$/;
const STRICT_BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/** turbo-rails `stream_name_from`: arrays join their parts with ":". */
export function streamNameFrom(source: StreamNameSource): string {
  return typeof source === "string" || typeof source === "number" ? String(source) : source.map(String).join(":");
}

export function signStreamName(source: StreamNameSource, secret: StreamSecret): string {
  const data = Buffer.from(JSON.stringify(streamNameFrom(source)), "utf8").toString("base64");
  return `${data}${SEPARATOR}${digest(data, secret).toString("hex")}`;
}

/** The stream name if `signed` was produced by `signStreamName` with this secret, else null. */
export function verifyStreamName(signed: unknown, secret: StreamSecret): string | null {
  if (typeof signed !== "string") return null;
  const at = signed.length - 64 - SEPARATOR.length;
  if (at < 1 || signed.slice(at, at + SEPARATOR.length) !== SEPARATOR) return null;
  const data = signed.slice(0, at);
  const given = signed.slice(at + SEPARATOR.length);
  if (!DIGEST_HEX.test(given) || !timingSafeEqual(Buffer.from(given, "hex"), digest(data, secret))) return null;
  return decodeName(data);
}

function digest(data: string, secret: StreamSecret): Buffer {
  return createHmac("sha256", secret).update(data, "utf8").digest();
}

function decodeName(data: string): string | null {
  if (!STRICT_BASE64.test(data)) return null;
  try {
    const name: unknown = JSON.parse(Buffer.from(data, "base64").toString("utf8"));
    return typeof name === "string" ? name : null;
  } catch {
    return null;
  }
}
