import { addressLine } from "#domain/format/address.ts";
import { parsedAddress } from "#domain/geo/address-result.ts";
import type { JobLocationData } from "#domain/jobs/form/location-fields.ts";
import { geocoder } from "#geo/index.server.ts";

// Coordinates are kept on every location for the maps that follow. The browser sends them when an
// address was picked from the suggestions; otherwise (typed, or no JavaScript) they are looked up here.


/** The location with latitude/longitude, and any town, post code, region or country it lacked. */
export async function located(location: JobLocationData): Promise<JobLocationData> {
  if (location.latitude !== null && location.longitude !== null) return location;
  // A draft's location may have no address yet: nothing to look up.
  const text = addressLine(location);
  if (!text) return location;
  const result = await geocoder().geocode(text).catch(() => null);
  if (!result) return location;
  const parsed = parsedAddress(result);
  const point = result.geometry?.location;
  return {
    ...location,
    city: location.city ?? (parsed.city || null),
    postCode: location.postCode ?? (parsed.post_code || null),
    region: location.region ?? (parsed.region || null),
    countryCode: location.countryCode ?? (parsed.country_code || null),
    latitude: point?.lat ?? null,
    longitude: point?.lng ?? null,
  };
}

export function locatedAll(locations: readonly JobLocationData[]): Promise<JobLocationData[]> {
  return Promise.all(locations.map(located));
}
