import type { AutocompleteItem } from "#domain/geo/address-result.ts";
import type { LatLng } from "#domain/maps/polyline.ts";

// The map picker's rules without Leaflet: the clicked point kept to 6 decimals (about 10 cm), the
// nearest-place request, the item handed to the address form, and what the status line says.
// Also the props the job form's "pin on the map" button gives the picker.

/** A picker starting at a known place zooms in this far (street level); otherwise PICKER's zoom. */
export const PINNED_ZOOM = 12;

const round6 = (value: number) => Number(value.toFixed(6));

export function pickedPoint(latitude: number, longitude: number): LatLng {
  return [round6(latitude), round6(longitude)];
}

/** The nearest-place URL for a point (the base may carry its own query). */
export function nearestPlaceRequest(baseUrl: string, [latitude, longitude]: LatLng): string {
  const query = new URLSearchParams({ latitude: latitude.toFixed(6), longitude: longitude.toFixed(6) });
  return `${baseUrl}${baseUrl.includes("?") ? "&" : "?"}${query}`;
}

const ITEM_TEXT_FIELDS = ["name", "address", "city", "post_code", "region", "country_code"] as const;

/**
 * What the picker hands the address form: the nearest place's answer (when it is one) at the
 * clicked point, or just the point, labelled by its coordinates.
 */
export function pickedItem(answer: unknown, point: LatLng): AutocompleteItem {
  const [latitude, longitude] = point;
  const place = typeof answer === "object" && answer !== null ? (answer as Record<string, unknown>) : null;
  if (!place || typeof place.label !== "string" || !place.label) return { label: coordinatesLabel(point), latitude, longitude };
  const item: AutocompleteItem = { label: place.label };
  for (const field of ITEM_TEXT_FIELDS) if (typeof place[field] === "string") item[field] = place[field];
  return { ...item, latitude, longitude };
}

/** "53.800000, -1.550000": the label of a point with no known place near it. */
export function coordinatesLabel([latitude, longitude]: LatLng): string {
  return `${latitude.toFixed(6)}, ${longitude.toFixed(6)}`;
}

/** The status line after a pick: the town (or place) it is near, else the coordinates. */
export function pickedStatus(item: AutocompleteItem): string {
  const near = item.label !== coordinatesLabel([item.latitude ?? NaN, item.longitude ?? NaN]);
  return near ? `Pinned near ${item.city || item.name || item.label}` : `Pinned at ${item.label}`;
}

/**
 * The picker's props from the form's (JSON) with the location's latest coordinates, when its
 * hidden fields hold them (typed or chosen since the page was drawn).
 */
export function pinProps(base: Record<string, unknown>, latitudeText: string | null | undefined, longitudeText: string | null | undefined): Record<string, unknown> {
  const latitude = Number(latitudeText?.trim() || NaN);
  const longitude = Number(longitudeText?.trim() || NaN);
  const valid = Number.isFinite(latitude) && Number.isFinite(longitude) && Math.abs(latitude) <= 90 && Math.abs(longitude) <= 180;
  return valid ? { ...base, latitude, longitude } : { ...base };
}
