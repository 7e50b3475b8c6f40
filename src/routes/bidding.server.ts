import { type Request, type Response, Router } from "express";
import { AllocationRulesInputSchema, ReturnToSchema } from "#domain/bidding/allocation-rules-input.ts";
import { QuoteInputSchema } from "#domain/bidding/quote-input-schema.ts";
import { allOf, count } from "#domain/format/count.ts";
import { formatMoney } from "#domain/format/money.ts";
import { jobStream } from "#domain/messaging/streams.ts";
import { HttpError, found } from "#lib/errors.server.ts";
import { pageNumber, parseInput } from "#lib/input.server.ts";
import type { FieldErrors, Result } from "#lib/result.server.ts";
import { streamTag } from "#lib/turbo.server.ts";
import { requireUser } from "#server/auth.server.ts";
import { flash, renderPage, wantsJson } from "#server/render.server.ts";
import { trackEvent } from "#server/tracked-events.server.ts";
import { awardJob, secureNow } from "#models/award.server.ts";
import { biddingPanelFor } from "#pages/bidding-panel.server.ts";
import type { CarrierPanel } from "#pages/bidding-panel/carrier.server.ts";
import { anonymousStandings } from "#pages/bidding-panel/carrier.server.ts";
import { parseQuoteSort, quotesPageFor } from "#pages/job-quotes.server.ts";
import { type BiddingJob, placeQuote, withdrawQuote } from "#models/quotes.server.ts";
import {
  canReadJob, isBidder, requireJobForBidding, requireQuoteForCarrier, requireShipperJob,
} from "#models/quotes/access.server.ts";
import { updateAllocationRules } from "#models/quotes/allocation.server.ts";
import type { CurrentUser } from "#models/users.server.ts";

/** Quotes, allocation rules, award and "secure now" on a job. */
export function biddingRouter(): Router {
  const router = Router();
  router.get("/jobs/:id/quotes", showQuotes);
  router.post("/jobs/:id/quotes", (req, res) => saveQuote(req, res, null));
  router.patch("/jobs/:id/quotes/:quoteId", (req, res) => saveQuote(req, res, req.params.quoteId));
  router.delete("/jobs/:id/quotes/:quoteId", withdraw);
  router.patch("/jobs/:id/allocation_rules", saveAllocationRules);
  router.post("/jobs/:id/award", award);
  router.post("/jobs/:id/secure_now", secureJobNow);
  return router;
}

/** The job's quotes: the shipper's ranked quotes page, or a carrier's quote page (JSON: the anonymised standings). */
async function showQuotes(req: Request, res: Response) {
  const user = requireUser(req);
  const job = await requireJobForBidding(user, req.params.id, "read");
  if (user.account.kind === "shipper") return showShipperQuotes(req, res, job);
  const panel = await biddingPanelFor(job, user, { returnTo: `/jobs/${job.id}/quotes` });
  const bidding = found(panel.kind === "carrier" && panel);
  if (wantsJson(req)) return res.json(anonymousStandings(bidding.allocator.quotes, job));
  await renderPage(req, res, "bidding/quote", quotePage(job, bidding));
}

async function withdraw(req: Request, res: Response) {
  const { user, job } = await bidderAndJob(req);
  const quote = await requireQuoteForCarrier(user, job, req.params.quoteId);
  const result = await withdrawQuote(job, quote);
  if (!result.ok) return quoteFailed(req, res, job, user, result.errors);
  if (wantsJson(req)) return res.json({ quote: result.quote });
  flash(req, "notice", "Your quote has been withdrawn");
  res.redirect(303, returnTo(req, job));
}

async function saveAllocationRules(req: Request, res: Response) {
  const user = requireUser(req);
  const job = await requireShipperJob(user, req.params.id);
  const input = parseInput(AllocationRulesInputSchema, req.body);
  const result = input.ok ? await updateAllocationRules(job, input.data) : input;
  if (!result.ok) {
    if (wantsJson(req)) return res.status(422).json({ errors: result.errors });
    return showShipperQuotes(req, res, job, { errors: result.errors, values: stringValues(req.body) }, 422);
  }
  if (wantsJson(req) && input.ok) return res.json({ rules: input.data });
  flash(req, "notice", "Allocation rules saved");
  res.redirect(303, `/jobs/${job.id}/quotes`);
}

async function award(req: Request, res: Response) {
  const user = requireUser(req);
  const job = await requireShipperJob(user, req.params.id);
  const outcome = await awardJob(job.id);
  if (wantsJson(req)) return answerJson(res, outcome);
  flash(req, outcome.ok ? "notice" : "alert", outcome.ok ? awardedMessage(outcome) : refusal(outcome));
  res.redirect(303, `/jobs/${job.id}/quotes`);
}

async function secureJobNow(req: Request, res: Response) {
  const { user, job } = await bidderAndJob(req);
  const outcome = await secureNow(job.id, { accountId: user.accountId, userId: user.id });
  if (wantsJson(req)) return answerJson(res, outcome);
  if (!outcome.ok) {
    flash(req, "alert", refusal(outcome));
    return res.redirect(303, (await canReadJob(user, job)) ? returnTo(req, job) : "/jobs");
  }
  const price = formatMoney(job.secureNowPriceCents ?? 0);
  flash(req, "notice", `You secured ${allOf(outcome.loads, "load")} at ${price} a load`);
  res.redirect(303, "/loads");
}

