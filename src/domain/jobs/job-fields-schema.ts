// Field by field checks of the job form, after hidden groups have been emptied, taken from the
// field tables. Every field is optional here: which ones are required depends on what is shown
// (see job-form-rules.ts).

import { z } from "zod";
import type { Visibility } from "./form-visibility.ts";
import { JOB_FIELDS, type JobFieldName } from "./job-fields.ts";
import { DraftLocationSchema, LocationSchema } from "./location-fields.ts";

export { MAX_LOADS_PER_JOB, MAX_ITEMS_PER_LOAD, MAX_SECURE_NOW_POUNDS, MAX_TOTAL_WEIGHT_KG } from "./job-fields.ts";

const checks = Object.fromEntries(Object.entries(JOB_FIELDS).map(([name, spec]) => [name, spec.check])) as { [N in JobFieldName]: (typeof JOB_FIELDS)[N]["check"] };

const fieldsWith = (location: typeof LocationSchema) =>
  z.object({ visible: z.custom<Visibility>(), ...checks, pickups: z.array(location), deliveries: z.array(location) });

export const JobFieldsSchema = fieldsWith(LocationSchema);
/** Drafts: the same field checks; their locations may still lack an address. */
export const DraftJobFieldsSchema = fieldsWith(DraftLocationSchema);
export type JobFields = z.output<typeof JobFieldsSchema>;
