// The job form from post to validated data. Used by the jobs routes (422 with messages beside the
// fields) and by anything else that needs to read a posted job form the same way.
//
//   posted `req.body.job` ─ JobFormInputSchema ─ withoutHiddenFields ─ JobFieldsSchema + JOB_FORM_RULES ─ JobFormData
//
// Mode "publish" (the default) demands the whole form. Mode "draft" (saving a draft) first evens out
// the blanks a draft may leave (draft-input.ts), then skips the rules that ask for what is missing;
// a draft still needs its reference, and anything filled in must be valid.
//
// Dates are ISO "yyyy-mm-dd" (date inputs; dd/mm/yyyy is accepted too), times "HH:MM", auction
// times are wall-clock times in the form's time zone turned into instants, money is pence.

import { z } from "zod";
import { UK_TIME_ZONE, zonedDateTimeToUtc } from "#domain/format/dates.ts";
import type {
  CallOffLoadType, Certification, ContainerSize, ContractDuration, CustomsPaperwork, Frequency, JobType, LoadCondition,
  LoadType, PalletSize, VehicleSpec, VehicleType,
} from "./catalogue.ts";
import { contractEndDate } from "./contract-months.ts";
import { draftInput } from "./draft-input.ts";
import { withoutHiddenFields } from "./hidden-fields.ts";
import { DraftJobFieldsSchema, JobFieldsSchema, type JobFields } from "./job-fields-schema.ts";
import { JobFormInputSchema, type JobFormInput } from "./job-form-input.ts";
import { JOB_FORM_RULES, type Rule } from "./job-form-rules.ts";
import { destroyedIds, locationData, type JobLocationData } from "./job-location-schema.ts";
import type { PalletType } from "./pallet-limits.ts";
import { expectedQuantity, occurrences } from "./schedule.ts";

export type JobFormData = {
  jobType: JobType;
  reference: string;
  startDate: string | null;
  endDate: string | null;
  frequency: Frequency | null;
  contractDuration: ContractDuration | null;
  numberOfLoads: number | null;
  callOffLoadType: CallOffLoadType | null;
  loadType: LoadType;
  loadCondition: LoadCondition | null;
  vehicleTypes: VehicleType[];
  vehicleSpec: VehicleSpec | null;
  requiredCertifications: Certification[];
  palletType: PalletType | null;
  quantityEu: number | null;
  quantityStandard: number | null;
  quantityEuDouble: number | null;
  quantityStandardDouble: number | null;
  quantityOther: number | null;
  palletSize: PalletSize | null;
  containerSize: ContainerSize | null;
  loadQuantity: number | null;
  totalWeightKg: number | null;
  additionalNotes: string | null;
  customsPaperwork: CustomsPaperwork | null;
  timezone: string;
  loadEstimates: { month: string; numberOfLoads: number }[];
  assignedDriverId: number | null;
  isAuction: boolean;
  auctionOpensAt: Date | null;
  auctionClosesAt: Date | null;
  secureNowPriceCents: number | null;
  pickups: JobLocationData[];
  deliveries: JobLocationData[];
  /** Ids of existing locations the form removed (`_destroy`). */
  destroyedLocationIds: number[];
  /** Multi-load jobs: one ISO date per occurrence; each gets loadsPerOccurrence(numberOfLoads) loads. */
  collectionDays: string[];
  expectedQuantity: number;
};

type IssueLike = { path?: readonly PropertyKey[] | undefined };

function pathKey(path: readonly PropertyKey[] | undefined): string {
  return (path ?? []).map(String).join(".");
}

function hasFailed(issues: readonly IssueLike[], field: string): boolean {
  return issues.some((issue) => {
    const key = pathKey(issue.path);
    return key === field || key.startsWith(`${field}.`);
  });
}

function withRule(schema: typeof JobFieldsSchema, rule: Rule): typeof JobFieldsSchema {
  return schema.superRefine(
    (job, ctx) => {
      rule.check(
        job,
        (path, message) => ctx.addIssue({ code: "custom", path: [...path], message }),
        (field) => hasFailed(ctx.issues, field),
      );
    },
    { when: (payload) => rule.reads === "anything" || !rule.reads.some((field) => hasFailed(payload.issues, field)) },
  );
}

export type JobFormMode = "draft" | "publish";

const CHECKED_FIELDS = {
  publish: JOB_FORM_RULES.reduce(withRule, JobFieldsSchema),
  draft: JOB_FORM_RULES.filter((rule) => !rule.publishOnly).reduce(withRule, DraftJobFieldsSchema),
} satisfies Record<JobFormMode, typeof JobFieldsSchema>;

