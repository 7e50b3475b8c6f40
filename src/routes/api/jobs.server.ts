import { isOfficeOf } from "#domain/accounts/team.ts";
import { DEFAULT_LIMIT, paged } from "#domain/api/common.ts";
import { presentJob, type JobUpdate } from "#domain/api/jobs.ts";
import type { ApiRoutes } from "#domain/api/routes.ts";
import { parseJobForm } from "#domain/jobs/form/parse.ts";
import { formInputOf } from "#domain/jobs/form/stored.ts";
import { HttpError } from "#lib/errors.server.ts";
import { refused } from "#lib/result.server.ts";
import { jobPage } from "#models/api/jobs.server.ts";
import { canEditJob, cancelJob, requireOwnJob, requireViewableJob, type JobDetail } from "#models/jobs.server.ts";
import { updateJob } from "#models/jobs/editing.server.ts";
import { createJob } from "#models/jobs/posting.server.ts";
import type { CurrentUser } from "#models/users.server.ts";
import type { Handlers } from "#server/api/dispatch.server.ts";
import { Problem, refusalProblem } from "#server/api/problem.server.ts";

// Jobs: the job form's rules and the job pages' models, answered as JSON.

type JobRoutes = Pick<ApiRoutes, "listJobs" | "createJob" | "getJob" | "updateJob" | "cancelJob">;

/** Posting jobs is the shipper office's work, as on the pages. */
function shipperOffice(user: CurrentUser): CurrentUser {
  if (!isOfficeOf("shipper", user)) throw new HttpError(403, "Only a shipper's office can post and change jobs");
  return user;
}

function refuseEdit(job: JobDetail): never {
  throw new Problem(409, job.status === "cancelled"
    ? "A cancelled job cannot be changed. Post it again instead."
    : "This job can no longer be changed: a quote has been accepted.");
}

/** The job's form values with the sent fields over them; sent pickups or deliveries replace the job's. */
function mergedForm(job: JobDetail, fields: Omit<JobUpdate, "publish">) {
  const current = formInputOf(job);
  const replaced = (side: "pickups" | "deliveries") => {
    const sent = fields[side];
    if (!sent) return current[side];
    return [...current[side].map((location) => ({ id: location.id, _destroy: true })), ...sent];
  };
  return { ...current, ...fields, pickups: replaced("pickups"), deliveries: replaced("deliveries") };
}

export const jobHandlers: Handlers<JobRoutes> = {
  async listJobs({ caller, query }) {
    const limit = query.limit ?? DEFAULT_LIMIT;
    const rows = await jobPage(caller.user, { status: query.status, updatedSince: query.updated_since, cursor: query.cursor, limit });
    return { status: 200, body: paged(rows, limit, presentJob) };
  },

  async createJob({ caller, body }) {
    const user = shipperOffice(caller.user);
    const { publish, ...fields } = body;
    const form = parseJobForm(fields, { mode: publish ? "publish" : "draft" });
    const saved = form.ok ? await createJob(user, form.data, publish ? "publish" : "draft") : refused(form.errors);
    if (!saved.ok) throw refusalProblem(saved);
    return { status: 201, body: presentJob(await requireOwnJob(user, saved.id)) };
  },

  async getJob({ caller, params }) {
    return { status: 200, body: presentJob(await requireViewableJob(caller.user, params.id)) };
  },

  async updateJob({ caller, params, body }) {
    const user = shipperOffice(caller.user);
    const job = await requireOwnJob(user, params.id);
    if (!canEditJob(job)) refuseEdit(job);
    const { publish, ...fields } = body;
    const intent = publish ? "publish" : "save";
    const form = parseJobForm(mergedForm(job, fields), { mode: job.status === "draft" && !publish ? "draft" : "publish" });
    const saved = form.ok ? await updateJob(job, user, form.data, intent) : refused(form.errors);
    if (!saved.ok) throw refusalProblem(saved);
    return { status: 200, body: presentJob(await requireOwnJob(user, job.id)) };
  },

  async cancelJob({ caller, params }) {
    const user = shipperOffice(caller.user);
    const job = await requireOwnJob(user, params.id);
    const cancelled = await cancelJob(job);
    if (!cancelled.ok) throw refusalProblem(cancelled);
    return { status: 200, body: presentJob(await requireOwnJob(user, job.id)) };
  },
};
