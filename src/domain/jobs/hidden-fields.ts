// The server half of "hidden form groups have their inputs disabled": whatever a hidden
// group posts (stale values, no JavaScript, a crafted request) is dropped before validation.

import { visibleGroups, type GroupName, type JobFormState, type Visibility } from "./form-visibility.ts";
import type { JobFormInput, LocationInput } from "./job-form-input.ts";

type JobField = Exclude<keyof JobFormInput, "pickups" | "deliveries">;

export const GROUP_FIELDS = {
  start_date: ["start_date"],
  end_date: ["end_date"],
  frequency: ["frequency"],
  contract_duration: ["contract_duration"],
  load_estimates: ["additional_data"],
  assigned_driver: ["assigned_driver_id"],
  number_of_loads: ["number_of_loads"],
  call_off_load_type: ["call_off_load_type"],
  load_condition: ["load_condition"],
  vehicle_types: ["vehicle_types"],
  vehicle_spec: ["vehicle_spec"],
  required_certifications: ["required_certifications"],
  pallet_type: ["pallet_type"],
  pallet_quantities: ["quantity_eu", "quantity_standard", "quantity_eu_double", "quantity_standard_double", "quantity_other"],
  pallet_size: ["pallet_size"],
  additional_notes: ["additional_notes"],
  container_size: ["container_size"],
  load_quantity: ["load_quantity"],
  total_weight: ["total_weight"],
  customs_paperwork: ["customs_paperwork"],
  window_single: [],
  window_multi: [],
  auction: ["auction_opens_at", "auction_closes_at", "secure_now_price"],
} as const satisfies Record<GroupName, readonly JobField[]>;

const EMPTY: Partial<Record<JobField, unknown>> = {
  vehicle_types: [],
  required_certifications: [],
  additional_data: { load_estimates: [] },
};

export function formState(input: JobFormInput): JobFormState {
  const place = (location: LocationInput) => ({ countryCode: location.country_code, region: location.region, postCode: location.post_code });
  const kept = (locations: LocationInput[]) => locations.filter((location) => !location._destroy).map(place);
  return {
    jobType: input.job_type,
    numberOfLoads: input.number_of_loads,
    loadType: input.load_type,
    vehicleTypes: input.vehicle_types,
    isAuction: input.is_auction,
    pickups: kept(input.pickups),
    deliveries: kept(input.deliveries),
  };
}

// A destroyed location keeps only what deleting it needs; a multi-load layout has no window date.
function visibleLocation(location: LocationInput, visibility: Visibility): LocationInput {
  if (location._destroy) return { id: location.id, _destroy: true };
  return visibility.window_single ? location : { ...location, window_date: undefined };
}

/** The posted fields with those of hidden groups emptied, plus the visibility that decided it. */
export function withoutHiddenFields(input: JobFormInput): JobFormInput & { visible: Visibility } {
  const visibility = visibleGroups(formState(input));
  const job: Record<string, unknown> = { ...input };
  for (const group of Object.keys(GROUP_FIELDS) as GroupName[]) {
    if (visibility[group]) continue;
    for (const field of GROUP_FIELDS[group]) job[field] = EMPTY[field];
  }
  return {
    ...(job as JobFormInput),
    pickups: input.pickups.map((location) => visibleLocation(location, visibility)),
    deliveries: input.deliveries.map((location) => visibleLocation(location, visibility)),
    visible: visibility,
  };
}
