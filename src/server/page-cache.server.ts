import type { Request, RequestHandler, Response } from "express";
import { isCurrent, readSoFar, watchStatements, type Stamp } from "#db/table-versions.server.ts";
import { IDENTITY_TABLES } from "#models/users.server.ts";
import { generateToken } from "#server/csrf.server.ts";

// A signed-in page, once rendered, is kept for this person and this exact request and served again
// until any table it read is written (table-versions tracks every statement) or a second has passed,
// whichever comes first: a page may be a second behind the clock (a closing time just passed) but
// never behind the data. The per-request parts, the CSP nonce and the CSRF token, are cut out when
// a page is kept and filled in fresh for each answer. Pages whose request wrote anything, showed a
// one-time flash message, had analytics events waiting to be sent, or answered other than 200 are
// never kept.

export const PAGE_CACHE_TTL_MS = 1_000;
const MAX_PAGES = 1_000;
// The signed-in user and account come from their own cache, not a statement, so every page
// depends on their tables explicitly: a renamed company shows at once.
const NONCE = "\u0000nonce\u0000";
const CSRF = "\u0000csrf\u0000";
const HOLE = new RegExp(`(${NONCE}|${CSRF})`);

// A kept page is its bytes cut at each nonce and token: [bytes, hole, bytes, hole, …, bytes].
type Page = { pieces: (Buffer | typeof NONCE | typeof CSRF)[]; stamp: Stamp; keptAt: number };
const pages = new Map<string, Page>();
const keys = new WeakMap<Request, string>();

function keyFor(req: Request): string | undefined {
  if (req.method !== "GET" || !req.user || req.session.flash || req.session.trackedEvents) return undefined;
  return [req.user.id, req.impersonatorId ?? "", req.originalUrl, req.get("accept") ?? "", req.get("turbo-frame") ?? ""].join("\n");
}

/** Answers from a kept page when it is still current; otherwise lets the route run, watching its reads. */
export function pageCache(): RequestHandler {
  return (req, res, next) => {
    const key = keyFor(req);
    if (!key) return next();
    const page = pages.get(key);
    if (page && Date.now() - page.keptAt < PAGE_CACHE_TTL_MS && isCurrent(page.stamp)) {
      const fill = { [NONCE]: Buffer.from(res.locals.nonce), [CSRF]: Buffer.from(generateToken(req)) };
      const chunks = page.pieces.map((piece) => (typeof piece === "string" ? fill[piece] : piece));
      // Written piece by piece (one gathered write), not copied into one buffer first.
      res.type("html").setHeader("Content-Length", chunks.reduce((sum, chunk) => sum + chunk.length, 0));
      for (const chunk of chunks) res.write(chunk);
      res.end();
      return;
    }
    keys.set(req, key);
    watchStatements(next);
  };
}

/** Called with every rendered page: keeps it when the request only read. */
export function keepPage(req: Request, res: Response, html: string, csrfToken: string): void {
  const key = keys.get(req);
  const stamp = key && res.statusCode === 200 ? readSoFar(IDENTITY_TABLES) : undefined;
  if (!key || !stamp) return;
  if (pages.size >= MAX_PAGES) pages.delete(pages.keys().next().value as string);
  const marked = html.replaceAll(res.locals.nonce, NONCE);
  const template = csrfToken ? marked.replaceAll(csrfToken, CSRF) : marked;
  const pieces = template.split(HOLE).map((piece, i) => (i % 2 ? (piece as typeof NONCE | typeof CSRF) : Buffer.from(piece)));
  pages.set(key, { pieces, stamp, keptAt: Date.now() });
}

/** Forget every kept page (a fresh app). */
export function forgetPages(): void {
  pages.clear();
}
