// The job form as posted: `job[load_type]`, `job[vehicle_types][]`, `job[pickups][0][city]` … read by
// the server's urlencoded parser (qs) into `req.body.job`. Nothing here judges the answers: blanks
// become undefined, and the shapes qs produces are evened out, so later rules see one shape. Which
// reader each field gets comes from the field tables. Before it is checked (parse.ts) the post is
// evened out further: the fields of hidden groups are dropped, and a draft's blanks filled in.

import { z } from "zod";
import { JOB_FIELD_NAMES, JOB_FIELDS, type JobFieldName } from "./fields.ts";
import { LOCATION_FIELD_NAMES, type LocationFieldName } from "./location-fields.ts";
import { BLANK, type InputKind } from "./rows.ts";
import { GROUP_NAMES, formState, visibleGroups, type GroupName, type Visibility } from "./visibility.ts";

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

// ── Hidden groups ─────────────────────────────────────────────────────────────────────────
// The server half of "hidden form groups have their inputs disabled": whatever a hidden group
// posts (stale values, no JavaScript, a crafted request) is dropped before validation. Which
// fields belong to which group comes from the field table.

/** Each visibility group's fields, from the field table. */
export const GROUP_FIELDS = Object.fromEntries(
  GROUP_NAMES.map((group) => [group, JOB_FIELD_NAMES.filter((name) => JOB_FIELDS[name].group === group)]),
) as Record<GroupName, JobFieldName[]>;

// A destroyed location keeps only what deleting it needs; a multi-load layout has no window date.
function visibleLocation(location: LocationInput, visibility: Visibility): LocationInput {
  if (location._destroy) return { id: location.id, _destroy: true };
  return visibility.window_single ? location : { ...location, window_date: undefined };
}

/** The posted fields with those of hidden groups emptied, plus the visibility that decided it. */
export function withoutHiddenFields(input: JobFormInput): JobFormInput & { visible: Visibility } {
  const visibility = visibleGroups(formState(input));
  const job: Record<string, unknown> = { ...input };
  for (const group of GROUP_NAMES) {
    if (visibility[group]) continue;
    for (const field of GROUP_FIELDS[group]) job[field] = BLANK[JOB_FIELDS[field].input];
  }
  return {
    ...(job as JobFormInput),
    pickups: input.pickups.map((location) => visibleLocation(location, visibility)),
    deliveries: input.deliveries.map((location) => visibleLocation(location, visibility)),
    visible: visibility,
  };
}

// ── Drafts ────────────────────────────────────────────────────────────────────────────────
// Drafts may be saved half-finished (a draft needs only its reference). Before a draft is checked,
// the blanks it may leave are evened out so the stored row stays readable:
// - job type and load type fall back to the blank form's (single, palletised): both columns are NOT NULL;
// - a month left blank in a contract's breakdown counts as 0 loads;
// - a pickup or delivery with nothing filled in is not saved (a saved one emptied is removed).
// Whatever IS filled is then checked exactly as on publishing.

export const DRAFT_DEFAULTS = { job_type: "single", load_type: "palletised" } as const;

const BOOKKEEPING = new Set(["id", "position", "_destroy"]);

/** Nothing a person fills in (only the hidden id, position and remove flag). */
export function isBlankLocation(location: LocationInput): boolean {
  return Object.entries(location).every(([key, value]) => BOOKKEEPING.has(key) || value === undefined);
}

function draftLocations(locations: readonly LocationInput[]): LocationInput[] {
  return locations.flatMap((location) => {
    if (location._destroy || !isBlankLocation(location)) return [location];
    return location.id === undefined ? [] : [{ id: location.id, _destroy: true }];
  });
}

export function draftInput(input: JobFormInput): JobFormInput {
  return {
    ...input,
    job_type: input.job_type ?? DRAFT_DEFAULTS.job_type,
    load_type: input.load_type ?? DRAFT_DEFAULTS.load_type,
    additional_data: {
      load_estimates: input.additional_data.load_estimates.map((estimate) => ({ ...estimate, number_of_loads: estimate.number_of_loads ?? "0" })),
    },
    pickups: draftLocations(input.pickups),
    deliveries: draftLocations(input.deliveries),
  };
}

/** For the form: a side with no location gets one blank block to fill in. */
export function withBlankLocations(input: JobFormInput): JobFormInput {
  const blank: LocationInput = { _destroy: false };
  const some = (locations: LocationInput[]) => (locations.some((location) => !location._destroy) ? locations : [...locations, { ...blank }]);
  return { ...input, pickups: some(input.pickups), deliveries: some(input.deliveries) };
}
