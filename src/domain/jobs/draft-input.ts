// Drafts may be saved half-finished (a draft needs only its reference). Before a draft is checked,
// the blanks it may leave are evened out so the stored row stays readable:
// - job type and load type fall back to the blank form's (single, palletised): both columns are NOT NULL;
// - a month left blank in a contract's breakdown counts as 0 loads;
// - a pickup or delivery with nothing filled in is not saved (a saved one emptied is removed).
// Whatever IS filled is then checked exactly as on publishing.

import type { JobFormInput, LocationInput } from "./job-form-input.ts";

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
