import { InvoiceListQuery, InvoicePageSchema, InvoiceSchema } from "./invoices.ts";
import { JobCreateSchema, JobListQuery, JobPageSchema, JobSchema, JobUpdateSchema } from "./jobs.ts";
import {
  AssignmentSchema, CollectedSchema, DeliveredSchema, LoadListQuery, LoadPageSchema, LoadSchema, PositionAnswerSchema, PositionSchema, UploadQuery, UploadSchema, UploadedSchema,
} from "./loads.ts";
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
  listLoads: {
    method: "get", path: "/loads", tag: "Loads", scope: "loads:read", query: LoadListQuery,
    summary: "List loads", description: "A shipper's: its jobs' loads; a carrier's: the loads it runs; a driver's key: only the loads they drive. Newest first.",
    answer: { status: 200, description: "A page of loads", schema: LoadPageSchema }, refusals: [401, 403, 422, 429],
  },
  getLoad: {
    method: "get", path: "/loads/{id}", tag: "Loads", scope: "loads:read",
    summary: "Read a load", answer: { status: 200, description: "The load", schema: LoadSchema }, refusals: READ,
  },
  assignLoad: {
    method: "post", path: "/loads/{id}/assignment", tag: "Loads", scope: "loads:write", body: AssignmentSchema,
    summary: "Put a driver and/or a vehicle on a load", description: "The office running the load, with its own drivers and vehicles, as on the load page.",
    answer: { status: 200, description: "The load", schema: LoadSchema }, refusals: WRITE,
  },
  collectLoad: {
    method: "post", path: "/loads/{id}/collected", tag: "Loads", scope: "loads:write", body: CollectedSchema,
    summary: "Mark a load collected", description: "A first try may answer 422 with warnings (before the collection day, far from the pickup): send again with confirmed: true to go on.",
    answer: { status: 200, description: "The load", schema: LoadSchema }, refusals: WRITE,
  },
  deliverLoad: {
    method: "post", path: "/loads/{id}/delivered", tag: "Loads", scope: "loads:write", body: DeliveredSchema,
    summary: "Record the delivery, with its proof", description: "Photos and a signature are uploaded first (POST /direct_uploads, then PUT the bytes), and sent by their signed ids.",
    answer: { status: 200, description: "The load", schema: LoadSchema }, refusals: WRITE,
  },
  recordPosition: {
    method: "post", path: "/loads/{id}/positions", tag: "Loads", scope: "loads:write", body: PositionSchema,
    summary: "Report where the load is (telematics)", description: "From the load's driver's key, while the load is on the road, as the driver's phone does.",
    answer: { status: 201, description: "The position was recorded", schema: PositionAnswerSchema }, refusals: WRITE,
  },
  createDirectUpload: {
    method: "post", path: "/direct_uploads", tag: "Loads", scope: "loads:write", query: UploadQuery, body: UploadSchema,
    summary: "Announce a file to upload (a proof photo or signature)", description: "Then PUT the bytes to direct_upload.url with its headers (no key needed: the URL is signed) and send signed_id.",
    answer: { status: 201, description: "Where to upload the bytes", schema: UploadedSchema }, refusals: WRITE,
  },
  listInvoices: {
    method: "get", path: "/invoices", tag: "Invoices", scope: "invoices:read", query: InvoiceListQuery,
    summary: "List invoices", description: "A carrier's: those it issued (drafts too); a shipper's: those issued to it. Newest first.",
    answer: { status: 200, description: "A page of invoices", schema: InvoicePageSchema }, refusals: [401, 403, 422, 429],
  },
  getInvoice: {
    method: "get", path: "/invoices/{id}", tag: "Invoices", scope: "invoices:read",
    summary: "Read an invoice", answer: { status: 200, description: "The invoice", schema: InvoiceSchema }, refusals: READ,
  },
  getInvoicePdf: {
    method: "get", path: "/invoices/{id}/pdf", tag: "Invoices", scope: "invoices:read",
    summary: "The invoice as a PDF", answer: { status: 200, description: "The PDF", pdf: true }, refusals: READ,
  },
} as const satisfies Record<string, RouteSpec>;

export type ApiRoutes = typeof API_ROUTES;
export type OperationId = keyof ApiRoutes;
