import { Router, type Request, type Response } from "express";
import { z } from "zod";
import { readBoardFilters, boardQuery, isFiltered } from "#domain/jobs/board-filters.ts";
import { formState } from "#domain/jobs/hidden-fields.ts";
import { visibleGroups } from "#domain/jobs/form-visibility.ts";
import { JobFormInputSchema, type JobFormInput } from "#domain/jobs/job-form-input.ts";
import { withBlankLocations } from "#domain/jobs/draft-input.ts";
import { parseJobForm, type JobFormMode } from "#domain/jobs/job-form-schema.ts";
import { jobView } from "#domain/jobs/job-view.ts";
import { isBeforeAward, isCancellable, shipperTab, SHIPPER_TABS } from "#domain/jobs/status.ts";
import { driverFact } from "#domain/jobs/driver-fact.ts";
import { loadDriversOf } from "#models/jobs/drivers.server.ts";
import { formInputOf, newJobInput } from "#domain/jobs/stored-job.ts";
import { biddingPanelFor } from "#pages/bidding-panel.server.ts";
import { jobBoard } from "#pages/job-board.server.ts";
import {
  canEditJob, cancelJob, createJob, jobsForShipper, recentPlaces, requireOwnJob, requireViewableJob, updateJob,
  type Intent, type JobDetail,
} from "#models/jobs.server.ts";
import { driversFor } from "#models/loads.server.ts";
import type { CurrentUser } from "#models/users.server.ts";
import { jobTrip } from "#geo/trips.server.ts";
import { requireUser } from "#server/auth.server.ts";
import { isOfficeOf } from "#domain/accounts/team.ts";
import { HttpError } from "#lib/errors.server.ts";
import { pageNumber } from "#lib/input.server.ts";
import { streamTag } from "#lib/turbo.server.ts";
import { jobStream } from "#domain/messaging/streams.ts";
import { flash, renderPage } from "#server/render.server.ts";
import { trackEvent } from "#server/tracked-events.server.ts";
import { jobMessagingFor } from "#models/messages.server.ts";

/** `postingAgain`: the reference of the job whose answers fill a new job's form ("Post again"). */
type FormPage = { view: "jobs/new" | "jobs/edit"; job?: JobDetail; values: JobFormInput; errors?: Record<string, string>; postingAgain?: string };

async function renderJobForm(req: Request, res: Response, user: CurrentUser, page: FormPage, status = 200) {
  const [drivers, places] = await Promise.all([driversFor(user.accountId), recentPlaces(user)]);
  const errors = page.errors ?? {};
  await renderPage(req, res, page.view, {
    title: page.job ? `Edit ${page.job.reference}` : "Post a job",
    job: page.job,
    values: page.values,
    errors,
    visible: visibleGroups(formState(page.values)),
    drivers,
    recentPlaces: places,
    postingAgain: page.postingAgain ?? null,
    jobView,
  }, status);
}

/** The job form's post: the fields under `job[…]`, and which submit button was pressed. */
const JobPostSchema = z.object({ job: z.unknown().optional(), publish: z.unknown().optional() }).catch({ job: undefined, publish: undefined });
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

