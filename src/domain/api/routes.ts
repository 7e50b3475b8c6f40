import { JobCreateSchema, JobListQuery, JobPageSchema, JobSchema, JobUpdateSchema } from "./jobs.ts";
import { AwardSchema, QuoteCreateSchema, QuoteListSchema, QuoteSchema } from "./quotes.ts";
import type { RouteSpec } from "./route-spec.ts";

// Every endpoint of /api/v2, by operation id (the generated client's names). See route-spec.ts.

const READ = [401, 403, 404, 429] as const;
const WRITE = [400, 401, 403, 404, 409, 422, 429] as const;

export const API_ROUTES = {
  listJobs: {
    method: "get", path: "/jobs", tag: "Jobs", scope: "jobs:read", query: JobListQuery,
    summary: "List jobs",
    description: "A shipper's key: its own jobs. A carrier's key: the jobs it may see (the board, and jobs it quoted on or runs loads for). Newest first.",
    answer: { status: 200, description: "A page of jobs", schema: JobPageSchema }, refusals: [401, 403, 422, 429],
  },
  createJob: {
    method: "post", path: "/jobs", tag: "Jobs", scope: "jobs:write", body: JobCreateSchema,
    summary: "Post a job (a draft, or published)",
    description: "The job form's fields and rules. Without `publish: true` the job is saved as a draft, which needs only its reference.",
    answer: { status: 201, description: "The job as saved", schema: JobSchema }, refusals: WRITE,
  },
  getJob: {
    method: "get", path: "/jobs/{id}", tag: "Jobs", scope: "jobs:read",
    summary: "Read a job", answer: { status: 200, description: "The job", schema: JobSchema }, refusals: READ,
  },
  updateJob: {
    method: "patch", path: "/jobs/{id}", tag: "Jobs", scope: "jobs:write", body: JobUpdateSchema,
    summary: "Change a job",
    description: "Until a quote is accepted, as on the job's edit page. Fields not sent keep their values.",
    answer: { status: 200, description: "The job as saved", schema: JobSchema }, refusals: WRITE,
  },
  cancelJob: {
    method: "post", path: "/jobs/{id}/cancel", tag: "Jobs", scope: "jobs:write",
    summary: "Cancel a job before it is awarded", answer: { status: 200, description: "The cancelled job", schema: JobSchema }, refusals: WRITE,
  },
  listQuotes: {
    method: "get", path: "/jobs/{id}/quotes", tag: "Quotes", scope: "quotes:read",
    summary: "List a job's quotes", description: "The job's shipper: every quote, cheapest first. A carrier: its own quote.",
    answer: { status: 200, description: "The quotes", schema: QuoteListSchema }, refusals: READ,
  },
  placeQuote: {
    method: "post", path: "/jobs/{id}/quotes", tag: "Quotes", scope: "quotes:write", body: QuoteCreateSchema,
    summary: "Place or change your quote", description: "A carrier has one quote per job: placing again changes it.",
    answer: { status: 201, description: "Your quote", schema: QuoteSchema }, refusals: WRITE,
  },
  withdrawQuote: {
    method: "post", path: "/quotes/{id}/withdraw", tag: "Quotes", scope: "quotes:write",
    summary: "Withdraw your quote", answer: { status: 200, description: "The withdrawn quote", schema: QuoteSchema }, refusals: WRITE,
  },
  awardJob: {
    method: "post", path: "/jobs/{id}/award", tag: "Quotes", scope: "quotes:write",
    summary: "Award the job to its quotes", description: "The job's shipper awards its loads by its allocation rules, as the quotes page's Award button.",
    answer: { status: 201, description: "What was awarded", schema: AwardSchema }, refusals: WRITE,
  },
} as const satisfies Record<string, RouteSpec>;

export type ApiRoutes = typeof API_ROUTES;
export type OperationId = keyof ApiRoutes;
