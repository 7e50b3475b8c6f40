// The job form as posted: `job[load_type]`, `job[vehicle_types][]`, `job[pickups][0][city]` … read by
// the server's urlencoded parser (qs) into `req.body.job`. Nothing here judges the answers: blanks
// become undefined, and the shapes qs produces are evened out, so later rules see one shape. Which
// reader each field gets comes from the field tables.

import { z } from "zod";
import { JOB_FIELDS, type InputKind, type JobFieldName } from "./job-fields.ts";
import { LOCATION_FIELD_NAMES, type LocationFieldName } from "./location-fields.ts";

/** Rails-style checkboxes post a hidden "0" then "1"; qs gives ["0", "1"], and the last one wins. */
function lastOf(value: unknown): unknown {
  return Array.isArray(value) ? value.at(-1) : value;
}

function text(value: unknown): unknown {
  const single = lastOf(value);
  if (typeof single === "number" || typeof single === "boolean") return String(single);
  if (typeof single !== "string") return single ?? undefined;
  const trimmed = single.trim();
  return trimmed === "" ? undefined : trimmed;
}

/** qs turns `x[25][city]` (index past its array limit) or `x[1700000000][city]` into an object. */
function entries(value: unknown): unknown {
  if (value === undefined || value === null || value === "") return [];
  if (Array.isArray(value) || typeof value !== "object") return value;
  return Object.entries(value)
    .sort(([a], [b]) => Number(a) - Number(b))
    .map(([, entry]) => entry);
}

function textList(value: unknown): unknown {
  const list = typeof value === "string" ? [value] : entries(value);
  if (!Array.isArray(list)) return list;
  const kept = list.map(text).filter((item) => item !== undefined);
  return [...new Set(kept)];
}

const TRUE_TEXT = new Set(["1", "true", "on", "yes"]);
function flag(value: unknown): boolean {
  const single = text(value);
  return typeof single === "string" && TRUE_TEXT.has(single.toLowerCase());
}

const Text = z.preprocess(text, z.string({ error: "Invalid value" }).optional());
const TextList = z.preprocess(textList, z.array(z.string({ error: "Choose from the list" }), { error: "Choose from the list" }));
const Flag = z.preprocess(flag, z.boolean());
const listOf = <T extends z.ZodType>(item: T) => z.preprocess(entries, z.array(item, { error: "Invalid list" }));
const Estimates = z.preprocess(
  (value) => value ?? {},
  z.object({ load_estimates: listOf(z.object({ month: Text, number_of_loads: Text })) }, { error: "Invalid value" }),
);

const READERS = { text: Text, list: TextList, flag: Flag, estimates: Estimates } satisfies Record<InputKind, z.ZodType>;
type Reader<N extends JobFieldName> = (typeof READERS)[(typeof JOB_FIELDS)[N]["input"]];

const locationReaders = Object.fromEntries(LOCATION_FIELD_NAMES.map((name) => [name, Text])) as Record<LocationFieldName, typeof Text>;
export const LocationInputSchema = z.object({ id: Text, position: Text, _destroy: Flag, ...locationReaders });
export type LocationInput = z.output<typeof LocationInputSchema>;

const jobReaders = Object.fromEntries(Object.entries(JOB_FIELDS).map(([name, spec]) => [name, READERS[spec.input]])) as { [N in JobFieldName]: Reader<N> };
export const JobFormInputSchema = z.object({ ...jobReaders, pickups: listOf(LocationInputSchema), deliveries: listOf(LocationInputSchema) });
export type JobFormInput = z.output<typeof JobFormInputSchema>;
