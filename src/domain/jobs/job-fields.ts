// The job form as one table. Each field says how its posted value is read, how it is checked, which
// visibility group shows it, what it becomes in the validated data (and so in its Job column), how
// a stored job gives it back to the form, and how the job page shows it. Everything else (the
// posted-input schema, the checks, the dropping of hidden groups' fields, the column mapping and
// the job page's facts) is derived from this table: see docs/job-form.md.

import { z } from "zod";
import { isValidTimeZone } from "#domain/format/date-input.ts";
import { UK_TIME_ZONE, toDateTimeLocalValue, zonedDateTimeToUtc } from "#domain/format/dates.ts";
import { formatNumber } from "#domain/format/count.ts";
import { wholePoundsFromPence } from "#domain/format/money.ts";
import * as options from "./catalogue.ts";
import { contractEndDate } from "./contract-months.ts";
import { calendarDate, choice, choices, dateTimeLocal, optionalText, requiredText, wholeNumber, wholePounds } from "./form-fields.ts";
import type { GroupName } from "./form-visibility.ts";
import { MAX_LOADS_PER_JOB } from "./limits.ts";
import { maxPalletsFor, type PalletType } from "./pallet-limits.ts";
import { additionalDataText, calendarDateText, calendarDateValue, storedList, storedLoadEstimates } from "./stored-values.ts";

export { MAX_LOADS_PER_JOB } from "./limits.ts";
export const MAX_TOTAL_WEIGHT_KG = 1_000_000;
export const MAX_ITEMS_PER_LOAD = 10_000;
export const MAX_SECURE_NOW_POUNDS = 1_000_000;

/** How a posted value is read before it is checked: trimmed text, a list of texts, or a checkbox. */
export type InputKind = "text" | "list" | "flag" | "estimates";

/** What a field's value may depend on besides itself (read once per form, passed to every field). */
export type FormContext = { timezone: string; jobType: string; startDate?: string; contractDuration?: string; firstCollection?: string };

/** A row of the job page: the field's label and its value as text; null hides the row. */
export type Fact = { label: string | ((job: { jobType: string }) => string); section: "schedule" | "load"; text: (value: unknown) => string | null };

type FieldSpec<K extends string, I extends InputKind, S extends z.ZodType, D, C = D, Col extends string = K> = {
  /** Key in the validated data, and the Job column unless `column` names another. */
  key: K;
  input: I;
  check: S;
  group?: GroupName;
  column?: Col;
  /** The checked value as data (default: the value, or null when blank). */
  read?: (value: z.output<S>, context: FormContext) => D;
  /** The data as the column stores it (default: as is). */
  store?: (value: D, context: FormContext) => C;
  /** The stored column as the form posts it (default: its text). */
  load?: (stored: never, context: { timezone: string }) => unknown;
  fact?: Fact;
  /** Carry the data and column types for JobFieldData and JobColumns; never set. */
  readonly __data?: D;
  readonly __column?: [Col, C];
};

type Blankless<S extends z.ZodType> = Exclude<z.output<S>, undefined> | (undefined extends z.output<S> ? null : never);

function field<const K extends string, const I extends InputKind, S extends z.ZodType, D = Blankless<S>, C = D, const Col extends string = K>(
  spec: FieldSpec<K, I, S, D, C, Col>,
): FieldSpec<K, I, S, D, C, Col> {
  return spec;
}

const label = (list: readonly options.Option[]) => (value: unknown) => (value ? options.labelFor(list, String(value)) : null);
const labels = (list: readonly options.Option[], none: string) => (value: unknown) =>
  Array.isArray(value) && value.length ? value.map((item) => options.labelFor(list, String(item))).join(", ") : none;
const listColumn = { store: (value: readonly string[]) => JSON.stringify(value), load: (stored: string) => storedList(stored) };
const instantColumn = {
  read: (local: string | undefined, context: FormContext) => (local ? zonedDateTimeToUtc(local, context.timezone) : null),
  load: (stored: Date | null, context: { timezone: string }) => (stored ? toDateTimeLocalValue(stored, context.timezone) : undefined),
};

type Shown = { group?: GroupName; fact?: { label: string; section: Fact["section"] } };

/** An optional choice of one option, shown on the job page by its label. */
function optionField<const K extends string, const T extends readonly options.Option[]>(key: K, list: T, message: string, shown: Shown = {}) {
  const fact = shown.fact && { ...shown.fact, text: label(list) };
  return field({ key, input: "text", check: choice(list, message).optional(), group: shown.group, fact });
}

/** A choice of several options, kept as a JSON list and shown by their labels (or `none`). */
function listField<const K extends string, const T extends readonly options.Option[]>(key: K, list: T, message: string, group: GroupName, fact: { label: string; none: string }) {
  return field({ key, input: "list", check: choices(list, message), group, ...listColumn, fact: { label: fact.label, section: "load", text: labels(list, fact.none) } });
}

type NumberMessages = { notNumber: string; notWhole: string };
type NumberBounds = { min: number; max: number; tooSmall: string; tooBig: string };

