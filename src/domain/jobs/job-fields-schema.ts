// Field by field checks of the job form, after hidden groups have been emptied. Every field is
// optional here: which ones are required depends on what is shown (see job-form-rules.ts).

import { z } from "zod";
import { isValidTimeZone } from "#domain/format/date-input.ts";
import {
  CALL_OFF_LOAD_TYPES, CERTIFICATIONS, CONTAINER_SIZES, CONTRACT_DURATIONS, CUSTOMS_PAPERWORK, FREQUENCIES, JOB_TYPES,
  LOAD_CONDITIONS, LOAD_TYPES, PALLET_SIZES, PALLET_TYPE_OPTIONS, VEHICLE_SPECS, VEHICLE_TYPES,
} from "./catalogue.ts";
import type { Visibility } from "./form-visibility.ts";
import {
  calendarDate, choice, choices, dateTimeLocal, optionalText, requiredText, wholeNumber, wholePounds,
} from "./form-fields.ts";
import { DraftLocationSchema, LocationSchema } from "./job-location-schema.ts";
import { maxPalletsFor, type PalletType } from "./pallet-limits.ts";

export const MAX_LOADS_PER_JOB = 1000;
export const MAX_TOTAL_WEIGHT_KG = 1_000_000;
export const MAX_ITEMS_PER_LOAD = 10_000;
export const MAX_SECURE_NOW_POUNDS = 1_000_000;

function palletQuantity(type: PalletType) {
  const max = maxPalletsFor(type);
  return wholeNumber(
    { notNumber: "Enter the number of pallets as a number", notWhole: "Enter a whole number of pallets" },
    { min: 0, max, tooSmall: "The number of pallets cannot be negative", tooBig: `At most ${max} pallets of this type fit on one vehicle` },
  ).optional();
}

const LoadEstimateSchema = z.object({
  month: z.string({ error: "Break the loads down per month again" }).regex(/^\d{4}-(0[1-9]|1[0-2])$/, {
    error: "Break the loads down per month again",
  }),
  number_of_loads: wholeNumber(
    { missing: "Enter the estimated loads for this month", notNumber: "Enter the estimated loads as a number", notWhole: "Enter a whole number of loads" },
    { min: 0, max: MAX_LOADS_PER_JOB, tooSmall: "The estimate cannot be negative", tooBig: `Estimate at most ${MAX_LOADS_PER_JOB.toLocaleString("en-GB")} loads a month` },
  ),
});

const fieldsWith = (location: typeof LocationSchema) => z.object({
  visible: z.custom<Visibility>(),
  job_type: choice(JOB_TYPES, "Choose the type of job"),
  reference: requiredText("Enter a reference for the job", 120, "Keep the reference to 120 characters or fewer"),
  start_date: calendarDate(),
  end_date: calendarDate(),
  frequency: choice(FREQUENCIES, "Choose how often the loads go").optional(),
  contract_duration: choice(CONTRACT_DURATIONS, "Choose the contract duration").optional(),
  number_of_loads: wholeNumber(
    { notNumber: "Enter the number of loads as a number", notWhole: "Enter a whole number of loads" },
    { min: 0, max: MAX_LOADS_PER_JOB, tooSmall: "The number of loads cannot be negative", tooBig: `A job can have at most ${MAX_LOADS_PER_JOB.toLocaleString("en-GB")} loads` },
  ).optional(),
  call_off_load_type: choice(CALL_OFF_LOAD_TYPES, "Choose how the loads are called off").optional(),
  load_type: choice(LOAD_TYPES, "Choose the type of load"),
  load_condition: choice(LOAD_CONDITIONS, "Choose the load condition from the list").optional(),
  vehicle_types: choices(VEHICLE_TYPES, "Choose vehicle types from the list"),
  vehicle_spec: choice(VEHICLE_SPECS, "Choose the trailer specification from the list").optional(),
  required_certifications: choices(CERTIFICATIONS, "Choose certifications from the list"),
  pallet_type: choice(PALLET_TYPE_OPTIONS, "Choose the pallet type").optional(),
  quantity_eu: palletQuantity("eu"),
  quantity_standard: palletQuantity("standard"),
  quantity_eu_double: palletQuantity("eu_double"),
  quantity_standard_double: palletQuantity("standard_double"),
  quantity_other: palletQuantity("other"),
  pallet_size: choice(PALLET_SIZES, "Choose the pallet size from the list").optional(),
  container_size: choice(CONTAINER_SIZES, "Choose the container size").optional(),
  load_quantity: wholeNumber(
    { notNumber: "Enter how many as a number", notWhole: "Enter a whole number" },
    { min: 1, max: MAX_ITEMS_PER_LOAD, tooSmall: "Enter at least 1", tooBig: `Enter at most ${MAX_ITEMS_PER_LOAD.toLocaleString("en-GB")}` },
  ).optional(),
  total_weight: wholeNumber(
    { notNumber: "Enter the weight in kilograms as a number", notWhole: "Enter the weight in whole kilograms" },
    { min: 1, max: MAX_TOTAL_WEIGHT_KG, tooSmall: "Enter a weight of at least 1 kg", tooBig: `Enter a weight of at most ${MAX_TOTAL_WEIGHT_KG.toLocaleString("en-GB")} kg` },
  ).optional(),
  additional_notes: optionalText(2000, "Keep the notes to 2,000 characters or fewer"),
  customs_paperwork: choice(CUSTOMS_PAPERWORK, "Choose who handles the customs paperwork").optional(),
  timezone: z.string().refine(isValidTimeZone, { error: "Unknown time zone; reload the page and try again" }).optional(),
  additional_data: z.object({ load_estimates: z.array(LoadEstimateSchema) }),
  assigned_driver_id: wholeNumber(
    { notNumber: "Choose a driver from the list" },
    { min: 1, max: Number.MAX_SAFE_INTEGER, tooSmall: "Choose a driver from the list", tooBig: "Choose a driver from the list" },
  ).optional(),
  is_auction: z.boolean(),
  auction_opens_at: dateTimeLocal(),
  auction_closes_at: dateTimeLocal(),
  secure_now_price: wholePounds("Enter the secure-now price in whole pounds, like 450", {
    min: 1,
    max: MAX_SECURE_NOW_POUNDS,
    tooSmall: "The secure-now price must be at least £1",
    tooBig: `The secure-now price must be £${MAX_SECURE_NOW_POUNDS.toLocaleString("en-GB")} or less`,
  }),
  pickups: z.array(location),
  deliveries: z.array(location),
});

export const JobFieldsSchema = fieldsWith(LocationSchema);
/** Drafts: the same field checks; their locations may still lack an address. */
export const DraftJobFieldsSchema = fieldsWith(DraftLocationSchema);
export type JobFields = z.output<typeof JobFieldsSchema>;
