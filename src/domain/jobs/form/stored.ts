// A job as the database keeps it, read back into the job form's posted shape (the edit form, "post
// again" and publishing a saved draft all go through parseJobForm again), and a validated form as
// the columns it sets. Both directions walk the field tables; a location's columns are
// locationColumnsOf (location-fields.ts), and how lists and dates sit in columns is stored-values.ts.

import { UK_TIME_ZONE } from "#domain/format/dates.ts";
import { jobFieldList, type JobFieldColumns } from "./fields.ts";
import type { JobFormInput, LocationInput } from "./input.ts";
import { locationFormValues, type JobLocationData } from "./location-fields.ts";
import type { JobFormData } from "./parse.ts";
import type { FormContext } from "./rows.ts";

/** A location row: the form's location with its database id, its kind and a real date. */
export type StoredLocation = Omit<JobLocationData, "id" | "windowDate"> & { id: number; kind: string; windowDate: Date | null };

/** A Job row as far as the form reads it: its columns by name, and its locations. */
export type StoredJob = { [column: string]: unknown; timezone: string; locations: readonly StoredLocation[] };

const text = (value: unknown) => (value === null || value === undefined ? undefined : String(value));

function locationsOf(job: StoredJob, kind: "pickup" | "delivery", withIds: boolean): LocationInput[] {
  return job.locations
    .filter((location) => location.kind === kind)
    .toSorted((a, b) => a.position - b.position || a.id - b.id)
    .map((location) => ({ id: withIds ? String(location.id) : undefined, position: String(location.position), _destroy: false, ...locationFormValues(location) }));
}

/** The job as its form would post it. `withIds: false` for a copy, whose locations are new. */
export function formInputOf(job: StoredJob, options: { withIds?: boolean } = {}): JobFormInput {
  const since = (job.publishedAt ?? job.updatedAt ?? null) as Date | null;
  const context = { timezone: job.timezone || UK_TIME_ZONE, since };
  const fields = jobFieldList().map(([name, spec]) => {
    const stored = job[spec.column ?? spec.key];
    return [name, spec.load ? spec.load(stored as never, context) : text(stored)];
  });
  const withIds = options.withIds !== false;
  return { ...Object.fromEntries(fields), pickups: locationsOf(job, "pickup", withIds), deliveries: locationsOf(job, "delivery", withIds) } as JobFormInput;
}

const EMPTY_LOCATION: LocationInput = { _destroy: false };

/** A blank form: a single palletised load from one pickup to one delivery. */
export function newJobInput(timezone = UK_TIME_ZONE): JobFormInput {
  return {
    job_type: "single",
    load_type: "palletised",
    vehicle_types: [],
    required_certifications: [],
    timezone,
    additional_data: { load_estimates: [] },
    is_auction: false,
    audience: "market",
    pool_ids: [],
    close_at_deadline: false,
    pickups: [{ ...EMPTY_LOCATION }],
    deliveries: [{ ...EMPTY_LOCATION }],
  } as JobFormInput;
}

/** The Job columns a validated form sets (the model adds owner, status and timestamps). */
export function jobColumnsOf(data: JobFormData) {
  const firstCollection = data.pickups.map((location) => location.windowDate).filter((day): day is string => Boolean(day)).sort()[0];
  const context: FormContext = { timezone: data.timezone, jobType: data.jobType, firstCollection };
  const columns = jobFieldList().flatMap(([, spec]) => {
    if (spec.elsewhere) return [];
    const value = data[spec.key as keyof JobFormData];
    return [[spec.column ?? spec.key, spec.store ? spec.store(value, context) : value]];
  });
  return { ...Object.fromEntries(columns), expectedQuantity: data.expectedQuantity } as JobColumns;
}

export type JobColumns = JobFieldColumns & { expectedQuantity: number };
