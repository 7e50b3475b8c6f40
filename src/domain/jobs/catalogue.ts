// The option lists of the job form. Keys are what the form posts and the database stores; labels
// are en-GB text for selects and job pages, kept as data in catalogue-labels.json.
import LABELS from "./catalogue-labels.json" with { type: "json" };
import { PALLET_TYPES } from "./pallet-limits.ts";

export type Option = { readonly value: string; readonly label: string };
export type ValueOf<T extends readonly Option[]> = T[number]["value"];

/** An option list: its keys in order, each with its en-GB label from catalogue-labels.json. */
function options<const V extends readonly string[]>(values: V, labels: Record<string, string>): readonly { readonly value: V[number]; readonly label: string }[] {
  return values.map((value) => ({ value, label: labels[value] ?? value }));
}

export const JOB_TYPES = options(["single", "multi", "contract"], LABELS.job_types);
export type JobType = ValueOf<typeof JOB_TYPES>;

export const LOAD_TYPES = options(["palletised", "without_pallets", "ibc", "drums", "shipping_container"], LABELS.load_types);
export type LoadType = ValueOf<typeof LOAD_TYPES>;

export const VEHICLE_TYPES = options(
  [
    "curtain_side", "box", "flatbed", "refrigerated", "tail_lift", "van", "luton", "rigid_7_5t",
    "rigid_18t", "rigid_26t", "artic", "double_deck", "moving_floor", "low_loader", "tipper", "tanker",
    "hiab", "container_chassis",
  ],
  LABELS.vehicle_types,
);
export type VehicleType = ValueOf<typeof VEHICLE_TYPES>;

// Only asked for curtain-siders, where the trailer build matters for loading.
export const VEHICLE_SPECS = options(["standard", "mega", "double_deck", "tail_lift", "moffett"], LABELS.vehicle_specs);
export type VehicleSpec = ValueOf<typeof VEHICLE_SPECS>;

export const CERTIFICATIONS = options(
  [
    "adr", "fors_bronze", "fors_silver", "fors_gold", "temperature_controlled", "gdp", "iso_9001",
    "iso_14001", "aeo", "brcgs", "clocs", "cpc",
  ],
  LABELS.certifications,
);
export type Certification = ValueOf<typeof CERTIFICATIONS>;

export const LOAD_CONDITIONS = options(["ambient", "chilled", "frozen", "fragile", "hazardous", "high_value"], LABELS.load_conditions);
export type LoadCondition = ValueOf<typeof LOAD_CONDITIONS>;

export const CONTAINER_SIZES = options(["20ft", "40ft", "40ft_hc", "45ft"], LABELS.container_sizes);
export type ContainerSize = ValueOf<typeof CONTAINER_SIZES>;

export const PALLET_SIZES = options(["1200x800", "1200x1000", "800x600", "600x400", "1140x1140", "mixed"], LABELS.pallet_sizes);
export type PalletSize = ValueOf<typeof PALLET_SIZES>;

export const PALLET_TYPE_OPTIONS = options(PALLET_TYPES, LABELS.pallet_type_options);

export const FREQUENCIES = options(["daily", "weekdays", "weekly", "fortnightly", "monthly"], LABELS.frequencies);
export type Frequency = ValueOf<typeof FREQUENCIES>;

export const CONTRACT_DURATIONS = options(["six_months", "one_year", "one_year_plus_one", "two_years"], LABELS.contract_durations);
export type ContractDuration = ValueOf<typeof CONTRACT_DURATIONS>;

// How the loads of a job are released to the carrier.
export const CALL_OFF_LOAD_TYPES = options(["all_at_once", "scheduled", "on_demand"], LABELS.call_off_load_types);
export type CallOffLoadType = ValueOf<typeof CALL_OFF_LOAD_TYPES>;

export const CUSTOMS_PAPERWORK = options(
  [
    "shipper_provides", "carrier_arranges", "t1_transit", "ata_carnet", "tir_carnet",
    "windsor_green_lane", "windsor_red_lane",
  ],
  LABELS.customs_paperwork,
);
export type CustomsPaperwork = ValueOf<typeof CUSTOMS_PAPERWORK>;

/** The keys of an option list, as a non-empty tuple for `z.enum`. */
export function valuesOf<const T extends readonly Option[]>(options: T): [ValueOf<T>, ...ValueOf<T>[]] {
  return options.map((option) => option.value) as [ValueOf<T>, ...ValueOf<T>[]];
}

/** The label of a key, or the key itself when the list does not know it (old data stays readable). */
export function labelFor(options: readonly Option[], value: string | null | undefined): string {
  if (!value) return "";
  return options.find((option) => option.value === value)?.label ?? value;
}

export function isOneOf<const T extends readonly Option[]>(options: T, value: unknown): value is ValueOf<T> {
  return options.some((option) => option.value === value);
}

/** Countries a location can be in: the UK and Crown Dependencies, then the EU, EEA and Switzerland. */
export const COUNTRY_CODES = [
  "GB", "IE", "FR", "BE", "NL", "LU", "DE", "DK", "ES", "PT", "IT", "AT", "CH", "PL", "CZ", "SK", "HU", "SI", "HR", "RO", "BG",
  "GR", "CY", "MT", "SE", "NO", "FI", "EE", "LV", "LT", "IS", "LI", "JE", "GG", "IM",
] as const;

/** What the region field suggests; the UK nations decide the Northern Ireland customs rule. */
export const UK_REGIONS = ["England", "Scotland", "Wales", "Northern Ireland"] as const;
