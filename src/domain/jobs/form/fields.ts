// The job form as one table. Each row says how its posted value is read, how it is checked, which
// visibility group shows it, whether publishing asks for it, what it becomes in the validated data
// (and so in its Job column), how a stored job gives it back to the form, and how the job and load
// pages show it. Everything else (reading the post, the checks, the required messages, the dropping
// of hidden groups' fields, the column mapping and the pages' facts) is derived from this table:
// see docs/job-form.md. The kinds of row are in rows.ts.

import { z } from "zod";
import { isValidTimeZone } from "#domain/format/date-input.ts";
import { UK_TIME_ZONE } from "#domain/format/dates.ts";
import { formatNumber } from "#domain/format/count.ts";
import { formatMoney, wholePoundsFromPence } from "#domain/format/money.ts";
import { DEFAULT_FREE_WAITING_MINUTES, formatMinutes } from "#domain/extra-charges/waiting.ts";
import { penceFromPounds } from "#domain/invoices/credit-notes.ts";
import { poundsText } from "#domain/invoices/pence.ts";
import * as options from "../catalogue.ts";
import { contractEndDate } from "../contract-months.ts";
import { MAX_LOADS_PER_JOB } from "../limits.ts";
import { maxPalletsFor, type PalletType } from "../pallet-limits.ts";
import { additionalDataText, calendarDateText, calendarDateValue, storedLoadEstimates } from "../stored-values.ts";
import { calendarDate, choice, dateTimeLocal, optionalText, poundsAndPence, requiredText, wholeNumber, wholePounds } from "./checks.ts";
import { AUDIENCE_FIELDS } from "./audience-fields.ts";
import {
  field, instantColumn, labelOf, listField, numberField, optionField, type FieldSpec, type InputKind,
} from "./rows.ts";

export const MAX_TOTAL_WEIGHT_KG = 1_000_000;
export const MAX_ITEMS_PER_LOAD = 10_000;
export const MAX_SECURE_NOW_POUNDS = 1_000_000;

/** How the goods go on the vehicle: from behind, from the side (a forklift at a curtain-sider) or from above. */
const LOADING_METHODS = [
  { value: "rear", label: "Rear" },
  { value: "side", label: "Side" },
  { value: "top", label: "Top" },
] as const;

function palletQuantity<const K extends string>(type: PalletType, key: K) {
  const max = maxPalletsFor(type);
  const check = wholeNumber(
    { notNumber: "Enter the number of pallets as a number", notWhole: "Enter a whole number of pallets" },
    {
      min: 0, max,
      tooSmall: "The number of pallets cannot be negative", tooBig: `At most ${max} pallets of this type fit on one vehicle`,
    },
  ).optional();
  return field({ key, input: "text", check, group: "pallet_quantities" });
}

const AGAIN = "Break the loads down per month again";
const LoadEstimateSchema = z.object({
  month: z.string({ error: AGAIN }).regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: AGAIN }),
  number_of_loads: wholeNumber(
    {
      missing: "Enter the estimated loads for this month",
      notNumber: "Enter the estimated loads as a number",
      notWhole: "Enter a whole number of loads",
    },
    {
      min: 0, max: MAX_LOADS_PER_JOB,
      tooSmall: "The estimate cannot be negative", tooBig: `Estimate at most ${formatNumber(MAX_LOADS_PER_JOB)} loads a month`,
    },
  ),
});

export const MAX_FREE_WAITING_MINUTES = 1_440;
export const MIN_WAITING_RATE_PENCE = 100;
export const MAX_WAITING_RATE_PENCE = 100_000;

/** The rate as the job page reads it: "£45.00 an hour", or the carrier's own when the job sets none. */
function waitingRateText(value: unknown): string {
  const pence = typeof value === "string" ? penceFromPounds(value) : null;
  return pence === null ? "Not set: the carrier's own hourly rate" : `${formatMoney(pence)} an hour`;
}

/** The most cover a job may ask for: the most an insurance document may record. */
export const MAX_MINIMUM_COVER_POUNDS = 10_000_000;

/** "£50,000", or nothing shown when the job asks for no minimum. */
function minimumCoverText(value: unknown): string | null {
  const pounds = typeof value === "string" && value !== "" ? Number(value) : Number.NaN;
  return Number.isFinite(pounds) ? `£${formatNumber(pounds)}` : null;
}

