import type { NextFunction, Request, RequestHandler, Response } from "express";
import { isCurrent, readSoFar, watchStatements, type Stamp } from "#db/table-versions.server.ts";
import { IDENTITY_TABLES } from "#models/users.server.ts";
import { generateToken } from "#server/csrf.server.ts";

// A signed-in page, once rendered, is kept for this person and this exact request and served again
// until any table it read is written (table-versions tracks every statement) or a second has passed,
// whichever comes first (while it is being rendered again, the kept copy may answer up to two
// seconds old): a page may be a little behind the clock (a closing time just passed) but never
// behind the data. The per-request parts, the CSP nonce and the CSRF token, are cut out when
// a page is kept and filled in fresh for each answer. Pages whose request wrote anything, showed a
// one-time flash message, had analytics events waiting to be sent, or answered other than 200 are
// never kept.

export const PAGE_CACHE_TTL_MS = 1_000;
const MAX_PAGES = 1_000;
// Kept bytes are held to this too, the oldest kept page dropped first. Left to MAX_PAGES alone, a
// stream of new addresses (each a page kept and never asked for again) kept a thousand big pages
// alive: tens of MiB moved into the old generation, whose collections stall every request.
const MAX_KEPT_BYTES = 24 * 1024 * 1024;
let keptBytes = 0;
// The signed-in user and account come from their own cache, not a statement, so every page
// depends on their tables explicitly: a renamed company shows at once.
const NONCE = "\u0000nonce\u0000";
const CSRF = "\u0000csrf\u0000";
const HOLE = new RegExp(`(${NONCE}|${CSRF})`);

// A kept page is its bytes cut at each nonce and token: [bytes, hole, bytes, hole, …, bytes].
type Page = { pieces: (Buffer | typeof NONCE | typeof CSRF)[]; stamp: Stamp; keptAt: number; bytes: number };
const pages = new Map<string, Page>();
const keys = new WeakMap<Request, string>();

function keyFor(req: Request): string | undefined {
  if (req.method !== "GET" || !req.user || req.session.flash || req.session.trackedEvents) return undefined;
  return [req.user.id, req.impersonatorId ?? "", req.originalUrl, req.get("accept") ?? "", req.get("turbo-frame") ?? ""].join("\n");
}

// Kept pages being rendered again, by key (so for one person: their tabs, a wall screen polling, a
// phone and a laptop). When the same page is asked for many times at once its kept copy expires for
// all those requests at the same moment; without this, every request arriving during the render
// would render the page too, each waiting behind the others' work. So one request renders it again. The others meanwhile get the kept copy if only its second is up
// (nothing it read has been written: it is a render's time older than a second, no more), or wait
// for the render if the data changed. Only keys kept before take part: a download, or a page never
// kept (one that writes), is never held up behind another request for the same address.
const rerendering = new Map<string, Promise<void>>();

/** Answers from a kept page when it is still current; otherwise lets the route run, watching its reads. */
export function pageCache(): RequestHandler {
  return (req, res, next) => {
    const key = keyFor(req);
    if (!key) return next();
    const page = pages.get(key);
    const pending = rerendering.get(key);
    if (page && isCurrent(page.stamp)) {
      const age = Date.now() - page.keptAt;
      // Only a second old, or the data unchanged while someone renders it again: the kept copy.
      if (age < PAGE_CACHE_TTL_MS || (pending && age < 2 * PAGE_CACHE_TTL_MS)) return answer(page, req, res, next);
    }
    if (!pending) return render(key, req, res, next);
    // The data changed and someone is rendering this very page: wait for theirs, render only if it was not kept.
    void pending.then(() => {
      const fresh = pages.get(key);
      if (fresh && Date.now() - fresh.keptAt < PAGE_CACHE_TTL_MS && isCurrent(fresh.stamp)) answer(fresh, req, res, next);
      else render(key, req, res, next);
    });
  };
}

function answer(page: Page, req: Request, res: Response, next: NextFunction): void {
  const hadToken = Boolean(req.session.csrfToken);
  const fill = { [NONCE]: Buffer.from(res.locals.nonce), [CSRF]: Buffer.from(generateToken(req)) };
  const chunks = page.pieces.map((piece) => (typeof piece === "string" ? fill[piece] : piece));
  const send = () => {
    // Written piece by piece (one gathered write), not copied into one buffer first.
    res.type("html").setHeader("Content-Length", chunks.reduce((sum, chunk) => sum + chunk.length, 0));
    for (const chunk of chunks) res.write(chunk);
    res.end();
  };
  if (hadToken) return send();
  // A session given its first token by this answer (another session of the same person kept the
  // page) is saved before the first byte: once written, the page is whole in the client's hands
  // (its length is known) and the next post may come before a later save, without the token.
  req.session.save((err) => (err ? next(err) : send()));
}

function render(key: string, req: Request, res: Response, next: NextFunction): void {
  keys.set(req, key);
  if (pages.has(key) && !rerendering.has(key)) {
    const done = new Promise<void>((resolve) => res.once("close", resolve));
    rerendering.set(key, done);
    void done.then(() => rerendering.get(key) === done && rerendering.delete(key));
  }
  watchStatements(next);
}

/** Called with every rendered page: keeps it when the request only read. */
export function keepPage(req: Request, res: Response, html: string, csrfToken: string): void {
  const key = keys.get(req);
  const stamp = key && res.statusCode === 200 ? readSoFar(IDENTITY_TABLES) : undefined;
  if (!key || !stamp) return;
  const marked = html.replaceAll(res.locals.nonce, NONCE);
  const template = csrfToken ? marked.replaceAll(csrfToken, CSRF) : marked;
  const pieces = template.split(HOLE).map((piece, i) => (i % 2 ? (piece as typeof NONCE | typeof CSRF) : Buffer.from(piece)));
  const bytes = pieces.reduce((sum, piece) => sum + piece.length, 0);
  forget(key);
  // Pages are kept in the order they were kept (a page kept again moves to the end), oldest first.
  for (const oldest of pages.keys()) {
    if (pages.size < MAX_PAGES && keptBytes + bytes <= MAX_KEPT_BYTES) break;
    forget(oldest);
  }
  pages.set(key, { pieces, stamp, keptAt: Date.now(), bytes });
  keptBytes += bytes;
}

function forget(key: string): void {
  const page = pages.get(key);
  if (!page) return;
  keptBytes -= page.bytes;
  pages.delete(key);
}

/** Forget every kept page (a fresh app). */
export function forgetPages(): void {
  pages.clear();
  keptBytes = 0;
  rerendering.clear();
}
