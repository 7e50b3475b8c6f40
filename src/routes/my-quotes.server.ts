import { Router } from "express";
import { parseMyQuotesSort } from "#domain/bidding/quote-state.ts";
import { jobView } from "#domain/jobs/job-view.ts";
import { quotesStream } from "#domain/messaging/streams.ts";
import { found } from "#lib/errors.server.ts";
import { pageNumber } from "#lib/input.server.ts";
import { streamTag } from "#lib/turbo.server.ts";
import { myQuotesPage } from "#pages/my-quotes.server.ts";
import { isBidder } from "#models/quotes/access.server.ts";
import { requireUser } from "#server/auth.server.ts";
import { renderPage } from "#server/render.server.ts";

/** "My quotes": a carrier office's quotes on every job, with where each stands now. */
export function myQuotesRouter(): Router {
  const router = Router();

  // Only a carrier's office quotes: drivers and shippers are answered as if the page did not exist.
  router.get("/quotes", async (req, res) => {
    const user = requireUser(req);
    found(isBidder(user));
    const sort = parseMyQuotesSort(req.query.sort);
    const page = await myQuotesPage(user, { sort, page: pageNumber(req.query.page) });
    // The page follows its own stream: a rival's quote that moves one of these refreshes it (see refreshQuotesPages).
    const liveTag = streamTag(quotesStream(user.accountId));
    await renderPage(req, res, "quotes/index", { title: "My quotes", page, liveTag, jobView });
  });

  return router;
}
