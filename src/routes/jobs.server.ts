import { Router, type Request, type Response } from "express";
import { z } from "zod";
import { isOfficeOf } from "#domain/accounts/team.ts";
import { readBoardFilters, boardQuery, isFiltered } from "#domain/jobs/board-filters.ts";
import { JobFormInputSchema, withBlankLocations, type JobFormInput } from "#domain/jobs/form/input.ts";
import { parseJobForm, type JobFormMode } from "#domain/jobs/form/parse.ts";
import { formInputOf, newJobInput } from "#domain/jobs/form/stored.ts";
import { jobView } from "#domain/jobs/job-view.ts";
import { HttpError } from "#lib/errors.server.ts";
import { pageNumber } from "#lib/input.server.ts";
import { canEditJob, cancelJob, requireOwnJob, requireViewableJob, type JobDetail } from "#models/jobs.server.ts";
import { updateJob } from "#models/jobs/editing.server.ts";
import { createJob } from "#models/jobs/posting.server.ts";
import type { Intent } from "#models/jobs/saving.server.ts";
import { jobsForShipper } from "#models/jobs/shipper-list.server.ts";
import type { CurrentUser } from "#models/users.server.ts";
import { jobBoard } from "#pages/job-board.server.ts";
import { jobFormPage, type FormPage } from "#pages/jobs/form.server.ts";
import { jobPage } from "#pages/jobs/show.server.ts";
import { shipperJobsPage } from "#pages/shipper-jobs.server.ts";
import { requireUser } from "#server/auth.server.ts";
import { flash, renderPage } from "#server/render.server.ts";
import { trackEvent } from "#server/tracked-events.server.ts";

async function renderJobForm(req: Request, res: Response, user: CurrentUser, page: FormPage, status = 200) {
  await renderPage(req, res, page.job ? "jobs/edit" : "jobs/new", await jobFormPage(user, page), status);
}

/** The job form's post: the fields under `job[…]`, and which submit button was pressed. */
const JobPostSchema = z
  .object({ job: z.unknown().optional(), publish: z.unknown().optional() })
  .catch({ job: undefined, publish: undefined });
type JobPost = z.output<typeof JobPostSchema>;

/** What was posted, read leniently so a refused form comes back exactly as typed. */
function postedValues(post: JobPost): JobFormInput {
  const parsed = JobFormInputSchema.safeParse(post.job ?? {});
  return parsed.success ? parsed.data : newJobInput();
}

/** "Publish" publishes; any other button saves (a draft stays a draft). */
function intentOf(post: JobPost, fallback: Intent): Intent {
  return post.publish !== undefined ? "publish" : fallback;
}

/** A draft saved as a draft may be incomplete; publishing, or any published job, needs the whole form. */
function modeOf(status: string, intent: Intent): JobFormMode {
  return status === "draft" && intent !== "publish" ? "draft" : "publish";
}

function publishedNotice(status: string): string {
  if (status === "draft") return "Draft saved. Publish it when you are ready.";
  if (status === "awarded") return "Your job is published for your own driver: its load is on your Loads page.";
  return "Your job is published and on the job board.";
}

/** Posting jobs is the shipper's office's work; a shipper's own drivers only run their loads. */
function requireShipperOffice(req: Request): CurrentUser {
  const user = requireUser(req);
  if (!isOfficeOf("shipper", user)) throw new HttpError(403, "This page is not available for your account");
  return user;
}

function refuseEdit(req: Request, res: Response, job: JobDetail) {
  const why = job.status === "cancelled"
    ? "A cancelled job cannot be changed. Post it again instead."
    : "This job can no longer be changed: a quote has been accepted.";
  flash(req, "alert", why);
  res.redirect(303, `/jobs/${job.id}`);
}

/** A shipper's office gets its own jobs, a tab at a time; a carrier's office the job board. */
async function listJobs(req: Request, res: Response) {
  const user = requireUser(req);
  if (isOfficeOf("shipper", user)) {
    const list = await jobsForShipper(user, req.query.status, pageNumber(req.query.page));
    return renderPage(req, res, "jobs/index", { title: "Your jobs", ...shipperJobsPage(list), jobView });
  }
  if (!isOfficeOf("carrier", user)) throw new HttpError(403, "This page is not available for your account");
  const filters = readBoardFilters(req.query);
  const board = await jobBoard(filters, user);
  const filtered = isFiltered(filters);
  await renderPage(req, res, "jobs/board", { title: "Job board", board, filters, filtered, boardQuery, jobView });
}