const calendarColumn = { load: (stored: Date | null) => calendarDateText(stored) };
const CHOOSE_DRIVER = "Choose a driver from the list";

/** The job's own fields, by the name the form posts (`job[<name>]`). Locations are in location-fields.ts. */
export const JOB_FIELDS = {
  job_type: field({
    key: "jobType", input: "text", check: choice(options.JOB_TYPES, "Choose the type of job"), options: options.JOB_TYPES,
    fact: { label: "Type of job", section: "schedule", text: labelOf(options.JOB_TYPES) },
  }),
  reference: field({
    key: "reference", input: "text",
    check: requiredText("Enter a reference for the job", 120, "Keep the reference to 120 characters or fewer"),
  }),
  start_date: field({
    key: "startDate", input: "text", check: calendarDate(), group: "start_date", required: "Enter the start date", ...calendarColumn,
    // A single load has no start date field: its first collection day stands in, so every job
    // sorts and filters on the board by when it is first collected.
    store: (value: string | null, context) =>
      calendarDateValue(context.jobType === "single" ? context.firstCollection : value),
  }),
  end_date: field({
    key: "endDate", input: "text", check: calendarDate(), group: "end_date", required: "Enter the end date", ...calendarColumn,
    read: (value, context) =>
      (context.jobType === "contract" ? contractEndDate(context.startDate, context.contractDuration) : (value ?? null)),
    store: (value: string | null, context) => calendarDateValue(context.jobType === "single" ? null : value),
  }),
  frequency: optionField("frequency", options.FREQUENCIES, "Choose how often the loads go", {
    group: "frequency", required: true,
  }),
  contract_duration: optionField("contractDuration", options.CONTRACT_DURATIONS, "Choose the contract duration", {
    group: "contract_duration", required: true,
  }),
  number_of_loads: numberField(
    "numberOfLoads", "number_of_loads",
    { notNumber: "Enter the number of loads as a number", notWhole: "Enter a whole number of loads" },
    {
      min: 0, max: MAX_LOADS_PER_JOB,
      tooSmall: "The number of loads cannot be negative", tooBig: `A job can have at most ${formatNumber(MAX_LOADS_PER_JOB)} loads`,
    },
    {
      fact: {
        label: (job) => (job.jobType === "multi" ? "Loads per collection day" : "Number of loads"),
        section: "schedule",
        text: (value) => (value ? String(value) : null),
      },
    },
  ),
  call_off_load_type: optionField("callOffLoadType", options.CALL_OFF_LOAD_TYPES, "Choose how the loads are called off", {
    group: "call_off_load_type", fact: { label: "Call-off", section: "schedule" },
  }),
  load_type: field({
    key: "loadType", input: "text", check: choice(options.LOAD_TYPES, "Choose the type of load"), options: options.LOAD_TYPES,
    fact: { label: "Load type", section: "load", text: labelOf(options.LOAD_TYPES) },
  }),
  load_condition: optionField("loadCondition", options.LOAD_CONDITIONS, "Choose the load condition from the list", {
    group: "load_condition", fact: { label: "Condition", section: "load" },
  }),
  vehicle_types: listField("vehicleTypes", options.VEHICLE_TYPES, "Choose vehicle types from the list", "vehicle_types", {
    label: "Vehicle types", none: "Any", required: "Choose at least one vehicle type",
  }),
  vehicle_spec: optionField("vehicleSpec", options.VEHICLE_SPECS, "Choose the trailer specification from the list", {
    group: "vehicle_spec", fact: { label: "Trailer specification", section: "load" },
  }),
  required_certifications: listField(
    "requiredCertifications", options.CERTIFICATIONS, "Choose certifications from the list", "required_certifications",
    { label: "Required certifications", none: "None" },
  ),
  pallet_type: optionField("palletType", options.PALLET_TYPE_OPTIONS, "Choose the pallet type", {
    group: "pallet_type", fact: { label: "Pallet type", section: "load" }, required: true,
  }),
  quantity_eu: palletQuantity("eu", "quantityEu"),
  quantity_standard: palletQuantity("standard", "quantityStandard"),
  quantity_eu_double: palletQuantity("eu_double", "quantityEuDouble"),
  quantity_standard_double: palletQuantity("standard_double", "quantityStandardDouble"),
  quantity_other: palletQuantity("other", "quantityOther"),
  pallet_size: optionField("palletSize", options.PALLET_SIZES, "Choose the pallet size from the list", {
    group: "pallet_size", fact: { label: "Pallet size", section: "load" },
  }),
  container_size: optionField("containerSize", options.CONTAINER_SIZES, "Choose the container size", {
    group: "container_size", fact: { label: "Container size", section: "load" }, required: true,
  }),
  load_quantity: numberField(
    "loadQuantity", "load_quantity",
    { notNumber: "Enter how many as a number", notWhole: "Enter a whole number" },
    { min: 1, max: MAX_ITEMS_PER_LOAD, tooSmall: "Enter at least 1", tooBig: `Enter at most ${formatNumber(MAX_ITEMS_PER_LOAD)}` },
    { required: (job) => (job.load_type === "drums" ? "Enter how many drums" : "Enter how many IBCs") },
  ),
  total_weight: numberField(
    "totalWeightKg", "total_weight",
    { notNumber: "Enter the weight in kilograms as a number", notWhole: "Enter the weight in whole kilograms" },
    {
      min: 1, max: MAX_TOTAL_WEIGHT_KG,
      tooSmall: "Enter a weight of at least 1 kg", tooBig: `Enter a weight of at most ${formatNumber(MAX_TOTAL_WEIGHT_KG)} kg`,
    },
  ),
  additional_notes: field({
    key: "additionalNotes", input: "text", check: optionalText(2000, "Keep the notes to 2,000 characters or fewer"), group: "additional_notes",
  }),
  customs_paperwork: optionField("customsPaperwork", options.CUSTOMS_PAPERWORK, "Choose who handles the customs paperwork", {
    group: "customs_paperwork", fact: { label: "Customs paperwork", section: "load" }, required: true,
  }),
  loading_method: optionField("loadingMethod", LOADING_METHODS, "Choose how the goods are loaded", {
    fact: { label: "Loading method", section: "load" }, required: true,
  }),
  // Waiting at a stop (src/domain/extra-charges/waiting.ts): free up to this, then charged by the
  // minute at this hourly rate. Blank: the usual 2 hours free, and the carrier gives its own rate.
  free_waiting_minutes: field({
    key: "freeWaitingMinutes", input: "text",
    check: wholeNumber(
      { notNumber: "Enter the free waiting time in minutes, like 120", notWhole: "Enter the free waiting time in whole minutes" },
      {
        min: 0, max: MAX_FREE_WAITING_MINUTES,
        tooSmall: "The free waiting time cannot be negative", tooBig: "The free waiting time can be at most 1,440 minutes (24 hours)",
      },
    ).optional(),
    fact: {
      label: "Free waiting time", section: "schedule",
      text: (value) => formatMinutes(value === undefined || value === null ? DEFAULT_FREE_WAITING_MINUTES : Number(value)),
    },
  }),
  waiting_rate: field({
    key: "waitingRatePence", input: "text",
    check: poundsAndPence("Enter the waiting time rate in pounds and pence, like 45.00", {
      minPence: MIN_WAITING_RATE_PENCE, maxPence: MAX_WAITING_RATE_PENCE,
      tooSmall: "The waiting time rate must be at least £1.00 an hour", tooBig: "The waiting time rate must be £1,000.00 an hour or less",
    }),
    load: (stored: number | null) => (stored === null ? undefined : poundsText(stored)),
    fact: { label: "Waiting time rate", section: "schedule", text: waitingRateText },
  }),
  // Documents that count (src/domain/compliance/documents-that-count.ts): a carrier whose
  // goods-in-transit cover is below this cannot quote. Blank: any cover will do.
  minimum_cargo_cover: field({
    key: "minimumCargoCoverPence", input: "text",
    check: wholePounds("Enter the minimum cover in whole pounds, like 50,000", {
      min: 1, max: MAX_MINIMUM_COVER_POUNDS,
      tooSmall: "The minimum cover must be at least £1",
      tooBig: `The minimum cover must be £${formatNumber(MAX_MINIMUM_COVER_POUNDS)} or less`,
    }),
    load: (stored: number | null) => (stored === null ? undefined : wholePoundsFromPence(stored)),
    fact: { label: "Minimum goods-in-transit cover", section: "load", text: minimumCoverText },
  }),
  timezone: field({
    key: "timezone", input: "text",
    check: z.string().refine(isValidTimeZone, { error: "Unknown time zone; reload the page and try again" }).optional(),
    read: (value) => value ?? UK_TIME_ZONE,
    load: (stored: string) => stored || UK_TIME_ZONE,
    fact: { label: "Times are in", section: "schedule", text: (value) => (value && value !== UK_TIME_ZONE ? String(value) : null) },
  }),
  additional_data: field({
    key: "loadEstimates", column: "additionalData", input: "estimates", group: "load_estimates",
    required: "Break the estimated loads down per month",
    check: z.object({ load_estimates: z.array(LoadEstimateSchema) }),
    read: (value) => value.load_estimates.map((estimate) => ({ month: estimate.month, numberOfLoads: estimate.number_of_loads })),
    store: (value) => additionalDataText(value),
    load: (stored: string) => ({
      load_estimates: storedLoadEstimates(stored).map((estimate) => ({ month: estimate.month, number_of_loads: String(estimate.numberOfLoads) })),
    }),
  }),
  assigned_driver_id: field({
    key: "assignedDriverId", input: "text", group: "assigned_driver",
    check: wholeNumber(
      { notNumber: CHOOSE_DRIVER },
      { min: 1, max: Number.MAX_SAFE_INTEGER, tooSmall: CHOOSE_DRIVER, tooBig: CHOOSE_DRIVER },
    ).optional(),
  }),
  is_auction: field({ key: "isAuction", input: "flag", check: z.boolean(), load: (stored: boolean) => stored }),
  auction_opens_at: field({
    key: "auctionOpensAt", input: "text", check: dateTimeLocal(), group: "auction", required: "Enter when the auction opens", ...instantColumn,
  }),
  auction_closes_at: field({
    key: "auctionClosesAt", input: "text", check: dateTimeLocal(), group: "auction", required: "Enter when the auction closes", ...instantColumn,
  }),
  secure_now_price: field({
    key: "secureNowPriceCents", input: "text", group: "auction",
    check: wholePounds("Enter the secure-now price in whole pounds, like 450", {
      min: 1, max: MAX_SECURE_NOW_POUNDS,
      tooSmall: "The secure-now price must be at least £1",
      tooBig: `The secure-now price must be £${formatNumber(MAX_SECURE_NOW_POUNDS)} or less`,
    }),
    load: (stored: number | null) => (stored === null ? undefined : wholePoundsFromPence(stored)),
  }),
  ...AUDIENCE_FIELDS,
};