function toJobFormData(job: JobFields): JobFormData {
  const timezone = job.timezone ?? UK_TIME_ZONE;
  const instant = (local: string | undefined) => (local ? zonedDateTimeToUtc(local, timezone) : null);
  const loadEstimates = job.additional_data.load_estimates.map((estimate) => ({ month: estimate.month, numberOfLoads: estimate.number_of_loads }));
  const collectionDays = job.job_type === "multi" && job.start_date && job.end_date && job.frequency
    ? occurrences(job.start_date, job.end_date, job.frequency)
    : [];
  return {
    jobType: job.job_type,
    reference: job.reference,
    startDate: job.start_date ?? null,
    endDate: job.job_type === "contract" ? contractEndDate(job.start_date, job.contract_duration) : (job.end_date ?? null),
    frequency: job.frequency ?? null,
    contractDuration: job.contract_duration ?? null,
    numberOfLoads: job.number_of_loads ?? null,
    callOffLoadType: job.call_off_load_type ?? null,
    loadType: job.load_type,
    loadCondition: job.load_condition ?? null,
    vehicleTypes: job.vehicle_types,
    vehicleSpec: job.vehicle_spec ?? null,
    requiredCertifications: job.required_certifications,
    palletType: job.pallet_type ?? null,
    quantityEu: job.quantity_eu ?? null,
    quantityStandard: job.quantity_standard ?? null,
    quantityEuDouble: job.quantity_eu_double ?? null,
    quantityStandardDouble: job.quantity_standard_double ?? null,
    quantityOther: job.quantity_other ?? null,
    palletSize: job.pallet_size ?? null,
    containerSize: job.container_size ?? null,
    loadQuantity: job.load_quantity ?? null,
    totalWeightKg: job.total_weight ?? null,
    additionalNotes: job.additional_notes ?? null,
    customsPaperwork: job.customs_paperwork ?? null,
    timezone,
    loadEstimates,
    assignedDriverId: job.assigned_driver_id ?? null,
    isAuction: job.is_auction,
    auctionOpensAt: instant(job.auction_opens_at),
    auctionClosesAt: instant(job.auction_closes_at),
    secureNowPriceCents: job.secure_now_price ?? null,
    pickups: locationData(job.pickups),
    deliveries: locationData(job.deliveries),
    destroyedLocationIds: [...destroyedIds(job.pickups), ...destroyedIds(job.deliveries)],
    collectionDays,
    expectedQuantity: expectedQuantity({
      jobType: job.job_type,
      numberOfLoads: job.number_of_loads,
      startDate: job.start_date,
      endDate: job.end_date,
      frequency: job.frequency,
      loadEstimates,
    }),
  };
}

function jobFormSchema(mode: JobFormMode) {
  return z.preprocess(
    (value) => value ?? {},
    JobFormInputSchema.transform((input, ctx) => {
      const result = CHECKED_FIELDS[mode].safeParse(withoutHiddenFields(mode === "draft" ? draftInput(input) : input));
      if (result.success) return toJobFormData(result.data);
      for (const issue of result.error.issues) ctx.addIssue({ code: "custom", path: issue.path, message: issue.message });
      return z.NEVER;
    }),
  );
}

/** `req.body.job` → JobFormData, the whole form demanded; a missing body reads as an empty form. */
export const JobFormSchema = jobFormSchema("publish");
const DraftJobFormSchema = jobFormSchema("draft");

/** Error messages keyed by dotted field path relative to `job`: "reference", "pickups.0.city". */
export type JobFormErrors = Record<string, string>;
export type JobFormResult =
  | { ok: true; data: JobFormData }
  | { ok: false; errors: JobFormErrors; values: JobFormInput | null };

export type ParseJobFormOptions = { mode?: JobFormMode };

export function parseJobForm(input: unknown, options: ParseJobFormOptions = {}): JobFormResult {
  const result = (options.mode === "draft" ? DraftJobFormSchema : JobFormSchema).safeParse(input);
  if (result.success) return { ok: true, data: result.data };
  const errors: JobFormErrors = {};
  for (const issue of result.error.issues) errors[pathKey(issue.path) || "base"] ??= issue.message;
  const values = JobFormInputSchema.safeParse(input ?? {});
  return { ok: false, errors, values: values.success ? values.data : null };
}

export { fieldName } from "./field-name.ts";
