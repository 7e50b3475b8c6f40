import { z } from "zod";
import { JOB_FIELDS, type JobFieldName } from "#domain/jobs/form/fields.ts";
import { LOCATION_FIELD_NAMES } from "#domain/jobs/form/location-fields.ts";
import type { InputKind } from "#domain/jobs/form/rows.ts";
import { JOB_STATUSES } from "#domain/jobs/status.ts";
import { Instant, MoneySchema, PagingQuery, UpdatedSinceQuery, day, iso, moneyOrNull, pageOf } from "./common.ts";
import { requestSchema, responseSchema } from "./registry.ts";

// Jobs through the API. A job is sent with the job form's own field names (`reference`,
// `load_type`, `pickups[0].city` …) and checked by the form's own rules (parseJobForm), so the API
// and the form accept the same jobs with the same messages; each message names its field by the
// same dotted path. The form's fields are read from its field table, so a field added to the form
// is in the API (and its document) at once.

const unknownFields = (issue: { code: string; keys?: readonly string[] }) =>
  issue.code === "unrecognized_keys" && issue.keys ? `Unknown field: ${issue.keys.join(", ")}` : undefined;

const Scalar = z.union([z.string(), z.number(), z.boolean()]);
const INPUTS = {
  text: Scalar.optional(),
  list: z.array(z.string()).optional(),
  flag: z.union([z.boolean(), z.string()]).optional(),
  estimates: z.object({ load_estimates: z.array(z.object({ month: z.string(), number_of_loads: z.union([z.string(), z.number()]) })) }).optional(),
} satisfies Record<InputKind, z.ZodType>;

const jobFieldInputs = Object.fromEntries(
  Object.entries(JOB_FIELDS).map(([name, spec]) => [name, INPUTS[spec.input as InputKind]]),
) as unknown as Record<JobFieldName, z.ZodOptional<z.ZodType>>;

export const LocationInputSchema = requestSchema(
  "LocationInput",
  z.strictObject(Object.fromEntries(LOCATION_FIELD_NAMES.map((name) => [name, Scalar.optional()])), { error: unknownFields }),
  "A pickup or delivery, with the job form's field names; dates yyyy-mm-dd, times HH:MM",
);

const jobShape = {
  ...jobFieldInputs,
  pickups: z.array(LocationInputSchema).max(25).optional(),
  deliveries: z.array(LocationInputSchema).max(25).optional(),
};

export const JobCreateSchema = requestSchema(
  "JobCreate",
  z.strictObject({ ...jobShape, publish: z.boolean().optional().describe("true publishes it (the whole form is then required); otherwise a draft") }, { error: unknownFields }),
);
export const JobUpdateSchema = requestSchema(
  "JobUpdate",
  z.strictObject({ ...jobShape, publish: z.boolean().optional().describe("true publishes a draft") }, { error: unknownFields }),
  "Only the fields sent change; pickups or deliveries, when sent, replace the job's",
);
export type JobUpdate = z.output<typeof JobUpdateSchema>;

const JOB_STATUS_VALUES = JOB_STATUSES.map((status) => status.value) as [string, ...string[]];

export const JobListQuery = z.object({
  status: z.enum(JOB_STATUS_VALUES, { error: `Give a status from: ${JOB_STATUS_VALUES.join(", ")}` }).optional(),
  updated_since: UpdatedSinceQuery,
  ...PagingQuery,
});

export const LocationSchema = responseSchema(
  "Location",
  z.object({
    id: z.number().int(),
    position: z.number().int(),
    company_name: z.string().nullable(),
    address: z.string().nullable(),
    city: z.string().nullable(),
    post_code: z.string().nullable(),
    region: z.string().nullable(),
    country_code: z.string().nullable(),
    latitude: z.number().nullable(),
    longitude: z.number().nullable(),
    window_date: z.string().nullable(),
    window_from: z.string().nullable(),
    window_to: z.string().nullable(),
  }),
);

