import { randomBytes } from "node:crypto";
import type { RequestHandler, Response } from "express";
import type { Env } from "#lib/env.server.ts";
import { bucketOrigin } from "#lib/s3-storage.server.ts";

// Scripts come only from our own files; the one kind of inline content, <style> blocks, must carry
// this answer's nonce. Everything else a page loads is ours, except map tiles, the cable socket of
// APP_ORIGIN, and — only when configured — a third-party chat widget's origin, a hosted signing
// provider's (framed) and the storage bucket's (uploads are PUT to it, photos shown from it). The
// header is built once; only the nonce changes per answer. Pages learn the configured third parties
// from here too (res.locals), so a page never loads what the policy refuses.

function policy(env: Env, nonce: string): string {
  const chat = originOf(env.SUPPORT_CHAT_SCRIPT_URL);
  const bucket = env.STORAGE_URL ? [bucketOrigin(env)] : [];
  const directives: [string, ...string[]][] = [
    ["default-src", "'self'"],
    ["script-src", "'self'", ...chat],
    ["style-src", "'self'", `'nonce-${nonce}'`, ...chat],
    ["img-src", "'self'", "data:", "blob:", tileSource(env.TILE_URL), ...bucket, ...chat],
    ["connect-src", "'self'", ...cableOrigins(env), ...bucket, ...chat.flatMap(withSocket)],
    ["frame-src", "'self'", ...chat, ...originOf(env.SIGNATURE_PROVIDER_URL)],
    ["font-src", "'self'", ...chat],
    ["object-src", "'none'"],
    ["base-uri", "'none'"],
    ["frame-ancestors", "'none'"],
    ["form-action", "'self'"],
    ...(env.isProduction ? [["upgrade-insecure-requests"] as [string]] : []),
  ];
  return directives.map((directive) => directive.join(" ")).join(";");
}

/** The configured tile service's origin; a `{s}` subdomain placeholder becomes a wildcard. */
export function tileSource(tileUrl: string): string {
  const url = new URL(tileUrl.replaceAll("{s}", "tiles-subdomain"));
  return `${url.protocol}//${url.host.replace(/^tiles-subdomain\./, "*.")}`;
}

/** The page talks to its own origin only ('self' covers the same-origin WebSocket); APP_ORIGIN's socket too. */
function cableOrigins(env: Env): string[] {
  if (!env.APP_ORIGIN) return [];
  const origin = new URL(env.APP_ORIGIN);
  return [`${origin.protocol === "https:" ? "wss:" : "ws:"}//${origin.host}`];
}

/** A configured third party's origin, as a one-item list (none when it is not configured). */
function originOf(url: string | undefined): string[] {
  return url ? [new URL(url.replaceAll("{reference}", "x")).origin] : [];
}

/** Chat widgets talk back over a WebSocket to their own host as well. */
const withSocket = (origin: string) => [origin, origin.replace(/^https:/, "wss:")];

/**
 * Our own pages are never framed, but for one kind of answer: our signing page, which sits in a frame
 * of our contract acceptance page. Only our own origin may frame it.
 */
export function allowFramingBySelf(res: Response): void {
  const header = res.getHeader("Content-Security-Policy");
  if (typeof header === "string") res.setHeader("Content-Security-Policy", header.replace("frame-ancestors 'none'", "frame-ancestors 'self'"));
  res.setHeader("X-Frame-Options", "SAMEORIGIN");
}

/** 16 random bytes per answer, drawn from a pool refilled 4 KiB at a time (one system call per 256). */
function nonces(): () => string {
  let pool = Buffer.alloc(0);
  let at = 0;
  return () => {
    if (at + 16 > pool.length) [pool, at] = [randomBytes(4096), 0];
    return pool.toString("base64", at, (at += 16));
  };
}

/** Sets `res.locals.nonce` and the Content-Security-Policy header that allows it. */
export function contentSecurityPolicy(env: Env): RequestHandler {
  const MARK = "\u0000";
  const [before, after] = policy(env, MARK).split(MARK) as [string, string];
  const nextNonce = nonces();
  const thirdParties = { supportChatScriptUrl: env.SUPPORT_CHAT_SCRIPT_URL ?? null, signatureProviderUrl: env.SIGNATURE_PROVIDER_URL ?? null };
  return (_req, res, next) => {
    const nonce = nextNonce();
    res.locals.nonce = nonce;
    Object.assign(res.locals, thirdParties);
    res.setHeader("Content-Security-Policy", before + nonce + after);
    next();
  };
}
