import { OfflineGazetteer } from "./offline-gazetteer.server.ts";
import type { GeocodingProvider } from "./provider.ts";

export type GeocoderConfig = { provider: "offline" };

/**
 * The one place a provider is chosen. A hosted geocoder is added as a class implementing
 * GeocodingProvider (answers mapped to AutocompleteItem and Google-style GeocodeResult), a new
 * `provider` value here, and its key in env.server.ts; routes and pages do not change.
 */
export function createGeocoder(config: GeocoderConfig = { provider: "offline" }): GeocodingProvider {
  switch (config.provider) {
    case "offline":
      return new OfflineGazetteer();
  }
}

let shared: GeocodingProvider | undefined;

/** The process-wide geocoder (its gazetteer is loaded once and shared by every request). */
export function geocoder(): GeocodingProvider {
  shared ??= createGeocoder();
  return shared;
}

/** Where the geocoder places a line of text (a town, a postcode, an address), or null when it cannot. */
export async function pointOf(text: string): Promise<{ latitude: number; longitude: number } | null> {
  const result = await geocoder().geocode(text).catch(() => null);
  const at = result?.geometry?.location;
  return at ? { latitude: at.lat, longitude: at.lng } : null;
}
