// The shapes the address autocomplete and geocode calls answer with (Google Places-like components),
// and how the address form turns a geocode result into its detailed fields. Shared by server and browser.

export type AddressComponentType =
  | "subpremise"
  | "premise"
  | "street_number"
  | "route"
  | "sublocality"
  | "locality"
  | "postal_town"
  | "administrative_area_level_2"
  | "administrative_area_level_1"
  | "country"
  | "postal_code"
  | "postal_code_prefix"
  | "political";

export type AddressComponent = { long_name: string; short_name?: string; types: AddressComponentType[] };

export type GeocodeResult = {
  address_components: AddressComponent[];
  formatted_address: string;
  geometry?: { location: { lat: number; lng: number } };
};

export type AutocompleteItem = {
  label: string;
  name?: string;
  address?: string;
  city?: string;
  post_code?: string;
  region?: string;
  country_code?: string;
  latitude?: number;
  longitude?: number;
};

export type ParsedAddress = { address: string; city: string; post_code: string; region: string; country_code: string };

const ADDRESS_LINE_TYPES: AddressComponentType[] = ["subpremise", "premise", "route", "sublocality"];

/** The detailed address-form fields a geocode result fills; absent parts are empty strings. */
export function parsedAddress(result: GeocodeResult): ParsedAddress {
  const components = result.address_components;
  const first = (type: AddressComponentType) => components.find((c) => c.types.includes(type));
  return {
    address: addressLines(components).join(", "),
    city: (first("locality") ?? first("postal_town"))?.long_name ?? "",
    post_code: first("postal_code")?.long_name ?? "",
    region: first("administrative_area_level_1")?.long_name ?? "",
    country_code: first("country")?.short_name ?? "",
  };
}

/** An empty parse marks the full-address field invalid; a place needs a city, post code or country. */
export function isParsedAddressEmpty(parsed: ParsedAddress): boolean {
  return !parsed.city && !parsed.post_code && !parsed.country_code;
}

function addressLines(components: AddressComponent[]): string[] {
  const lines: string[] = [];
  for (const component of components) {
    if (component.types.includes("street_number")) continue;
    if (!component.types.some((type) => ADDRESS_LINE_TYPES.includes(type))) continue;
    const number = component.types.includes("route") ? components.find((c) => c.types.includes("street_number")) : undefined;
    lines.push(number ? `${number.long_name} ${component.long_name}` : component.long_name);
  }
  return lines;
}
