// A job as the database keeps it (list columns as JSON text), read back into the job form's posted
// shape: the edit form, "post again" and publishing a saved draft all go through parseJobForm again.

import { toDateTimeLocalValue, UK_TIME_ZONE } from "#domain/format/dates.ts";
import { wholePoundsFromPence } from "#domain/format/money.ts";
import type { JobFormInput, LocationInput } from "./job-form-input.ts";
import type { JobFormData } from "./job-form-schema.ts";
import type { JobLocationData } from "./job-location-schema.ts";

/** A location row: the form's location with its database id, its kind and a real date. */
export type StoredLocation = Omit<JobLocationData, "id" | "windowDate"> & { id: number; kind: string; windowDate: Date | null };

export type StoredJob = {
  jobType: string;
  reference: string;
  startDate: Date | null;
  endDate: Date | null;
  frequency: string | null;
  contractDuration: string | null;
  numberOfLoads: number | null;
  callOffLoadType: string | null;
  loadType: string;
  loadCondition: string | null;
  vehicleTypes: string;
  vehicleSpec: string | null;
  requiredCertifications: string;
  palletType: string | null;
  quantityEu: number | null;
  quantityStandard: number | null;
  quantityEuDouble: number | null;
  quantityStandardDouble: number | null;
  quantityOther: number | null;
  palletSize: string | null;
  containerSize: string | null;
  loadQuantity: number | null;
  totalWeightKg: number | null;
  additionalNotes: string | null;
  customsPaperwork: string | null;
  timezone: string;
  additionalData: string;
  assignedDriverId: number | null;
  isAuction: boolean;
  auctionOpensAt: Date | null;
  auctionClosesAt: Date | null;
  secureNowPriceCents: number | null;
  locations: readonly StoredLocation[];
};

export type LoadEstimate = { month: string; numberOfLoads: number };

function parseJson(text: string | null | undefined): unknown {
  try {
    return JSON.parse(text ?? "");
  } catch {
    return null;
  }
}

/** A JSON list column ('["box","artic"]') as strings; anything unreadable reads as empty. */
export function storedList(text: string | null | undefined): string[] {
  const value = parseJson(text);
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === "string") : [];
}

/** The contract's monthly estimates from additionalData. */
export function storedLoadEstimates(text: string | null | undefined): LoadEstimate[] {
  const value = parseJson(text) as { load_estimates?: unknown } | null;
  const list = Array.isArray(value?.load_estimates) ? value.load_estimates : [];
  return list.flatMap((entry: { month?: unknown; number_of_loads?: unknown }) =>
    typeof entry?.month === "string" && typeof entry.number_of_loads === "number" ? [{ month: entry.month, numberOfLoads: entry.number_of_loads }] : [],
  );
}

export function additionalDataText(estimates: readonly LoadEstimate[]): string {
  return JSON.stringify({ load_estimates: estimates.map((estimate) => ({ month: estimate.month, number_of_loads: estimate.numberOfLoads })) });
}

/** A calendar date kept as UTC midnight → "yyyy-mm-dd". */
export function calendarDateText(date: Date | null | undefined): string | undefined {
  return date ? date.toISOString().slice(0, 10) : undefined;
}

/** "yyyy-mm-dd" → UTC midnight, how calendar dates are stored. */
export function calendarDateValue(isoDate: string | null | undefined): Date | null {
  return isoDate ? new Date(`${isoDate}T00:00:00.000Z`) : null;
}

const text = (value: string | number | null | undefined) => (value === null || value === undefined ? undefined : String(value));

function locationInput(location: StoredLocation): LocationInput {
  return {
    id: String(location.id),
    position: String(location.position),
    _destroy: false,
    full_address: text(location.fullAddress),
    address: text(location.address),
    city: text(location.city),
    post_code: text(location.postCode),
    region: text(location.region),
    country_code: text(location.countryCode),
    company_name: text(location.companyName),
    latitude: text(location.latitude),
    longitude: text(location.longitude),
    window_date: calendarDateText(location.windowDate),
    window_from: text(location.windowFrom),
    window_to: text(location.windowTo),
  };
}

function locationsOf(job: StoredJob, kind: "pickup" | "delivery"): LocationInput[] {
  return job.locations
    .filter((location) => location.kind === kind)
    .toSorted((a, b) => a.position - b.position || a.id - b.id)
    .map(locationInput);
}

