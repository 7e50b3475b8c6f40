// The option lists of the job form. Keys are what the form posts and the database stores; labels
// are en-GB text for selects and job pages.

export type Option = { readonly value: string; readonly label: string };
export type ValueOf<T extends readonly Option[]> = T[number]["value"];

export const JOB_TYPES = [
  { value: "single", label: "Single load" },
  { value: "multi", label: "Multi-load (recurring)" },
  { value: "contract", label: "Contract" },
] as const;
export type JobType = ValueOf<typeof JOB_TYPES>;

export const LOAD_TYPES = [
  { value: "palletised", label: "Palletised" },
  { value: "without_pallets", label: "Loose (without pallets)" },
  { value: "ibc", label: "IBCs" },
  { value: "drums", label: "Drums" },
  { value: "shipping_container", label: "Shipping container" },
] as const;
export type LoadType = ValueOf<typeof LOAD_TYPES>;

export const VEHICLE_TYPES = [
  { value: "curtain_side", label: "Curtain-sider" },
  { value: "box", label: "Box body" },
  { value: "flatbed", label: "Flatbed" },
  { value: "refrigerated", label: "Refrigerated (fridge)" },
  { value: "tail_lift", label: "Tail-lift" },
  { value: "van", label: "Van (up to 3.5 t)" },
  { value: "luton", label: "Luton van with tail-lift" },
  { value: "rigid_7_5t", label: "7.5 t rigid" },
  { value: "rigid_18t", label: "18 t rigid" },
  { value: "rigid_26t", label: "26 t rigid" },
  { value: "artic", label: "Articulated (44 t)" },
  { value: "double_deck", label: "Double-deck trailer" },
  { value: "moving_floor", label: "Walking floor" },
  { value: "low_loader", label: "Low loader" },
  { value: "tipper", label: "Tipper" },
  { value: "tanker", label: "Tanker" },
  { value: "hiab", label: "HIAB (lorry-mounted crane)" },
  { value: "container_chassis", label: "Container chassis (skeletal)" },
] as const;
export type VehicleType = ValueOf<typeof VEHICLE_TYPES>;

// Only asked for curtain-siders, where the trailer build matters for loading.
export const VEHICLE_SPECS = [
  { value: "standard", label: "Standard 13.6 m trailer" },
  { value: "mega", label: "Mega trailer (3 m internal height)" },
  { value: "double_deck", label: "Double-deck" },
  { value: "tail_lift", label: "With tail-lift" },
  { value: "moffett", label: "With truck-mounted forklift (Moffett)" },
] as const;
export type VehicleSpec = ValueOf<typeof VEHICLE_SPECS>;

export const CERTIFICATIONS = [
  { value: "adr", label: "ADR (dangerous goods)" },
  { value: "fors_bronze", label: "FORS Bronze" },
  { value: "fors_silver", label: "FORS Silver" },
  { value: "fors_gold", label: "FORS Gold" },
  { value: "temperature_controlled", label: "Temperature-controlled (ATP)" },
  { value: "gdp", label: "GDP (pharmaceuticals)" },
  { value: "iso_9001", label: "ISO 9001" },
  { value: "iso_14001", label: "ISO 14001" },
  { value: "aeo", label: "AEO (Authorised Economic Operator)" },
  { value: "brcgs", label: "BRCGS Storage and Distribution" },
  { value: "clocs", label: "CLOCS" },
  { value: "cpc", label: "Transport Manager CPC" },
] as const;
export type Certification = ValueOf<typeof CERTIFICATIONS>;

export const LOAD_CONDITIONS = [
  { value: "ambient", label: "Ambient" },
  { value: "chilled", label: "Chilled (0 to 5 °C)" },
  { value: "frozen", label: "Frozen (−18 °C or colder)" },
  { value: "fragile", label: "Fragile" },
  { value: "hazardous", label: "Hazardous (ADR)" },
  { value: "high_value", label: "High value" },
] as const;
export type LoadCondition = ValueOf<typeof LOAD_CONDITIONS>;

export const CONTAINER_SIZES = [
  { value: "20ft", label: "20 ft" },
  { value: "40ft", label: "40 ft" },
  { value: "40ft_hc", label: "40 ft high cube" },
  { value: "45ft", label: "45 ft high cube" },
] as const;
export type ContainerSize = ValueOf<typeof CONTAINER_SIZES>;

export const PALLET_SIZES = [
  { value: "1200x800", label: "EU 1200 × 800 mm" },
  { value: "1200x1000", label: "UK standard 1200 × 1000 mm" },
  { value: "800x600", label: "Half 800 × 600 mm" },
  { value: "600x400", label: "Quarter 600 × 400 mm" },
  { value: "1140x1140", label: "Square 1140 × 1140 mm" },
  { value: "mixed", label: "Mixed sizes" },
] as const;
export type PalletSize = ValueOf<typeof PALLET_SIZES>;

export const PALLET_TYPE_OPTIONS = [
  { value: "eu", label: "EU pallets" },
  { value: "standard", label: "UK standard pallets" },
  { value: "eu_double", label: "EU pallets, double-stacked" },
  { value: "standard_double", label: "UK standard pallets, double-stacked" },
  { value: "other", label: "Other pallets" },
] as const;

export const FREQUENCIES = [
  { value: "daily", label: "Daily" },
  { value: "weekdays", label: "Weekdays (Monday to Friday)" },
  { value: "weekly", label: "Weekly" },
  { value: "fortnightly", label: "Fortnightly" },
  { value: "monthly", label: "Monthly" },
] as const;
export type Frequency = ValueOf<typeof FREQUENCIES>;

export const CONTRACT_DURATIONS = [
  { value: "six_months", label: "6 months" },
  { value: "one_year", label: "1 year" },
  { value: "one_year_plus_one", label: "1 year + 1 year option" },
  { value: "two_years", label: "2 years" },
] as const;
export type ContractDuration = ValueOf<typeof CONTRACT_DURATIONS>;

// How the loads of a job are released to the carrier.
export const CALL_OFF_LOAD_TYPES = [
  { value: "all_at_once", label: "All loads on the collection date" },
  { value: "scheduled", label: "Scheduled call-offs" },
  { value: "on_demand", label: "Called off on demand" },
] as const;
export type CallOffLoadType = ValueOf<typeof CALL_OFF_LOAD_TYPES>;

export const CUSTOMS_PAPERWORK = [
  { value: "shipper_provides", label: "Shipper provides all customs documents" },
  { value: "carrier_arranges", label: "Carrier arranges customs clearance" },
  { value: "t1_transit", label: "T1 transit declaration" },
  { value: "ata_carnet", label: "ATA Carnet" },
  { value: "tir_carnet", label: "TIR Carnet" },
  { value: "windsor_green_lane", label: "Windsor Framework green lane (UKIMS)" },
  { value: "windsor_red_lane", label: "Windsor Framework red lane" },
] as const;
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