/** An optional whole number with its own messages. */
function numberField<const K extends string>(key: K, group: GroupName, messages: NumberMessages, bounds: NumberBounds, fact?: Fact) {
  return field({ key, input: "text", group, check: wholeNumber(messages, bounds).optional(), fact });
}

function palletQuantity<const K extends string>(type: PalletType, key: K) {
  const max = maxPalletsFor(type);
  const check = wholeNumber(
    { notNumber: "Enter the number of pallets as a number", notWhole: "Enter a whole number of pallets" },
    { min: 0, max, tooSmall: "The number of pallets cannot be negative", tooBig: `At most ${max} pallets of this type fit on one vehicle` },
  ).optional();
  return field({ key, input: "text", check, group: "pallet_quantities" });
}

const LoadEstimateSchema = z.object({
  month: z.string({ error: "Break the loads down per month again" }).regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: "Break the loads down per month again" }),
  number_of_loads: wholeNumber(
    { missing: "Enter the estimated loads for this month", notNumber: "Enter the estimated loads as a number", notWhole: "Enter a whole number of loads" },
    { min: 0, max: MAX_LOADS_PER_JOB, tooSmall: "The estimate cannot be negative", tooBig: `Estimate at most ${formatNumber(MAX_LOADS_PER_JOB)} loads a month` },
  ),
});

/** The job's own fields, by the name the form posts (`job[<name>]`). Locations are in location-fields.ts. */
export const JOB_FIELDS = {
  job_type: field({
    key: "jobType", input: "text", check: choice(options.JOB_TYPES, "Choose the type of job"),
    fact: { label: "Type of job", section: "schedule", text: label(options.JOB_TYPES) },
  }),
  reference: field({ key: "reference", input: "text", check: requiredText("Enter a reference for the job", 120, "Keep the reference to 120 characters or fewer") }),
  start_date: field({
    key: "startDate", input: "text", check: calendarDate(), group: "start_date",
    // A single load has no start date field: its first collection day stands in, so every job
    // sorts and filters on the board by when it is first collected.
    store: (value: string | null, context) => calendarDateValue(context.jobType === "single" ? context.firstCollection : value),
    load: (stored: Date | null) => calendarDateText(stored),
  }),
  end_date: field({
    key: "endDate", input: "text", check: calendarDate(), group: "end_date",
    read: (value, context) => (context.jobType === "contract" ? contractEndDate(context.startDate, context.contractDuration) : (value ?? null)),
    store: (value: string | null, context) => calendarDateValue(context.jobType === "single" ? null : value),
    load: (stored: Date | null) => calendarDateText(stored),
  }),
  frequency: optionField("frequency", options.FREQUENCIES, "Choose how often the loads go", { group: "frequency" }),
  contract_duration: optionField("contractDuration", options.CONTRACT_DURATIONS, "Choose the contract duration", { group: "contract_duration" }),
  number_of_loads: numberField(
    "numberOfLoads", "number_of_loads",
    { notNumber: "Enter the number of loads as a number", notWhole: "Enter a whole number of loads" },
    { min: 0, max: MAX_LOADS_PER_JOB, tooSmall: "The number of loads cannot be negative", tooBig: `A job can have at most ${formatNumber(MAX_LOADS_PER_JOB)} loads` },
    { label: (job) => (job.jobType === "multi" ? "Loads per collection day" : "Number of loads"), section: "schedule", text: (value) => (value ? String(value) : null) },
  ),
  call_off_load_type: optionField("callOffLoadType", options.CALL_OFF_LOAD_TYPES, "Choose how the loads are called off", { group: "call_off_load_type", fact: { label: "Call-off", section: "schedule" } }),
  load_type: field({
    key: "loadType", input: "text", check: choice(options.LOAD_TYPES, "Choose the type of load"),
    fact: { label: "Load type", section: "load", text: label(options.LOAD_TYPES) },
  }),
  load_condition: optionField("loadCondition", options.LOAD_CONDITIONS, "Choose the load condition from the list", { group: "load_condition", fact: { label: "Condition", section: "load" } }),
  vehicle_types: listField("vehicleTypes", options.VEHICLE_TYPES, "Choose vehicle types from the list", "vehicle_types", { label: "Vehicle types", none: "Any" }),
  vehicle_spec: optionField("vehicleSpec", options.VEHICLE_SPECS, "Choose the trailer specification from the list", { group: "vehicle_spec", fact: { label: "Trailer specification", section: "load" } }),
  required_certifications: listField("requiredCertifications", options.CERTIFICATIONS, "Choose certifications from the list", "required_certifications", { label: "Required certifications", none: "None" }),
  pallet_type: optionField("palletType", options.PALLET_TYPE_OPTIONS, "Choose the pallet type", { group: "pallet_type", fact: { label: "Pallet type", section: "load" } }),
  quantity_eu: palletQuantity("eu", "quantityEu"),
  quantity_standard: palletQuantity("standard", "quantityStandard"),
  quantity_eu_double: palletQuantity("eu_double", "quantityEuDouble"),
  quantity_standard_double: palletQuantity("standard_double", "quantityStandardDouble"),
  quantity_other: palletQuantity("other", "quantityOther"),
  pallet_size: optionField("palletSize", options.PALLET_SIZES, "Choose the pallet size from the list", { group: "pallet_size", fact: { label: "Pallet size", section: "load" } }),
  container_size: optionField("containerSize", options.CONTAINER_SIZES, "Choose the container size", { group: "container_size", fact: { label: "Container size", section: "load" } }),
  load_quantity: numberField(
    "loadQuantity", "load_quantity",
    { notNumber: "Enter how many as a number", notWhole: "Enter a whole number" },
    { min: 1, max: MAX_ITEMS_PER_LOAD, tooSmall: "Enter at least 1", tooBig: `Enter at most ${formatNumber(MAX_ITEMS_PER_LOAD)}` },
  ),
  total_weight: numberField(
    "totalWeightKg", "total_weight",
    { notNumber: "Enter the weight in kilograms as a number", notWhole: "Enter the weight in whole kilograms" },
    { min: 1, max: MAX_TOTAL_WEIGHT_KG, tooSmall: "Enter a weight of at least 1 kg", tooBig: `Enter a weight of at most ${formatNumber(MAX_TOTAL_WEIGHT_KG)} kg` },
  ),
  additional_notes: field({ key: "additionalNotes", input: "text", check: optionalText(2000, "Keep the notes to 2,000 characters or fewer"), group: "additional_notes" }),
  customs_paperwork: optionField("customsPaperwork", options.CUSTOMS_PAPERWORK, "Choose who handles the customs paperwork", { group: "customs_paperwork", fact: { label: "Customs paperwork", section: "load" } }),
  timezone: field({
    key: "timezone", input: "text", check: z.string().refine(isValidTimeZone, { error: "Unknown time zone; reload the page and try again" }).optional(),
    read: (value) => value ?? UK_TIME_ZONE,
    load: (stored: string) => stored || UK_TIME_ZONE,
    fact: { label: "Times are in", section: "schedule", text: (value) => (value && value !== UK_TIME_ZONE ? String(value) : null) },
  }),
  additional_data: field({
    key: "loadEstimates", column: "additionalData", input: "estimates", group: "load_estimates",
    check: z.object({ load_estimates: z.array(LoadEstimateSchema) }),
    read: (value) => value.load_estimates.map((estimate) => ({ month: estimate.month, numberOfLoads: estimate.number_of_loads })),
    store: (value) => additionalDataText(value),
    load: (stored: string) => ({ load_estimates: storedLoadEstimates(stored).map((estimate) => ({ month: estimate.month, number_of_loads: String(estimate.numberOfLoads) })) }),
  }),
  assigned_driver_id: field({
    key: "assignedDriverId", input: "text", group: "assigned_driver",
    check: wholeNumber({ notNumber: "Choose a driver from the list" }, { min: 1, max: Number.MAX_SAFE_INTEGER, tooSmall: "Choose a driver from the list", tooBig: "Choose a driver from the list" }).optional(),
  }),
  is_auction: field({ key: "isAuction", input: "flag", check: z.boolean(), load: (stored: boolean) => stored }),
  auction_opens_at: field({ key: "auctionOpensAt", input: "text", check: dateTimeLocal(), group: "auction", ...instantColumn }),
  auction_closes_at: field({ key: "auctionClosesAt", input: "text", check: dateTimeLocal(), group: "auction", ...instantColumn }),
  secure_now_price: field({
    key: "secureNowPriceCents", input: "text", group: "auction",
    check: wholePounds("Enter the secure-now price in whole pounds, like 450", {
      min: 1, max: MAX_SECURE_NOW_POUNDS, tooSmall: "The secure-now price must be at least £1", tooBig: `The secure-now price must be £${formatNumber(MAX_SECURE_NOW_POUNDS)} or less`,
    }),
    load: (stored: number | null) => (stored === null ? undefined : wholePoundsFromPence(stored)),
  }),
};

