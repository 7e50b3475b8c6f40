import { officeOf } from "#domain/accounts/team.ts";
import type { Request, Response } from "express";
import { asset } from "#lib/assets.server.ts";
import { generateToken } from "#server/csrf.server.ts";
import * as format from "#lib/format.server.ts";
import { navLinksFor } from "#server/navigation.server.ts";
import { navBadgesFor } from "#pages/nav-badges.server.ts";
import { keepPage } from "#server/page-cache.server.ts";
import { takeTrackedEvents } from "#server/tracked-events.server.ts";

/** The caller asked for JSON rather than a page (Accept prefers it). */
export const wantsJson = (req: Request) => req.accepts(["html", "json"]) === "json";

export type PageLocals = { title?: string; [key: string]: unknown };

// A Turbo Frame's request (a lazy panel loading as it scrolls into view, say) shows only its frame:
// Turbo drops the rest of the page, flash message and analytics events included. So such a request
// leaves them for the next whole page, which may be the very one a redirect is loading meanwhile.
const forFrame = (req: Request) => Boolean(req.get("turbo-frame"));

/** Locals every view can use: the signed-in user, flash, CSRF token, asset URLs and formatters. */
export function viewLocals(req: Request, res: Response) {
  const takesFlash = !forFrame(req) && req.session?.flash;
  const flash = takesFlash || {};
  if (takesFlash) delete req.session.flash;
  return {
    currentUser: req.user ?? null,
    office: officeOf(req.user),
    impersonating: Boolean(req.impersonatorId),
    csrfToken: req.session ? generateToken(req) : "",
    path: req.path,
    flash,
    asset,
    ...format,
    navLinksFor,
    ...res.locals,
  };
}

/** Renders a view inside the application layout. */
export async function renderPage(req: Request, res: Response, view: string, locals: PageLocals = {}, status = 200) {
  const all = { ...viewLocals(req, res), title: undefined, errors: {}, values: {}, navBadges: await navBadgesFor(req.user), ...locals };
  const body = await renderView(res, view, all);
  // Only a whole page takes the waiting events (a fragment would drop them), and a page that
  // carries them is never kept for reuse: each event is sent once.
  const trackedEvents = forFrame(req) ? [] : takeTrackedEvents(req);
  const html = await renderView(res, "layouts/application", { ...all, body, trackedEvents });
  res.status(status);
  if (trackedEvents.length === 0) keepPage(req, res, html, all.csrfToken);
  res.type("html").send(html);
}

/** A partial on its own, e.g. for a Turbo Stream or a fragment answer. */
export function renderPartial(req: Request, res: Response, view: string, locals: Record<string, unknown> = {}) {
  return renderView(res, view, { ...viewLocals(req, res), errors: {}, values: {}, ...locals });
}

function renderView(res: Response, view: string, locals: object): Promise<string> {
  return new Promise((resolve, reject) => res.app.render(view, locals, (err, html) => (err ? reject(err) : resolve(html))));
}

export function flash(req: Request, kind: "notice" | "alert", message: string) {
  req.session.flash = { ...req.session.flash, [kind]: message };
}
