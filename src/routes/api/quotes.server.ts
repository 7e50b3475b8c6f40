import { fieldErrors } from "#domain/auth/account-forms.ts";
import { pageQuoteInput, presentQuote } from "#domain/api/quotes.ts";
import type { ApiRoutes } from "#domain/api/routes.ts";
import { found } from "#lib/errors.server.ts";
import { refused } from "#lib/result.server.ts";
import { ownQuotesOn, quoteById, requireOwnQuote } from "#models/api/quotes.server.ts";
import { awardJob } from "#models/award.server.ts";
import { placeQuote, quotesForShipper, withdrawQuote } from "#models/quotes.server.ts";
import { isBidder, requireJobForBidding, requireShipperJob } from "#models/quotes/access.server.ts";
import type { Handlers } from "#server/api/dispatch.server.ts";
import { refusalProblem } from "#server/api/problem.server.ts";

// Quotes: the bidding pages' models (placeQuote, withdrawQuote, awardJob) and their access rules.

type QuoteRoutes = Pick<ApiRoutes, "listQuotes" | "placeQuote" | "withdrawQuote" | "awardJob">;

export const quoteHandlers: Handlers<QuoteRoutes> = {
  async listQuotes({ caller, params }) {
    const { user } = caller;
    const job = await requireJobForBidding(user, params.id, "read");
    if (user.account.kind === "shipper") {
      const quotes = await quotesForShipper(job);
      return { status: 200, body: { data: quotes.map((quote) => presentQuote({ ...quote, jobId: job.id })) } };
    }
    return { status: 200, body: { data: (await ownQuotesOn(user, job.id)).map(presentQuote) } };
  },

  async placeQuote({ caller, params, body }) {
    const { user } = caller;
    found(isBidder(user));
    const job = await requireJobForBidding(user, params.id);
    const input = pageQuoteInput(body, job.expectedQuantity);
    const placed = input.success ? await placeQuote(job, user, input.data) : refused(fieldErrors(input.error));
    if (!placed.ok) throw refusalProblem(placed);
    return { status: 201, body: presentQuote(await quoteById(placed.quote.id)) };
  },

  async withdrawQuote({ caller, params }) {
    const quote = await requireOwnQuote(caller.user, params.id);
    const job = await requireJobForBidding(caller.user, quote.jobId);
    const withdrawn = await withdrawQuote(job, quote);
    if (!withdrawn.ok) throw refusalProblem(withdrawn);
    return { status: 200, body: presentQuote(await quoteById(quote.id)) };
  },

  async awardJob({ caller, params }) {
    const job = await requireShipperJob(caller.user, params.id);
    const outcome = await awardJob(job.id);
    if (!outcome.ok) throw refusalProblem(outcome);
    return { status: 201, body: { job_id: job.id, loads: outcome.loads, assigned: outcome.assigned, carriers: outcome.carriers } };
  },
};