export const JobSchema = responseSchema(
  "Job",
  z.object({
    id: z.number().int(),
    reference: z.string(),
    status: z.string().describe(JOB_STATUS_VALUES.join(" | ")),
    job_type: z.string(),
    load_type: z.string(),
    expected_quantity: z.number().int(),
    start_date: z.string().nullable(),
    end_date: z.string().nullable(),
    frequency: z.string().nullable(),
    vehicle_types: z.array(z.string()),
    total_weight_kg: z.number().int().nullable(),
    is_auction: z.boolean(),
    auction_opens_at: Instant.nullable(),
    auction_closes_at: Instant.nullable(),
    secure_now_price: MoneySchema.nullable(),
    waiting_rate: MoneySchema.nullable(),
    minimum_cargo_cover: MoneySchema.nullable(),
    payment_terms_days: z.number().int().nullable(),
    pickups: z.array(LocationSchema),
    deliveries: z.array(LocationSchema),
    published_at: Instant.nullable(),
    awarded_at: Instant.nullable(),
    cancelled_at: Instant.nullable(),
    created_at: Instant,
    updated_at: Instant,
  }),
);
export type ApiJob = z.output<typeof JobSchema>;
export const JobPageSchema = pageOf("JobPage", JobSchema);

type LocationRow = {
  id: number; kind: string; position: number; companyName: string | null; address: string | null; city: string | null; postCode: string | null;
  region: string | null; countryCode: string | null; latitude: number | null; longitude: number | null; windowDate: Date | null; windowFrom: string | null; windowTo: string | null;
};

export type JobRow = {
  id: number; reference: string; status: string; jobType: string; loadType: string; expectedQuantity: number; startDate: Date | null; endDate: Date | null;
  frequency: string | null; vehicleTypes: string; totalWeightKg: number | null; isAuction: boolean; auctionOpensAt: Date | null; auctionClosesAt: Date | null;
  secureNowPriceCents: number | null; waitingRatePence: number | null; minimumCargoCoverPence: number | null; paymentTermsDays: number | null;
  publishedAt: Date | null; awardedAt: Date | null; cancelledAt: Date | null; createdAt: Date; updatedAt: Date; locations: readonly LocationRow[];
};

const locationOf = (row: LocationRow) => ({
  id: row.id, position: row.position, company_name: row.companyName, address: row.address, city: row.city, post_code: row.postCode, region: row.region,
  country_code: row.countryCode, latitude: row.latitude, longitude: row.longitude, window_date: day(row.windowDate), window_from: row.windowFrom, window_to: row.windowTo,
});

function listOf(stored: string): string[] {
  try {
    const parsed: unknown = JSON.parse(stored);
    return Array.isArray(parsed) ? parsed.map(String) : [];
  } catch {
    return [];
  }
}

const side = (job: JobRow, kind: string) =>
  job.locations.filter((l) => l.kind === kind).toSorted((a, b) => a.position - b.position || a.id - b.id).map(locationOf);

export function presentJob(job: JobRow): ApiJob {
  return {
    id: job.id, reference: job.reference, status: job.status, job_type: job.jobType, load_type: job.loadType, expected_quantity: job.expectedQuantity,
    start_date: day(job.startDate), end_date: day(job.endDate), frequency: job.frequency, vehicle_types: listOf(job.vehicleTypes), total_weight_kg: job.totalWeightKg,
    is_auction: job.isAuction, auction_opens_at: iso(job.auctionOpensAt), auction_closes_at: iso(job.auctionClosesAt),
    secure_now_price: moneyOrNull(job.secureNowPriceCents), waiting_rate: moneyOrNull(job.waitingRatePence), minimum_cargo_cover: moneyOrNull(job.minimumCargoCoverPence),
    payment_terms_days: job.paymentTermsDays, pickups: side(job, "pickup"), deliveries: side(job, "delivery"),
    published_at: iso(job.publishedAt), awarded_at: iso(job.awardedAt), cancelled_at: iso(job.cancelledAt), created_at: job.createdAt.toISOString(), updated_at: job.updatedAt.toISOString(),
  };
}
