import { z } from "zod";
import { idText } from "#domain/loads/load-inputs.ts";

// A shipper's search for vehicles passing a collection: `?near=<place>&on=<YYYY-MM-DD>`, or
// `?job_id=` (its first collection's place and day). Nothing asked yet is a blank form, not an error.

export const NEAR_MESSAGE = "Enter the collection town or postcode";
export const ON_MESSAGE = "Enter the collection day as a date";
export const JOB_MESSAGE = "Choose one of your jobs";
/** At most this many vehicles are listed, nearest route first. */
export const VEHICLES_LIMIT = 50;

const blank = (value: unknown) => value === undefined || value === "";
const day = z.string(ON_MESSAGE).trim().regex(/^\d{4}-\d{2}-\d{2}$/, ON_MESSAGE)
  .refine((text) => !Number.isNaN(Date.parse(`${text}T00:00:00Z`)) && new Date(`${text}T00:00:00Z`).toISOString().startsWith(text), ON_MESSAGE);

const optional = <T extends z.ZodType>(schema: T) => z.preprocess((value) => (blank(value) ? null : value), schema.nullable());

/** A job's id, or a place and a day: both are needed when no job is named. */
export const VehiclesQuerySchema = z.object({
  job_id: optional(idText(JOB_MESSAGE)),
  near: optional(z.string(NEAR_MESSAGE).trim().min(1, NEAR_MESSAGE).max(120, NEAR_MESSAGE)),
  on: optional(day),
}).superRefine((query, ctx) => {
  if (query.job_id !== null) return;
  if (query.near === null) ctx.addIssue({ code: "custom", path: ["near"], message: NEAR_MESSAGE });
  if (query.on === null) ctx.addIssue({ code: "custom", path: ["on"], message: ON_MESSAGE });
});
export type VehiclesQuery = z.output<typeof VehiclesQuerySchema>;

/** Nothing asked: the page shows the empty form. */
export const isBlankSearch = (query: Record<string, unknown>) => blank(query.near) && blank(query.on) && blank(query.job_id);