export type JobFieldName = keyof typeof JOB_FIELDS;
export const JOB_FIELD_NAMES = Object.keys(JOB_FIELDS) as JobFieldName[];

type DataOfField<F> = F extends { readonly __data?: infer D } ? D : never;
type KeyOf<F> = F extends { key: infer K extends string } ? K : never;

type ColumnOf<F> = F extends { readonly __column?: [infer Col extends string, infer C] } ? [Col, C] : never;

/** The Job columns the form sets, each with the type its `store` gives (or its data type). */
export type JobFieldColumns = { [N in JobFieldName as ColumnOf<(typeof JOB_FIELDS)[N]>[0]]: ColumnOf<(typeof JOB_FIELDS)[N]>[1] };

/** The table's rows, each typed loosely for code that walks every field. */
export type AnyJobField = FieldSpec<string, InputKind, z.ZodType, unknown, unknown, string>;
export const jobFieldList = (): [JobFieldName, AnyJobField][] => Object.entries(JOB_FIELDS) as [JobFieldName, AnyJobField][];

/** The validated job fields, keyed as the data (and columns) name them: jobType, loadEstimates … */
export type JobFieldData = { [N in JobFieldName as KeyOf<(typeof JOB_FIELDS)[N]>]: DataOfField<(typeof JOB_FIELDS)[N]> };
