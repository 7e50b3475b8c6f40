// The server half of "hidden form groups have their inputs disabled": whatever a hidden group
// posts (stale values, no JavaScript, a crafted request) is dropped before validation. Which
// fields belong to which group comes from the field table.

import { GROUP_NAMES, visibleGroups, type GroupName, type JobFormState, type Visibility } from "./form-visibility.ts";
import { JOB_FIELD_NAMES, JOB_FIELDS, type InputKind, type JobFieldName } from "./job-fields.ts";
import type { JobFormInput, LocationInput } from "./job-form-input.ts";

/** What a hidden field is emptied to, by how it is read. */
const EMPTY: Record<InputKind, unknown> = { text: undefined, list: [], flag: false, estimates: { load_estimates: [] } };

/** Each visibility group's fields, from the field table. */
export const GROUP_FIELDS = Object.fromEntries(
  GROUP_NAMES.map((group) => [group, JOB_FIELD_NAMES.filter((name) => JOB_FIELDS[name].group === group)]),
) as Record<GroupName, JobFieldName[]>;

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
    for (const field of GROUP_FIELDS[group]) job[field] = EMPTY[JOB_FIELDS[field].input];
  }
  return {
    ...(job as JobFormInput),
    pickups: input.pickups.map((location) => visibleLocation(location, visibility)),
    deliveries: input.deliveries.map((location) => visibleLocation(location, visibility)),
    visible: visibility,
  };
}