// "Post again" (`?from=` one of the account's own jobs, else 404) fills the form with that job's
// answers; nothing is saved until the form is, so leaving it leaves nothing behind.
async function newJob(req: Request, res: Response) {
  const user = requireShipperOffice(req);
  if (req.query.from === undefined) return renderJobForm(req, res, user, { values: newJobInput() });
  const original = await requireOwnJob(user, req.query.from);
  const values = withBlankLocations(formInputOf(original, { withIds: false }));
  await renderJobForm(req, res, user, { values, postingAgain: original.reference });
}

async function postJob(req: Request, res: Response) {
  const user = requireShipperOffice(req);
  const post = JobPostSchema.parse(req.body);
  const intent = intentOf(post, "draft");
  const form = parseJobForm(post.job, { mode: modeOf("draft", intent) });
  const saved = form.ok ? await createJob(user, form.data, intent) : form;
  if (!saved.ok) return renderJobForm(req, res, user, { values: postedValues(post), errors: saved.errors }, 422);
  flash(req, "notice", publishedNotice(saved.status));
  if (intent === "publish") trackEvent(req, "job_published", { job_id: saved.id });
  res.redirect(303, `/jobs/${saved.id}`);
}

async function showJob(req: Request, res: Response) {
  const user = requireUser(req);
  const job = await requireViewableJob(user, req.params.id);
  await renderPage(req, res, "jobs/show", await jobPage(user, job));
}

async function editJob(req: Request, res: Response) {
  const user = requireUser(req);
  const job = await requireOwnJob(user, req.params.id);
  if (!canEditJob(job)) return refuseEdit(req, res, job);
  await renderJobForm(req, res, user, { job, values: withBlankLocations(formInputOf(job)) });
}

async function saveJob(req: Request, res: Response) {
  const user = requireUser(req);
  const job = await requireOwnJob(user, req.params.id);
  if (!canEditJob(job)) return refuseEdit(req, res, job);
  const post = JobPostSchema.parse(req.body);
  const intent = intentOf(post, "save");
  const form = parseJobForm(post.job, { mode: modeOf(job.status, intent) });
  const saved = form.ok ? await updateJob(job, user, form.data, intent) : form;
  if (!saved.ok) return renderJobForm(req, res, user, { job, values: postedValues(post), errors: saved.errors }, 422);
  const published = job.status === "draft" && intent === "publish";
  flash(req, "notice", published ? publishedNotice(saved.status) : "Job saved.");
  if (published) trackEvent(req, "job_published", { job_id: job.id });
  res.redirect(303, `/jobs/${job.id}`);
}

// Publishing a saved draft checks it exactly as the form's "Publish" would; an incomplete draft
// comes back as its edit form with the problems beside the fields.
async function publishDraft(req: Request, res: Response) {
  const user = requireUser(req);
  const job = await requireOwnJob(user, req.params.id);
  if (job.status !== "draft") throw new HttpError(409, "This job has already been published");
  const values = formInputOf(job);
  const form = parseJobForm(values, { mode: "publish" });
  const saved = form.ok ? await updateJob(job, user, form.data, "publish") : form;
  const refused = { job, values: withBlankLocations(values) };
  if (!saved.ok) return renderJobForm(req, res, user, { ...refused, errors: saved.errors }, 422);
  flash(req, "notice", publishedNotice(saved.status));
  trackEvent(req, "job_published", { job_id: job.id });
  res.redirect(303, `/jobs/${job.id}`);
}

async function cancel(req: Request, res: Response) {
  const user = requireUser(req);
  const job = await requireOwnJob(user, req.params.id);
  const cancelled = await cancelJob(job);
  if (cancelled.ok) flash(req, "notice", "Job cancelled. Carriers can no longer quote on it.");
  else flash(req, "alert", cancelled.errors.base ?? "This job cannot be cancelled");
  res.redirect(303, `/jobs/${job.id}`);
}

export function jobsRouter(): Router {
  const router = Router();
  router.get("/jobs", listJobs);
  router.get("/jobs/new", newJob);
  router.post("/jobs", postJob);
  router.get("/jobs/:id", showJob);
  router.get("/jobs/:id/edit", editJob);
  router.patch("/jobs/:id", saveJob);
  router.post("/jobs/:id/publication", publishDraft);
  router.post("/jobs/:id/cancellation", cancel);
  return router;
}
