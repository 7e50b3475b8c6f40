// Which groups of the job form are shown. The job-form controller toggles
// `data-visibility-group="<name>"` elements with it (hidden groups have their inputs disabled) and
// the server drops the fields of hidden groups before validating, so both agree.
//
// Contract jobs are treated like multi-load jobs with a start date but no end
// date or frequency: the contract duration sets the end, and the per-month load estimates replace
// both the frequency and the number of loads. With no number of loads to enter, the call-off load
// type stays shown, as for a multi-load job before a number is entered. No driver is assigned up
// front, and locations use the multi-load time-window layout (times only, no date).

import { needsCustomsPaperwork, type CustomsLocation } from "../customs.ts";
import type { JobFormInput, LocationInput } from "./input.ts";

export const GROUP_NAMES = [
  "start_date",
  "end_date",
  "frequency",
  "contract_duration",
  "load_estimates",
  "assigned_driver",
  "number_of_loads",
  "call_off_load_type",
  "load_condition",
  "vehicle_types",
  "vehicle_spec",
  "required_certifications",
  "pallet_type",
  "pallet_quantities",
  "pallet_size",
  "additional_notes",
  "container_size",
  "load_quantity",
  "total_weight",
  "customs_paperwork",
  "window_single",
  "window_multi",
  "auction",
  "audience_pools",
  "audience_market_step",
] as const;
export type GroupName = (typeof GROUP_NAMES)[number];
export type Visibility = Record<GroupName, boolean>;

/** What the visibility depends on, as read from the form (raw input values). */
export type JobFormState = {
  jobType?: string | null;
  numberOfLoads?: string | number | null;
  loadType?: string | null;
  vehicleTypes?: readonly string[];
  isAuction?: boolean;
  /** Who sees the job (audience-fields.ts); blank reads as the open market. */
  audience?: string | null;
  pickups?: readonly CustomsLocation[];
  deliveries?: readonly CustomsLocation[];
};

const WEIGHED_LOAD_TYPES = ["palletised", "without_pallets", "ibc", "drums"];
const COUNTED_LOAD_TYPES = ["ibc", "drums"];

function isBlank(value: string | number | null | undefined): boolean {
  return value === null || value === undefined || String(value).trim() === "";
}

function isNonZero(value: string | number | null | undefined): boolean {
  if (isBlank(value)) return false;
  const number = Number(String(value).trim());
  return Number.isFinite(number) && number !== 0;
}

function callOffShown(jobType: string, numberOfLoads: string | number | null | undefined): boolean {
  if (jobType === "single") return isNonZero(numberOfLoads);
  if (jobType === "multi") return isBlank(numberOfLoads);
  return true;
}

/** Unknown or missing job types read as single, the form's default. Destroyed locations must be left out. */
export function visibleGroups(state: JobFormState): Visibility {
  const jobType = state.jobType === "multi" || state.jobType === "contract" ? state.jobType : "single";
  const loadType = state.loadType ?? "";
  const container = loadType === "shipping_container";
  const palletised = loadType === "palletised";
  const vehicleTypesShown = !container;

  return {
    start_date: jobType !== "single",
    end_date: jobType === "multi",
    frequency: jobType === "multi",
    contract_duration: jobType === "contract",
    load_estimates: jobType === "contract",
    assigned_driver: jobType === "single",
    number_of_loads: jobType !== "contract",
    call_off_load_type: callOffShown(jobType, jobType === "contract" ? null : state.numberOfLoads),
    load_condition: !container,
    vehicle_types: vehicleTypesShown,
    vehicle_spec: vehicleTypesShown && (state.vehicleTypes ?? []).includes("curtain_side"),
    required_certifications: !container,
    pallet_type: palletised,
    pallet_quantities: palletised,
    pallet_size: palletised,
    additional_notes: palletised,
    container_size: container,
    load_quantity: COUNTED_LOAD_TYPES.includes(loadType),
    total_weight: WEIGHED_LOAD_TYPES.includes(loadType),
    customs_paperwork: needsCustomsPaperwork(state.pickups ?? [], state.deliveries ?? []),
    window_single: jobType === "single",
    window_multi: jobType !== "single",
    auction: state.isAuction === true,
    // The pools, their deadline and the market step apply only when the job is offered to pools.
    audience_pools: state.audience === "pools" || state.audience === "pools_then_market",
    audience_market_step: state.audience === "pools_then_market",
  };
}

/** What the visibility depends on, from the posted (or stored) form; removed locations left out. */
export function formState(input: JobFormInput): JobFormState {
  const place = (location: LocationInput) =>
    ({ countryCode: location.country_code, region: location.region, postCode: location.post_code });
  const kept = (locations: LocationInput[]) => locations.filter((location) => !location._destroy).map(place);
  return {
    jobType: input.job_type,
    numberOfLoads: input.number_of_loads,
    loadType: input.load_type,
    vehicleTypes: input.vehicle_types,
    isAuction: input.is_auction,
    audience: input.audience,
    pickups: kept(input.pickups),
    deliveries: kept(input.deliveries),
  };
}
