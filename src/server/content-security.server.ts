import { randomBytes } from "node:crypto";
import type { RequestHandler } from "express";
import type { Env } from "#lib/env.server.ts";

// Scripts come only from our own files; the one kind of inline content, <style> blocks, must carry
// this answer's nonce. Everything else a page loads is ours, except map tiles and the cable socket
// of APP_ORIGIN. The header is built once; only the nonce changes per answer.

function policy(env: Env, nonce: string): string {
  const directives: [string, ...string[]][] = [
    ["default-src", "'self'"],
    ["script-src", "'self'"],
    ["style-src", "'self'", `'nonce-${nonce}'`],
    ["img-src", "'self'", "data:", "blob:", tileSource(env.TILE_URL)],
    ["connect-src", "'self'", ...cableOrigins(env)],
    ["font-src", "'self'"],
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
  return (_req, res, next) => {
    const nonce = nextNonce();
    res.locals.nonce = nonce;
    res.setHeader("Content-Security-Policy", before + nonce + after);
    next();
  };
}
