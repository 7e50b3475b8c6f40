import type { AutocompleteItem, GeocodeResult } from "#domain/geo/address-result.ts";

export type { AddressComponent, AutocompleteItem, GeocodeResult, ParsedAddress } from "#domain/geo/address-result.ts";
export { isParsedAddressEmpty, parsedAddress } from "#domain/geo/address-result.ts";

/**
 * A known place near a point, shaped like an autocomplete item so the address form fills its fields
 * (city, region, country_code, latitude, longitude) the same way. The coordinates are the place's own,
 * not the point asked about.
 */
export type NearestPlace = AutocompleteItem & { latitude: number; longitude: number };

/**
 * Where addresses come from. The offline gazetteer implements it today; a hosted service (Google
 * Places, Nominatim, Ideal Postcodes…) plugs in as another class returning the same shapes, chosen
 * in createGeocoder().
 */
export interface GeocodingProvider {
  /** Suggestions for typed text, best first; empty text gives none (the page shows its own defaults). */
  autocomplete(query: string, limit?: number): Promise<AutocompleteItem[]>;
  /** The place a free-text address names, or null when nothing in it is recognised. */
  geocode(address: string): Promise<GeocodeResult | null>;
  /** The known place nearest a point (the map picker's pin), or null when none is near enough; optional. */
  nearest?(latitude: number, longitude: number): Promise<NearestPlace | null>;
  /** Starts any slow loading in the background (called at server start); optional. */
  warm?(): void;
}
