import { Router, type Request, type Response } from "express";
import { z } from "zod";
import { boardPath, boardQuery, readBoardFilters } from "#domain/jobs/board-filters.ts";
import { MAX_SEARCHES_PER_USER, NAME_MAX_LENGTH, describeSearch, savedFilters, type SavedFilters } from "#domain/jobs/saved-search.ts";
import type { FieldErrors } from "#lib/result.server.ts";
import { createSavedSearch, deleteSavedSearch, renameSavedSearch, requireSearcher } from "#models/saved-searches.server.ts";
import { savedSearchesOf } from "#models/saved-searches/list.server.ts";
import type { CurrentUser } from "#models/users.server.ts";
import { requireUser } from "#server/auth.server.ts";
import { flash, renderPage } from "#server/render.server.ts";

// A carrier office user's saved searches: saved from the job board (its current filters and a
// name), listed with their new matches, renamed and deleted. Anyone else (drivers, shippers,
// support) finds no such pages: 404.

/** A posted form as flat fields: the name, and the board's filters under their query names. */
const PostedSchema = z.record(z.string(), z.unknown()).catch({});

function searcher(req: Request): CurrentUser {
  return requireSearcher(requireUser(req));
}

/** The board with the filters (and order) it was saved from. */
const boardPathOf = (posted: Record<string, unknown>) => boardPath(readBoardFilters(posted), 1);

type Refused = { filters: SavedFilters; name: unknown; errors: FieldErrors };

/** The save form again, the problems in a summary at the top and beside the name. */
async function renderSaveForm(req: Request, res: Response, posted: Record<string, unknown>, refused: Refused) {
  await renderPage(req, res, "saved_searches/new", {
    title: "Error: Save this search",
    summary: describeSearch(refused.filters),
    hasFilters: !savedFilters.isEmpty(refused.filters),
    boardPath: boardPathOf(posted),
    hiddenFields: [...new URLSearchParams(boardQuery(readBoardFilters(posted), 1))],
    values: { name: typeof refused.name === "string" ? refused.name : "" },
    errors: refused.errors,
    nameMaxLength: NAME_MAX_LENGTH,
  }, 422);
}

async function renderList(req: Request, res: Response, user: CurrentUser, refused?: { id: number; name: string; errors: FieldErrors }) {
  const searches = await savedSearchesOf(user);
  await renderPage(req, res, "saved_searches/index", {
    title: refused ? "Error: Saved searches" : "Saved searches",
    searches,
    refused: refused ?? null,
    limit: MAX_SEARCHES_PER_USER,
    nameMaxLength: NAME_MAX_LENGTH,
  }, refused ? 422 : 200);
}

export function savedSearchesRouter(): Router {
  const router = Router();

  router.get("/saved_searches", async (req, res) => {
    await renderList(req, res, searcher(req));
  });

  router.post("/saved_searches", async (req, res) => {
    const user = searcher(req);
    const posted = PostedSchema.parse(req.body);
    const filters = savedFilters.fromQuery(posted);
    const saved = await createSavedSearch(user, { name: posted.name, filters });
    if (!saved.ok) return renderSaveForm(req, res, posted, { filters, name: posted.name, errors: saved.errors });
    flash(req, "notice", `Saved search “${saved.name}” saved. We'll tell you when a new job matches.`);
    res.redirect(303, boardPathOf(posted));
  });

  router.patch("/saved_searches/:id", async (req, res) => {
    const user = searcher(req);
    const posted = PostedSchema.parse(req.body);
    const renamed = await renameSavedSearch(user, req.params.id, { name: posted.name });
    if (!renamed.ok) return renderList(req, res, user, { id: Number(req.params.id), name: typeof posted.name === "string" ? posted.name : "", errors: renamed.errors });
    flash(req, "notice", `Saved search renamed to “${renamed.name}”.`);
    res.redirect(303, "/saved_searches");
  });

  router.delete("/saved_searches/:id", async (req, res) => {
    const deleted = await deleteSavedSearch(searcher(req), req.params.id);
    flash(req, "notice", `Saved search “${deleted.name}” deleted.`);
    res.redirect(303, "/saved_searches");
  });

  return router;
}
