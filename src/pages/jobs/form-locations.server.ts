import { COUNTRY_CODES } from "#domain/jobs/catalogue.ts";
import { countryLabel } from "#domain/jobs/board-filters.ts";
import type { JobFormInput, LocationInput } from "#domain/jobs/form/input.ts";
import { fieldId } from "#domain/jobs/form/names.ts";

// The job form's pickup and delivery blocks (views/jobs/form/_location.ejs), each with what its
// template shows worked out here: whether it opens on the detailed address fields, its ids, and
// which messages its address field is described by.

type Side = "pickups" | "deliveries";
type Errors = Record<string, string>;

export type LocationBlock = {
  kind: "pickup" | "delivery";
  side: Side;
  /** A number, or "NEW_RECORD" in the block the "Add another" button copies. */
  index: number | "NEW_RECORD";
  /** The block's fields' path: "pickups.0". */
  path: string;
  location: LocationInput;
  errors: Errors;
  /** Shown with the detailed fields (town, country …) rather than the one address line. */
  detailed: boolean;
  removed: boolean;
  noun: "Pickup" | "Delivery";
  addressId: string;
  addressError: string | undefined;
  /** The side's own message (too many locations) is linked from the summary to its first block's address line. */
  carriesSideError: boolean;
  addressDescribedBy: string;
};

const DETAILED_FIELDS = ["city", "country_code", "address", "post_code", "region", "company_name"];

/** The first block a side shows (not removed), or -1. */
const firstShown = (locations: readonly LocationInput[]) => locations.findIndex((location) => !location._destroy);

/** Whether a location's values are the detailed fields' rather than one address line. */
export const isDetailed = (location: LocationInput) =>
  !location.full_address && Boolean(location.city || location.country_code || location.address);

type Index = LocationBlock["index"];

function block(side: Side, index: Index, location: LocationInput, errors: Errors, firstOfSide: boolean): LocationBlock {
  const path = `${side}.${index}`;
  const detailedError = DETAILED_FIELDS.some((name) => errors[`${path}.${name}`]);
  const addressId = fieldId(`${path}.full_address`);
  const carriesSideError = firstOfSide && Boolean(errors[side]);
  return {
    kind: side === "pickups" ? "pickup" : "delivery",
    side, index, path, location, errors,
    detailed: detailedError || isDetailed(location),
    removed: Boolean(location._destroy),
    noun: side === "pickups" ? "Pickup" : "Delivery",
    addressId,
    addressError: errors[`${path}.full_address`],
    carriesSideError,
    addressDescribedBy: [carriesSideError ? `job_${side}_error` : "", `${addressId}_error`].filter(Boolean).join(" "),
  };
}

/** A side of the form: its heading, its blocks, and the blank block its "Add another" button copies. */
export function locationSide(side: Side, values: JobFormInput, errors: Errors) {
  const locations = values[side] ?? [];
  const first = firstShown(locations);
  return {
    side,
    kind: side === "pickups" ? "pickup" : "delivery",
    title: side === "pickups" ? "Collection" : "Delivery",
    error: errors[side],
    blocks: locations.map((location, index) => block(side, index, location, errors, index === first)),
    newBlock: block(side, "NEW_RECORD", { _destroy: false }, {}, false),
  };
}

/** Where the summary's message about a side takes the focus: its first block's address, or its add button. */
export function firstLocationFieldId(side: Side, values: JobFormInput): string {
  const locations = values[side] ?? [];
  const index = firstShown(locations);
  if (index < 0) return `${side}_add`;
  return fieldId(`${side}.${index}.${isDetailed(locations[index]!) ? "city" : "full_address"}`);
}

/** The country select's options. */
export const COUNTRY_OPTIONS = COUNTRY_CODES.map((code) => ({ value: code, label: countryLabel(code) }));