export type JobFieldName = keyof typeof JOB_FIELDS;
export const JOB_FIELD_NAMES = Object.keys(JOB_FIELDS) as JobFieldName[];

type DataOfField<F> = F extends { readonly __data?: infer D } ? D : never;
type KeyOf<F> = F extends { key: infer K extends string } ? K : never;

type ColumnOf<F> = F extends { elsewhere: true } ? never : F extends { readonly __column?: [infer Col extends string, infer C] } ? [Col, C] : never;

/** The Job columns the form sets, each with the type its `store` gives (or its data type). */
export type JobFieldColumns = {
  [N in JobFieldName as ColumnOf<(typeof JOB_FIELDS)[N]>[0]]: ColumnOf<(typeof JOB_FIELDS)[N]>[1];
};

/** The table's rows, each typed loosely for code that walks every field. */
export type AnyJobField = FieldSpec<string, InputKind, z.ZodType, unknown, unknown, string>;
export const jobFieldList = (): [JobFieldName, AnyJobField][] =>
  Object.entries(JOB_FIELDS) as [JobFieldName, AnyJobField][];

/** Every Job column the table fills: what a page reads to show a job's facts. */
export const JOB_FIELD_COLUMNS = jobFieldList().flatMap(([, spec]) => (spec.elsewhere ? [] : [spec.column ?? spec.key])) as (keyof JobFieldColumns)[];

/** The validated job fields, keyed as the data (and columns) name them: jobType, loadEstimates … */
export type JobFieldData = {
  [N in JobFieldName as KeyOf<(typeof JOB_FIELDS)[N]>]: DataOfField<(typeof JOB_FIELDS)[N]>;
};