/** The job as its form would post it. `withIds: false` for a copy, whose locations are new. */
export function formInputOf(job: StoredJob, options: { withIds?: boolean } = {}): JobFormInput {
  const timezone = job.timezone || UK_TIME_ZONE;
  const local = (date: Date | null) => (date ? toDateTimeLocalValue(date, timezone) : undefined);
  const withoutId = (location: LocationInput): LocationInput => ({ ...location, id: undefined });
  const locations = (kind: "pickup" | "delivery") => {
    const list = locationsOf(job, kind);
    return options.withIds === false ? list.map(withoutId) : list;
  };
  return {
    job_type: job.jobType,
    reference: job.reference,
    start_date: calendarDateText(job.startDate),
    end_date: calendarDateText(job.endDate),
    frequency: text(job.frequency),
    contract_duration: text(job.contractDuration),
    number_of_loads: text(job.numberOfLoads),
    call_off_load_type: text(job.callOffLoadType),
    load_type: job.loadType,
    load_condition: text(job.loadCondition),
    vehicle_types: storedList(job.vehicleTypes),
    vehicle_spec: text(job.vehicleSpec),
    required_certifications: storedList(job.requiredCertifications),
    pallet_type: text(job.palletType),
    quantity_eu: text(job.quantityEu),
    quantity_standard: text(job.quantityStandard),
    quantity_eu_double: text(job.quantityEuDouble),
    quantity_standard_double: text(job.quantityStandardDouble),
    quantity_other: text(job.quantityOther),
    pallet_size: text(job.palletSize),
    container_size: text(job.containerSize),
    load_quantity: text(job.loadQuantity),
    total_weight: text(job.totalWeightKg),
    additional_notes: text(job.additionalNotes),
    customs_paperwork: text(job.customsPaperwork),
    timezone,
    additional_data: {
      load_estimates: storedLoadEstimates(job.additionalData).map((estimate) => ({ month: estimate.month, number_of_loads: String(estimate.numberOfLoads) })),
    },
    assigned_driver_id: text(job.assignedDriverId),
    is_auction: job.isAuction,
    auction_opens_at: local(job.auctionOpensAt),
    auction_closes_at: local(job.auctionClosesAt),
    secure_now_price: job.secureNowPriceCents === null ? undefined : wholePoundsFromPence(job.secureNowPriceCents),
    pickups: locations("pickup"),
    deliveries: locations("delivery"),
  };
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
    pickups: [{ ...EMPTY_LOCATION }],
    deliveries: [{ ...EMPTY_LOCATION }],
  };
}

/** The Job columns a validated form sets (the model adds owner, status and timestamps). */
export function jobColumnsOf(data: JobFormData) {
  const single = data.jobType === "single";
  // Single loads have no start date field; their first collection day stands in, so every job
  // sorts and filters on the board by when it is first collected.
  const firstCollection = data.pickups.map((location) => location.windowDate).filter((day): day is string => Boolean(day)).sort()[0];
  return {
    reference: data.reference,
    jobType: data.jobType,
    startDate: calendarDateValue(single ? firstCollection : data.startDate),
    endDate: calendarDateValue(single ? null : data.endDate),
    frequency: data.frequency,
    contractDuration: data.contractDuration,
    numberOfLoads: data.numberOfLoads,
    callOffLoadType: data.callOffLoadType,
    expectedQuantity: data.expectedQuantity,
    loadType: data.loadType,
    loadCondition: data.loadCondition,
    vehicleTypes: JSON.stringify(data.vehicleTypes),
    vehicleSpec: data.vehicleSpec,
    requiredCertifications: JSON.stringify(data.requiredCertifications),
    palletType: data.palletType,
    quantityEu: data.quantityEu,
    quantityStandard: data.quantityStandard,
    quantityEuDouble: data.quantityEuDouble,
    quantityStandardDouble: data.quantityStandardDouble,
    quantityOther: data.quantityOther,
    palletSize: data.palletSize,
    containerSize: data.containerSize,
    loadQuantity: data.loadQuantity,
    totalWeightKg: data.totalWeightKg,
    additionalNotes: data.additionalNotes,
    customsPaperwork: data.customsPaperwork,
    timezone: data.timezone,
    additionalData: additionalDataText(data.loadEstimates),
    assignedDriverId: data.assignedDriverId,
    isAuction: data.isAuction,
    auctionOpensAt: data.auctionOpensAt,
    auctionClosesAt: data.auctionClosesAt,
    secureNowPriceCents: data.secureNowPriceCents,
  };
}

/** The columns of a JobLocation row (without its job). */
export function locationColumnsOf(kind: "pickup" | "delivery", location: JobLocationData) {
  return {
    kind,
    position: location.position,
    fullAddress: location.fullAddress,
    address: location.address,
    city: location.city,
    postCode: location.postCode,
    region: location.region,
    countryCode: location.countryCode,
    companyName: location.companyName,
    latitude: location.latitude,
    longitude: location.longitude,
    windowDate: calendarDateValue(location.windowDate),
    windowFrom: location.windowFrom,
    windowTo: location.windowTo,
  };
}
