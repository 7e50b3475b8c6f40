// Standard Webhooks signatures (https://www.standardwebhooks.com): `webhook-signature` is
// "v1," + base64(HMAC-SHA256(secret bytes, "{webhook-id}.{webhook-timestamp}.{body}")). The id and
// the timestamp are signed with the body so a receiver can refuse a replayed or stale delivery,
// which a signature over the body alone (fleetbase's) cannot. Web Crypto, so it runs anywhere.

export const SECRET_PREFIX = "whsec_";
const SECRET_BYTES = 24;

const toBase64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));
const fromBase64 = (text: string) => Uint8Array.from(atob(text), (char) => char.charCodeAt(0));

/** A new endpoint secret: "whsec_" and the base64 of 24 random bytes. */
export function newWebhookSecret(): string {
  return SECRET_PREFIX + toBase64(crypto.getRandomValues(new Uint8Array(SECRET_BYTES)));
}

/** The key bytes a secret stands for (the part after "whsec_", base64-decoded). */
export function secretBytes(secret: string): Uint8Array {
  return fromBase64(secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret);
}

/** One "v1,<base64>" signature of this message with this secret. */
export async function signatureWith(secret: string, id: string, timestamp: number, body: string): Promise<string> {
  const algorithm = { name: "HMAC", hash: "SHA-256" };
  const key = await crypto.subtle.importKey("raw", secretBytes(secret) as BufferSource, algorithm, false, ["sign"]);
  const mac = await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(`${id}.${timestamp}.${body}`));
  return `v1,${toBase64(new Uint8Array(mac))}`;
}

export type SigningSecrets = { secret: string; previousSecret: string | null; previousSecretUntil: Date | null };

/** The secrets that sign at `now`: the current one, and the previous one while its overlap lasts. */
export function signingSecrets(endpoint: SigningSecrets, now: Date): string[] {
  const previous = endpoint.previousSecret && endpoint.previousSecretUntil && endpoint.previousSecretUntil > now;
  return previous ? [endpoint.secret, endpoint.previousSecret!] : [endpoint.secret];
}

/** The three headers of a delivery: several signatures are separated by spaces. */
export async function signedHeaders(secrets: readonly string[], id: string, now: Date, body: string): Promise<Record<string, string>> {
  const timestamp = Math.floor(now.getTime() / 1000);
  const signatures = await Promise.all(secrets.map((secret) => signatureWith(secret, id, timestamp, body)));
  return { "webhook-id": id, "webhook-timestamp": String(timestamp), "webhook-signature": signatures.join(" ") };
}
