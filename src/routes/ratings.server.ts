import { type Request, type Response, Router } from "express";
import { z } from "zod";
import { HideSchema, ReplySchema, ratingSchema } from "#domain/ratings/form.ts";
import { problemSchema } from "#domain/ratings/problem.ts";
import { recordId } from "#lib/errors.server.ts";
import { parseInput } from "#lib/input.server.ts";
import type { Refusal } from "#lib/result.server.ts";
import { requireLoadFor, type LoadDetail } from "#models/loads.server.ts";
import { requireRatingSide } from "#models/ratings.server.ts";
import { hideRating, requireRatingForSupport } from "#models/ratings/hiding.server.ts";
import { paymentDueFor } from "#models/ratings/payment.server.ts";
import { evidenceFilesOf, reportProblem } from "#models/ratings/problems.server.ts";
import { replyToRating, requireRatingToReply } from "#models/ratings/replying.server.ts";
import { saveRating } from "#models/ratings/saving.server.ts";
import { moderationPage, moderationPath } from "#pages/ratings/moderation.server.ts";
import { problemPage, problemText } from "#pages/ratings/problem.server.ts";
import { loadPath, ratedNameOf, ratingPage, ratingPath, type RatingForm } from "#pages/ratings.server.ts";
import { requireUser } from "#server/auth.server.ts";
import { flash, renderPage } from "#server/render.server.ts";

// Ratings of a delivered load (docs/ratings.md): each office's form and both ratings as far as they
// are revealed, the rated office's one reply, support hiding a rating; and "Report a problem" on a
// load, which goes to support as a complaint, not a rating. Drivers get 403 on the rating of a
// load they drive; anyone else finds nothing (404).

/** What a refused form posted, kept as typed to show it again. */
const PostedSchema = z.record(z.string(), z.unknown()).catch({});

export function ratingsRouter(): Router {
  return Router()
    .get("/loads/:id/rating", showRating)
    .post("/loads/:id/rating", rate)
    .post("/ratings/:id/reply", reply)
    .get("/ratings/:id", showForSupport)
    .post("/ratings/:id/hide", hide)
    .get("/loads/:id/problem", showProblemForm)
    .post("/loads/:id/problem", reportOnLoad);
}

async function showRating(req: Request, res: Response) {
  const user = requireUser(req);
  await renderPage(req, res, "ratings/show", await ratingPage(user, await requireLoadFor(user, req.params.id)));
}

async function renderRefused(req: Request, res: Response, load: LoadDetail, refusal: Refusal, replyTo?: number) {
  const form: RatingForm = { errors: refusal.errors, values: PostedSchema.parse(req.body), ...(replyTo === undefined ? {} : { replyTo }) };
  await renderPage(req, res, "ratings/show", await ratingPage(requireUser(req), load, form), refusal.status);
}

/** 303 back to the load with a notice; 422 (bad input, rated more than 48 hours ago, 30 days over) or 409 (not delivered) as the page. */
async function rate(req: Request, res: Response) {
  const user = requireUser(req);
  const load = await requireLoadFor(user, req.params.id);
  const side = requireRatingSide(load, user);
  const input = parseInput(ratingSchema(side, side === "carrier" && (await paymentDueFor(load.id))), req.body);
  const outcome = input.ok ? await saveRating(user, load, input.data) : input;
  if (!outcome.ok) return renderRefused(req, res, load, outcome);
  flash(req, "notice", `${outcome.created ? "Your rating of" : "Your changed rating of"} ${ratedNameOf(load, side)} is saved.`);
  res.redirect(303, loadPath(load.id));
}

/** The rated office's one reply: 303 back to the rating page; 422 when empty, too long, or a second one. */
async function reply(req: Request, res: Response) {
  const user = requireUser(req);
  const rating = await requireRatingToReply(user, recordId(req.params.id));
  const input = parseInput(ReplySchema, req.body);
  const outcome = input.ok ? await replyToRating(user, rating, input.data.reply) : input;
  const load = await requireLoadFor(user, rating.loadId);
  if (!outcome.ok) return renderRefused(req, res, load, outcome, rating.id);
  flash(req, "notice", "Your reply is published.");
  res.redirect(303, ratingPath(load.id));
}

async function showForSupport(req: Request, res: Response) {
  const rating = await requireRatingForSupport(requireUser(req), recordId(req.params.id));
  await renderPage(req, res, "ratings/moderate", moderationPage(rating));
}

/** Support hides a rating, with a reason: 303 back to it; 422 without a reason, 409 when hidden already; 404 for everyone else. */
async function hide(req: Request, res: Response) {
  const staff = requireUser(req);
  const rating = await requireRatingForSupport(staff, recordId(req.params.id));
  const input = parseInput(HideSchema, req.body);
  const outcome = input.ok ? await hideRating(staff, rating.id, input.data.reason) : input;
  if (!outcome.ok) return renderPage(req, res, "ratings/moderate", moderationPage(rating, { errors: outcome.errors, values: PostedSchema.parse(req.body) }), outcome.status);
  flash(req, "notice", "The rating is hidden. Its author's office has been told why.");
  res.redirect(303, moderationPath(rating.id));
}

async function showProblemForm(req: Request, res: Response) {
  const user = requireUser(req);
  const load = await requireLoadFor(user, req.params.id);
  await renderPage(req, res, "ratings/problem", problemPage(load, await evidenceFilesOf(load)));
}

/** A complaint to support from anyone who sees the load: 303 back to the load; 422 as the report page. */
async function reportOnLoad(req: Request, res: Response) {
  const user = requireUser(req);
  const load = await requireLoadFor(user, req.params.id);
  const files = await evidenceFilesOf(load);
  const input = parseInput(problemSchema(files.map((file) => file.id)), req.body);
  const outcome = input.ok ? await reportProblem(user, problemText(load, input.data, files)) : input;
  if (!outcome.ok) return renderPage(req, res, "ratings/problem", problemPage(load, files, { errors: outcome.errors, values: PostedSchema.parse(req.body) }), outcome.status);
  flash(req, "notice", "Your report went to Loadline support. They will answer in your support chat.");
  res.redirect(303, loadPath(load.id));
}
