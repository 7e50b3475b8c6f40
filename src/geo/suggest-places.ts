import { parsedAddress, type AutocompleteItem, type GeocodeResult, type ParsedAddress } from "#domain/geo/address-result.ts";
import { countryCodeFor, countryName } from "./data/countries.ts";
import type { PostcodeArea } from "./data/uk-postcode-areas.ts";
import { foldName } from "./fold.ts";
import { comparePlaces, type Place, type PlaceIndex } from "./place-index.ts";
import { findFullPostcode, parseTypedPostcode, postcodeArea, type UkPostcode } from "./uk-postcode.ts";

export const AUTOCOMPLETE_LIMIT = 10;

type Ranked = { place: Place; item: AutocompleteItem };

/**
 * Suggestions for typed text, best first: a whole typed address (it has a comma or a full postcode),
 * then a postcode being typed, then places whose name starts with the text, UK first then by size.
 */
export function suggestPlaces(
  index: PlaceIndex,
  geocode: (address: string) => GeocodeResult | null,
  query: string,
  limit = AUTOCOMPLETE_LIMIT,
): AutocompleteItem[] {
  const typed = query.replace(/\s+/g, " ").trim();
  if (!foldName(typed)) return [];
  const [first = "", ...rest] = typed.split(",").map((part) => part.trim());
  const countryCode = rest.length > 0 ? countryCodeFor(rest.at(-1)!) : null;
  const whole = typed.includes(",") || findFullPostcode(typed) ? geocode(typed) : null;
  const postcode = parseTypedPostcode(typed);
  const ranked: Ranked[] = index
    .startingWith(foldName(first))
    .filter((place) => !countryCode || place.countryCode === countryCode)
    .map((place) => ({ place, item: placeItem(place) }));
  const area = postcodeArea(typed);
  if (area && !postcode) ranked.push(areaSuggestion(index, area));
  const items = [
    ...(whole ? [addressItem(whole)] : []),
    ...(postcode && !whole ? [postcodeItem(postcode)] : []),
    ...ranked.sort((a, b) => comparePlaces(a.place, b.place)).map(({ item }) => item),
  ];
  return distinctLabels(items).slice(0, limit);
}

function placeItem(place: Place): AutocompleteItem {
  return {
    label: [place.name, place.region, shortCountryName(place.countryCode)].filter(Boolean).join(", "),
    city: place.name,
    ...(place.region ? { region: place.region } : {}),
    country_code: place.countryCode,
    latitude: place.lat,
    longitude: place.lng,
  };
}

function postcodeItem({ code, area }: UkPostcode): AutocompleteItem {
  return { ...areaItem(area, code), post_code: code };
}

// "BT" alone is a postcode area: it competes with the towns as its post town would.
function areaSuggestion(index: PlaceIndex, area: PostcodeArea): Ranked {
  const town = index.find(foldName(area.postTown)).find((place) => place.countryCode === area.countryCode);
  const place: Place = town ?? { name: area.postTown, countryCode: area.countryCode, region: area.region, population: 0, lat: area.lat, lng: area.lng };
  return { place, item: areaItem(area, area.area) };
}

function areaItem(area: PostcodeArea, code: string): AutocompleteItem {
  return {
    label: [code, area.postTown, area.region, shortCountryName(area.countryCode)].filter(Boolean).join(", "),
    city: area.postTown,
    ...(area.region ? { region: area.region } : {}),
    country_code: area.countryCode,
    latitude: area.lat,
    longitude: area.lng,
  };
}

function addressItem(result: GeocodeResult): AutocompleteItem {
  const item: AutocompleteItem = { label: result.formatted_address };
  for (const [field, value] of Object.entries(parsedAddress(result)) as [keyof ParsedAddress, string][]) {
    if (value) item[field] = value;
  }
  const location = result.geometry?.location;
  return location ? { ...item, latitude: location.lat, longitude: location.lng } : item;
}

const shortCountryName = (code: string) => (code === "GB" ? "UK" : countryName(code));

function distinctLabels(items: AutocompleteItem[]): AutocompleteItem[] {
  const byLabel = new Map<string, AutocompleteItem>();
  for (const item of items) if (!byLabel.has(item.label)) byLabel.set(item.label, item);
  return [...byLabel.values()];
}
