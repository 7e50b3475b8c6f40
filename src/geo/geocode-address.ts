import type { AddressComponent, GeocodeResult } from "#domain/geo/address-result.ts";
import { countryName, isUkPostcodeCountry } from "./data/countries.ts";
import { isDistrict, readAddress, type AddressReading } from "./address-reading.ts";
import type { PlaceIndex } from "./place-index.ts";

const STREET_LINE = /^(\d+[A-Z]?(?:-\d+[A-Z]?)?) (\S.*)$/i;

/** A Google-style geocode result for a typed address, or null when it names no known place, postcode or country. */
export function geocodeAddress(index: PlaceIndex, typed: string): GeocodeResult | null {
  const reading = readAddress(index, typed);
  if (!reading.place && !reading.postcode && !reading.countryCode) return null;
  const components = [
    ...lineComponents(index, reading),
    ...townComponents(reading),
    ...reading.counties.map((county) => component(county, ["administrative_area_level_2", "political"])),
    ...(reading.region ? [component(reading.region, ["administrative_area_level_1", "political"])] : []),
    ...(reading.countryCode ? [component(countryName(reading.countryCode), ["country", "political"], reading.countryCode)] : []),
    ...postalComponents(reading),
  ];
  const location = reading.place ?? reading.postcode?.area;
  return {
    address_components: components,
    formatted_address: formattedAddress(reading),
    ...(location ? { geometry: { location: { lat: location.lat, lng: location.lng } } } : {}),
  };
}

function component(long_name: string, types: AddressComponent["types"], short_name = long_name): AddressComponent {
  return { long_name, short_name, types };
}

function lineComponents(index: PlaceIndex, reading: AddressReading): AddressComponent[] {
  let streetTaken = false;
  return reading.lines.flatMap((line) => {
    const street = streetTaken ? null : STREET_LINE.exec(line);
    if (street) {
      streetTaken = true;
      return [component(street[1]!, ["street_number"]), component(street[2]!, ["route"])];
    }
    if (isDistrict(index, line, reading.countryCode)) return [component(line, ["sublocality", "political"])];
    return [component(line, ["premise"])];
  });
}

// Outward codes only resolve to their area, so the area's post town stands in only when no town was named.
function townComponents(reading: AddressReading): AddressComponent[] {
  if (reading.place) return [component(reading.place.name, ["locality", "political"])];
  return reading.postcode ? [component(reading.postcode.area.postTown, ["postal_town"])] : [];
}

function postalComponents({ postcode, postalCode }: AddressReading): AddressComponent[] {
  if (postcode) return [component(postcode.code, postcode.inward ? ["postal_code"] : ["postal_code", "postal_code_prefix"])];
  return postalCode ? [component(postalCode, ["postal_code"])] : [];
}

// Written as Royal Mail and Google write them: "Unit 4, Trafford Park, Manchester M17 1AB, UK";
// on the continent the postal code comes first: "3011 AD Rotterdam, Netherlands".
function formattedAddress(reading: AddressReading): string {
  const town = reading.place?.name ?? reading.postcode?.area.postTown ?? null;
  const code = reading.postcode?.code ?? reading.postalCode;
  const ukStyle = reading.countryCode ? isUkPostcodeCountry(reading.countryCode) : true;
  const townLine = ukStyle ? [town, code] : [code, town];
  const country = reading.countryCode === "GB" ? "UK" : reading.countryCode ? countryName(reading.countryCode) : null;
  return [...reading.lines, townLine.filter(Boolean).join(" "), country].filter(Boolean).join(", ");
}
