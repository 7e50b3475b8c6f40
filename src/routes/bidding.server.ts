import { type Request, type Response, Router } from "express";
import { validateAllocationRules } from "#domain/bidding/allocation.ts";
import { QuoteInputSchema } from "#domain/bidding/quote-input-schema.ts";
import { formatMoney } from "#domain/format/money.ts";
import { requireUser } from "#server/auth.server.ts";
import { HttpError, notFound } from "#lib/errors.server.ts";
import { flash, renderPage } from "#server/render.server.ts";
import { awardJob, secureNow } from "#models/award.server.ts";
import { anonymousStandings, biddingPanelFor, quotesPageFor } from "#models/bidding-panel.server.ts";
import {
  type BiddingJob,
  isBidder,
  jobIdFrom,
  placeQuote,
  requireJobForBidding,
  requireQuoteForCarrier,
  requireShipperJob,
  updateAllocationRules,
  withdrawQuote,
} from "#models/quotes.server.ts";
import type { CurrentUser } from "#models/users.server.ts";

const wantsJson = (req: Request) => req.accepts(["html", "json"]) === "json";

/** Quotes, allocation rules, award and "secure now" on a job (SPEC §2 bid form, §9 allocation). */
export function biddingRouter(): Router {
  const router = Router();

  router.get("/jobs/:id/quotes", async (req, res) => {
    const user = requireUser(req);
    const job = await requireJobForBidding(jobIdFrom(req.params.id), user);
    if (user.account.kind === "shipper") return showShipperQuotes(req, res, job);
    const bidding = await biddingPanelFor(job, user, { returnTo: `/jobs/${job.id}/quotes` });
    if (bidding.kind !== "carrier") throw notFound();
    if (wantsJson(req)) return res.json(anonymousStandings(bidding.allocator.quotes, job));
    await renderPage(req, res, "bidding/quote", { title: `Quote · ${job.reference}`, bidding });
  });

  router.post("/jobs/:id/quotes", (req, res) => saveQuote(req, res, null));
  router.patch("/jobs/:id/quotes/:quoteId", (req, res) => saveQuote(req, res, req.params.quoteId));

  router.delete("/jobs/:id/quotes/:quoteId", async (req, res) => {
    const { user, job } = await bidderAndJob(req);
    const quote = await requireQuoteForCarrier(job.id, req.params.quoteId, user);
    const result = await withdrawQuote(job, quote);
    if ("errors" in result) return quoteFailed(req, res, job, user, result.errors);
    if (wantsJson(req)) return res.json({ quote: result.quote });
    flash(req, "notice", "Your quote has been withdrawn");
    res.redirect(303, returnTo(req, job));
  });

  router.patch("/jobs/:id/allocation_rules", async (req, res) => {
    const user = requireUser(req);
    const job = await requireShipperJob(jobIdFrom(req.params.id), user);
    const body = req.body as Record<string, unknown>;
    const rules = {
      firstBidPercentage: percentage(body.first_bid_percentage),
      secondBidPercentage: percentage(body.second_bid_percentage),
      thirdBidPercentage: percentage(body.third_bid_percentage),
    };
    const invalid = snakeCaseKeys(validateAllocationRules(rules));
    const result = Object.keys(invalid).length ? { errors: invalid } : await updateAllocationRules(job, rules);
    if ("errors" in result) {
      if (wantsJson(req)) return res.status(422).json({ errors: result.errors });
      return showShipperQuotes(req, res, job, { errors: result.errors, values: stringValues(body) }, 422);
    }
    if (wantsJson(req)) return res.json({ rules });
    flash(req, "notice", "Allocation rules saved");
    res.redirect(303, `/jobs/${job.id}/quotes`);
  });

  router.post("/jobs/:id/award", async (req, res) => {
    const user = requireUser(req);
    const job = await requireShipperJob(jobIdFrom(req.params.id), user);
    const outcome = await awardJob(job.id);
    if (wantsJson(req)) return outcome.ok ? res.status(201).json(outcome) : res.status(outcome.status).json({ error: outcome.message });
    flash(req, outcome.ok ? "notice" : "alert", outcome.ok ? awardedMessage(outcome) : outcome.message);
    res.redirect(303, `/jobs/${job.id}/quotes`);
  });

  router.post("/jobs/:id/secure_now", async (req, res) => {
    const { user, job } = await bidderAndJob(req);
    const outcome = await secureNow(job.id, { accountId: user.accountId, userId: user.id });
    if (wantsJson(req)) return outcome.ok ? res.status(201).json(outcome) : res.status(outcome.status).json({ error: outcome.message });
    if (!outcome.ok) {
      flash(req, "alert", outcome.message);
      return res.redirect(303, returnTo(req, job));
    }
    flash(req, "notice", `You secured all ${plural(outcome.loads, "load")} at ${formatMoney(job.secureNowPriceCents ?? 0)} a load`);
    res.redirect(303, "/loads");
  });

  return router;
}