export function jobsRouter(): Router {
  const router = Router();

  router.get("/jobs", async (req, res) => {
    const user = requireUser(req);
    if (isOfficeOf("shipper", user)) {
      const list = await jobsForShipper(user, req.query.status, pageNumber(req.query.page));
      const tab = shipperTab(list.tab);
      return renderPage(req, res, "jobs/index", { title: "Your jobs", list, tab, tabs: SHIPPER_TABS, jobView });
    }
    if (user.account.kind !== "carrier" || user.role === "driver") throw new HttpError(403, "This page is not available for your account");
    const filters = readBoardFilters(req.query);
    const board = await jobBoard(filters, user);
    await renderPage(req, res, "jobs/board", { title: "Job board", board, filters, filtered: isFiltered(filters), boardQuery, jobView });
  });

  // "Post again" (`?from=` one of the account's own jobs, else 404) fills the form with that job's
  // answers; nothing is saved until the form is, so leaving it leaves nothing behind.
  router.get("/jobs/new", async (req, res) => {
    const user = requireShipperOffice(req);
    if (req.query.from === undefined) return renderJobForm(req, res, user, { view: "jobs/new", values: newJobInput() });
    const original = await requireOwnJob(user, req.query.from);
    await renderJobForm(req, res, user, { view: "jobs/new", values: withBlankLocations(formInputOf(original, { withIds: false })), postingAgain: original.reference });
  });

  router.post("/jobs", async (req, res) => {
    const user = requireShipperOffice(req);
    const post = JobPostSchema.parse(req.body);
    const intent = intentOf(post, "draft");
    const form = parseJobForm(post.job, { mode: modeOf("draft", intent) });
    const saved = form.ok ? await createJob(user, form.data, intent) : form;
    if (!saved.ok) return renderJobForm(req, res, user, { view: "jobs/new", values: postedValues(post), errors: saved.errors }, 422);
    flash(req, "notice", publishedNotice(saved.status));
    if (intent === "publish") trackEvent(req, "job_published", { job_id: saved.id });
    res.redirect(303, `/jobs/${saved.id}`);
  });

  router.get("/jobs/:id", async (req, res) => {
    const user = requireUser(req);
    const job = await requireViewableJob(user, req.params.id);
    const owner = user.account.kind === "shipper";
    // The shipper reads who drives the job's loads; the driver chosen on the form only until the award.
    const [bidding, messaging, trip, loadDrivers] = await Promise.all([
      biddingPanelFor(job, user), jobMessagingFor(user, job), jobTrip(job), owner && !isBeforeAward(job.status) ? loadDriversOf(job.id) : [],
    ]);
    await renderPage(req, res, "jobs/show", {
      title: job.reference, job, bidding, messaging, trip, owner, canEdit: owner && canEditJob(job), canCancel: owner && isCancellable(job.status), jobView,
      driver: owner ? driverFact(job, loadDrivers) : null,
      liveTag: streamTag(jobStream(job.id)),
    });
  });

  router.get("/jobs/:id/edit", async (req, res) => {
    const user = requireUser(req);
    const job = await requireOwnJob(user, req.params.id);
    if (!canEditJob(job)) return refuseEdit(req, res, job);
    await renderJobForm(req, res, user, { view: "jobs/edit", job, values: withBlankLocations(formInputOf(job)) });
  });

  router.patch("/jobs/:id", async (req, res) => {
    const user = requireUser(req);
    const job = await requireOwnJob(user, req.params.id);
    if (!canEditJob(job)) return refuseEdit(req, res, job);
    const post = JobPostSchema.parse(req.body);
    const intent = intentOf(post, "save");
    const form = parseJobForm(post.job, { mode: modeOf(job.status, intent) });
    const saved = form.ok ? await updateJob(job, user, form.data, intent) : form;
    if (!saved.ok) return renderJobForm(req, res, user, { view: "jobs/edit", job, values: postedValues(post), errors: saved.errors }, 422);
    const published = job.status === "draft" && intent === "publish";
    flash(req, "notice", published ? publishedNotice(saved.status) : "Job saved.");
    if (published) trackEvent(req, "job_published", { job_id: job.id });
    res.redirect(303, `/jobs/${job.id}`);
  });

  // Publishing a saved draft checks it exactly as the form's "Publish" would; an incomplete draft
  // comes back as its edit form with the problems beside the fields.
  router.post("/jobs/:id/publication", async (req, res) => {
    const user = requireUser(req);
    const job = await requireOwnJob(user, req.params.id);
    if (job.status !== "draft") throw new HttpError(409, "This job has already been published");
    const values = formInputOf(job);
    const form = parseJobForm(values, { mode: "publish" });
    const saved = form.ok ? await updateJob(job, user, form.data, "publish") : form;
    if (!saved.ok) return renderJobForm(req, res, user, { view: "jobs/edit", job, values: withBlankLocations(values), errors: saved.errors }, 422);
    flash(req, "notice", publishedNotice(saved.status));
    trackEvent(req, "job_published", { job_id: job.id });
    res.redirect(303, `/jobs/${job.id}`);
  });

  router.post("/jobs/:id/cancellation", async (req, res) => {
    const user = requireUser(req);
    const job = await requireOwnJob(user, req.params.id);
    const cancelled = await cancelJob(job);
    flash(req, cancelled.ok ? "notice" : "alert", cancelled.ok ? "Job cancelled. Carriers can no longer quote on it." : (cancelled.errors.base ?? "This job cannot be cancelled"));
    res.redirect(303, `/jobs/${job.id}`);
  });

  return router;
}

function refuseEdit(req: Request, res: Response, job: JobDetail) {
  flash(req, "alert", job.status === "cancelled" ? "A cancelled job cannot be changed. Post it again instead." : "This job can no longer be changed: a quote has been accepted.");
  res.redirect(303, `/jobs/${job.id}`);
}
