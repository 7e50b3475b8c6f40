// The job form from post to validated data. Used by the jobs routes (422 with messages beside the
// fields) and by anything else that needs to read a posted job form the same way.
//
//   posted `req.body.job` ─ JobFormInputSchema ─ withoutHiddenFields ─ JobFieldsSchema + JOB_FORM_RULES ─ JobFormData
//
// Mode "publish" (the default) demands the whole form. Mode "draft" (saving a draft) first evens out
// the blanks a draft may leave (draftInput, input.ts), then skips the rules that ask for what is missing;
// a draft still needs its reference, and anything filled in must be valid.
//
// Dates are ISO "yyyy-mm-dd" (date inputs; dd/mm/yyyy is accepted too), times "HH:MM", auction
// times are wall-clock times in the form's time zone turned into instants, money is pence.

import { z } from "zod";
import { UK_TIME_ZONE } from "#domain/format/dates.ts";
import { expectedQuantity, occurrences } from "../schedule.ts";
import { JOB_FIELDS, jobFieldList, type JobFieldData, type JobFieldName } from "./fields.ts";
import { JobFormInputSchema, draftInput, withoutHiddenFields, type JobFormInput } from "./input.ts";
import { DraftLocationSchema, LocationSchema, destroyedIds, locationData, type JobLocationData } from "./location-fields.ts";
import { JOB_FORM_RULES, type Rule } from "./rules.ts";
import type { FormContext } from "./rows.ts";
import type { Visibility } from "./visibility.ts";

// Field by field checks, after hidden groups have been emptied, taken from the field tables. Every
// field is optional here: which ones publishing asks for depends on what is shown (rules.ts).
type Checks = { [N in JobFieldName]: (typeof JOB_FIELDS)[N]["check"] };
const checks = Object.fromEntries(Object.entries(JOB_FIELDS).map(([name, spec]) => [name, spec.check])) as Checks;

const fieldsWith = (location: typeof LocationSchema) =>
  z.object({ visible: z.custom<Visibility>(), ...checks, pickups: z.array(location), deliveries: z.array(location) });

export const JobFieldsSchema = fieldsWith(LocationSchema);
/** Drafts: the same field checks; their locations may still lack an address. */
const DraftJobFieldsSchema = fieldsWith(DraftLocationSchema);
export type JobFields = z.output<typeof JobFieldsSchema>;

/** A validated job form: every table field under its data key, its locations, and what follows from them. */
export type JobFormData = JobFieldData & {
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

function contextOf(job: JobFields): FormContext {
  return { timezone: job.timezone ?? UK_TIME_ZONE, jobType: job.job_type, startDate: job.start_date, contractDuration: job.contract_duration };
}

/** Each table field read into its data key (by its `read`, else the value or null). */
function fieldData(job: JobFields): JobFieldData {
  const context = contextOf(job);
  const entries = jobFieldList().map(([name, spec]) => [spec.key, spec.read ? spec.read(job[name], context) : (job[name] ?? null)]);
  return Object.fromEntries(entries) as JobFieldData;
}

function toJobFormData(job: JobFields): JobFormData {
  const data = fieldData(job);
  const collectionDays = job.job_type === "multi" && job.start_date && job.end_date && job.frequency ? occurrences(job.start_date, job.end_date, job.frequency) : [];
  return {
    ...data,
    pickups: locationData(job.pickups),
    deliveries: locationData(job.deliveries),
    destroyedLocationIds: [...destroyedIds(job.pickups), ...destroyedIds(job.deliveries)],
    collectionDays,
    expectedQuantity: expectedQuantity({ ...data, jobType: job.job_type, startDate: job.start_date, endDate: job.end_date }),
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