async function bidderAndJob(req: Request): Promise<{ user: CurrentUser; job: BiddingJob }> {
  const user = requireUser(req);
  if (!isBidder(user)) throw notFound();
  return { user, job: await requireJobForBidding(jobIdFrom(req.params.id), user) };
}

async function saveQuote(req: Request, res: Response, quoteId: string | null) {
  const { user, job } = await bidderAndJob(req);
  if (quoteId !== null) await requireQuoteForCarrier(job.id, quoteId, user);
  const parsed = QuoteInputSchema(job.expectedQuantity).safeParse(req.body);
  if (!parsed.success) return quoteFailed(req, res, job, user, fieldErrors(parsed.error.issues));
  const result = await placeQuote(job, user, parsed.data);
  if ("errors" in result) return quoteFailed(req, res, job, user, result.errors);
  if (wantsJson(req)) return res.status(quoteId ? 200 : 201).json({ quote: result.quote });
  flash(req, "notice", quoteId ? "Your quote has been updated" : "Your quote has been placed");
  res.redirect(303, returnTo(req, job));
}

async function quoteFailed(req: Request, res: Response, job: BiddingJob, user: CurrentUser, errors: Record<string, string>) {
  if (wantsJson(req)) return res.status(422).json({ errors });
  const bidding = await biddingPanelFor(job, user, { errors, values: stringValues(req.body), returnTo: returnTo(req, job) });
  if (bidding.kind !== "carrier") throw new HttpError(422, Object.values(errors).join(". "));
  await renderPage(req, res, "bidding/quote", { title: `Quote · ${job.reference}`, bidding }, 422);
}

async function showShipperQuotes(req: Request, res: Response, job: BiddingJob, form: { errors?: Record<string, string>; values?: Record<string, string> } = {}, status = 200) {
  const page = await quotesPageFor(job);
  if (wantsJson(req) && status === 200) return res.json({ quotes: page.rows, totalAllocated: page.totalAllocated, rules: page.rules });
  await renderPage(req, res, "bidding/index", { title: `Quotes · ${job.reference}`, page, errors: form.errors ?? {}, values: form.values ?? {} }, status);
}

/** Back to the job page or the quote page, whichever the form came from; never anywhere else. */
function returnTo(req: Request, job: BiddingJob): string {
  const wanted = (req.body as { return_to?: unknown } | undefined)?.return_to;
  const allowed = [`/jobs/${job.id}`, `/jobs/${job.id}/quotes`];
  return typeof wanted === "string" && allowed.includes(wanted) ? wanted : allowed[0]!;
}

function fieldErrors(issues: readonly { path: readonly PropertyKey[]; message: string }[]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) errors[String(issue.path[0] ?? "base")] ??= issue.message;
  return errors;
}

function stringValues(body: unknown): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [key, value] of Object.entries((body ?? {}) as Record<string, unknown>)) if (typeof value === "string" || typeof value === "number") values[key] = String(value);
  return values;
}

// Blank or unreadable percentages become NaN, which validateAllocationRules words as an error.
function percentage(value: unknown): number {
  if (typeof value === "number") return value;
  if (typeof value !== "string" || value.trim() === "") return Number.NaN;
  return Number(value.trim());
}

function snakeCaseKeys(errors: Record<string, string | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, message] of Object.entries(errors)) if (message) out[key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)] = message;
  return out;
}

function awardedMessage({ loads, assigned, carriers }: { loads: number; assigned: number; carriers: number }): string {
  const to = `to ${plural(carriers, "carrier")}`;
  if (assigned >= loads) return `Awarded ${plural(loads, "load")} ${to}`;
  const left = loads - assigned;
  return `Awarded ${assigned} of ${plural(loads, "load")} ${to}. ${plural(left, "load")} nobody quoted for ${left === 1 ? "is" : "are"} unassigned: hand ${left === 1 ? "it" : "them"} to a carrier from the load page.`;
}

const plural = (n: number, word: string) => `${n} ${n === 1 ? word : `${word}s`}`;