async function bidderAndJob(req: Request): Promise<{ user: CurrentUser; job: BiddingJob }> {
  const user = requireUser(req);
  found(isBidder(user));
  return { user, job: await requireJobForBidding(user, req.params.id) };
}

async function saveQuote(req: Request, res: Response, quoteId: string | null) {
  const { user, job } = await bidderAndJob(req);
  if (quoteId !== null) await requireQuoteForCarrier(user, job, quoteId);
  const input = parseInput(QuoteInputSchema(job.expectedQuantity), req.body);
  const result = input.ok ? await placeQuote(job, user, input.data) : input;
  if (!result.ok) return quoteFailed(req, res, job, user, result.errors);
  if (wantsJson(req)) return res.status(quoteId ? 200 : 201).json({ quote: result.quote });
  flash(req, "notice", quoteId ? "Your quote has been updated" : "Your quote has been placed");
  const { numberOfLoads, valueCents } = result.quote;
  const revised = quoteId !== null;
  trackEvent(req, "quote_placed", { job_id: job.id, number_of_loads: numberOfLoads, value_cents: valueCents, revised });
  res.redirect(303, returnTo(req, job));
}

/**
 * A refused quote or withdrawal. While the quote form is on the page, it comes back (422) with the
 * problems beside its fields. Once bidding has closed (awarded, secured by another carrier, closed)
 * there is no form to show them in: a page drawn before that (a late "Update quote") goes back to
 * the page it came from, which now tells the carrier what happened, with the reason as an alert.
 */
async function quoteFailed(req: Request, res: Response, job: BiddingJob, user: CurrentUser, errors: FieldErrors) {
  if (wantsJson(req)) return res.status(422).json({ errors });
  const form = { errors, values: stringValues(req.body), returnTo: returnTo(req, job) };
  const bidding = await biddingPanelFor(job, user, form);
  if (bidding.kind !== "carrier") throw new HttpError(422, Object.values(errors).join(". "));
  if (!bidding.showsForm) {
    flash(req, "alert", bidding.refusal ?? refusal({ errors }));
    return res.redirect(303, (await canReadJob(user, job)) ? returnTo(req, job) : "/jobs");
  }
  await renderPage(req, res, "bidding/quote", quotePage(job, bidding), 422);
}

/** The job's pages follow its stream: a quote, award or auction change anywhere refreshes them. */
const liveTagOf = (job: { id: number }) => streamTag(jobStream(job.id));

/** A carrier's quote page: its bidding panel, following the job's stream. */
const quotePage = (job: BiddingJob, bidding: CarrierPanel) =>
  ({ title: `Quote · ${job.reference}`, bidding, liveTag: liveTagOf(job) });

type Form = { errors?: Record<string, string>; values?: Record<string, string> };

async function showShipperQuotes(req: Request, res: Response, job: BiddingJob, form: Form = {}, status = 200) {
  const page = await quotesPageFor(job, { pageNumber: pageNumber(req.query.page), sort: parseQuoteSort(req.query.sort) });
  if (wantsJson(req) && status === 200) {
    return res.json({ quotes: page.rows, totalAllocated: page.totalAllocated, rules: page.rules });
  }
  const title = `Quotes · ${job.reference}`;
  await renderPage(req, res, "bidding/index", {
    title, page, liveTag: liveTagOf(job), errors: form.errors ?? {}, values: form.values ?? {},
  }, status);
}

/** Back to the job page or the quote page, whichever the form came from; never anywhere else. */
function returnTo(req: Request, job: BiddingJob): string {
  const wanted = ReturnToSchema.safeParse(req.body ?? {}).data?.return_to;
  const allowed = [`/jobs/${job.id}`, `/jobs/${job.id}/quotes`];
  return typeof wanted === "string" && allowed.includes(wanted) ? wanted : allowed[0]!;
}

function stringValues(body: unknown): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [key, value] of Object.entries((body ?? {}) as Record<string, unknown>)) {
    if (typeof value === "string" || typeof value === "number") values[key] = String(value);
  }
  return values;
}

const refusal = (outcome: { errors: FieldErrors }) => outcome.errors.base ?? Object.values(outcome.errors).join(". ");

/** 201 with what was done, or the refusal's status with its message. */
function answerJson(res: Response, outcome: Result<object>) {
  return outcome.ok ? res.status(201).json(outcome) : res.status(outcome.status).json({ error: refusal(outcome) });
}

function awardedMessage({ loads, assigned, carriers }: { loads: number; assigned: number; carriers: number }): string {
  const to = `to ${count(carriers, "carrier")}`;
  if (assigned >= loads) return `Awarded ${count(loads, "load")} ${to}`;
  const left = loads - assigned;
  const [is, them] = left === 1 ? ["is", "it"] : ["are", "them"];
  const unassigned = `${count(left, "load")} nobody quoted for ${is} unassigned: `
    + `hand ${them} to a carrier from the load page.`;
  return `Awarded ${assigned} of ${count(loads, "load")} ${to}. ${unassigned}`;
}
