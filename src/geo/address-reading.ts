import { countryCodeFor, isUkPostcodeCountry, ukRegionFor } from "./data/countries.ts";
import type { UkRegion } from "./data/uk-postcode-areas.ts";
import { foldName } from "./fold.ts";
import type { Place, PlaceIndex } from "./place-index.ts";
import { findFullPostcode, parseOutward, type UkPostcode } from "./uk-postcode.ts";

/** What a typed address says, read right to left as addresses are written: country, postcode, town, lines. */
export type AddressReading = {
  lines: string[];
  counties: string[];
  place: Place | null;
  postcode: UkPostcode | null;
  postalCode: string | null;
  countryCode: string | null;
  region: UkRegion | null;
};

// Single words that end street names and are also the names of small towns ("Street", Somerset).
const STREET_WORDS = new Set(
  "street road lane avenue way close drive park green place square terrace hill bridge gardens court crescent row walk grove mews wharf quay yard estate centre house works"
    .split(" "),
);
const CONTINENTAL_POSTAL_CODE = /^(\d{4} ?[A-Z]{2}|\d{2}-\d{3}|\d{4}-\d{3}|\d{3} \d{2}|[A-Z]{1,2}-\d{4,5}|\d{4,5})$/i;

export function readAddress(index: PlaceIndex, typed: string): AddressReading {
  const segments = typed.split(/[,;\n]+/).map(tidy).filter(Boolean);
  const { countryCode: statedCountry, region: statedRegion, countryText } = takeCountry(segments);
  const postcode = !statedCountry || isUkPostcodeCountry(statedCountry) ? takePostcode(segments) : null;
  const countryCode = statedCountry ?? postcode?.postcode.area.countryCode ?? null;
  const region = statedRegion ?? postcode?.postcode.area.region ?? null;
  const lookup = placeLookup(index, countryCode, region);

  let town = findTown(segments, lookup, postcode?.segment ?? -1);
  if (!town && segments.length === 0 && countryText) town = townFromCountryName(countryText, lookup);
  const before = town ? [...segments.slice(0, town.segment), ...(town.rest ? [town.rest] : [])] : segments;
  return {
    lines: before,
    counties: town ? segments.slice(town.segment + 1) : [],
    place: town?.place ?? null,
    postcode: postcode?.postcode ?? null,
    postalCode: town?.postalCode ?? null,
    countryCode: town?.place.countryCode ?? countryCode,
    region: town ? town.place.region : region,
  };
}

/** An address line that names a known place of the same country: a district such as "Trafford Park". */
export function isDistrict(index: PlaceIndex, line: string, countryCode: string | null): boolean {
  return placeLookup(index, countryCode, null)(line) !== null;
}

const tidy = (text: string) => text.replace(/\s+/g, " ").trim();

type Stated = { countryCode: string | null; region: UkRegion | null; countryText: string | null };

// At most one country and one UK nation, as whole trailing segments ("…, Northern Ireland, UK") or as
// the last words of the last segment ("Lyon FR"; a two-letter code only in capitals there).
function takeCountry(segments: string[]): Stated {
  const stated: Stated = { countryCode: null, region: null, countryText: null };
  while (segments.length > 0) {
    const last = segments.at(-1)!;
    if (!stated.countryCode && countryCodeFor(last)) [stated.countryCode, stated.countryText] = [countryCodeFor(last), last];
    else if (!stated.region && ukRegionFor(last)) stated.region = ukRegionFor(last);
    else break;
    segments.pop();
  }
  const last = segments.at(-1);
  if (!last || stated.countryCode) return withRegionCountry(stated);
  const words = last.split(" ");
  for (let n = Math.min(3, words.length - 1); n >= 1; n--) {
    const tail = words.slice(-n).join(" ");
    if (tail.length === 2 && tail !== tail.toUpperCase()) continue;
    const code = countryCodeFor(tail);
    const region = code ? null : ukRegionFor(tail);
    if (!code && !region) continue;
    if (code) stated.countryCode = code;
    else stated.region ??= region;
    segments[segments.length - 1] = words.slice(0, -n).join(" ");
    break;
  }
  return withRegionCountry(stated);
}

const withRegionCountry = (stated: Stated): Stated => ({ ...stated, countryCode: stated.countryCode ?? (stated.region ? "GB" : null) });

type TakenPostcode = { postcode: UkPostcode; segment: number };

function takePostcode(segments: string[]): TakenPostcode | null {
  for (let i = segments.length - 1; i >= 0; i--) {
    const match = findFullPostcode(segments[i]!);
    if (match) return { postcode: match.postcode, segment: cut(segments, i, match.start, match.end) };
  }
  // An outward code alone ("Leeds LS1"): not in the first segment, where "Flat B1" would be misread.
  for (let i = segments.length - 1; i >= 0; i--) {
    const words = segments[i]!.split(" ");
    const outward = parseOutward(words.at(-1)!);
    if (outward && (i > 0 || segments.length === 1)) {
      const start = segments[i]!.length - words.at(-1)!.length;
      return { postcode: outward, segment: cut(segments, i, start, segments[i]!.length) };
    }
  }
  return null;
}

/** Removes text from a segment; answers the segment's index, or -1 when nothing of it is left. */
function cut(segments: string[], i: number, start: number, end: number): number {
  const rest = tidy(segments[i]!.slice(0, start) + " " + segments[i]!.slice(end));
  if (rest) {
    segments[i] = rest;
    return i;
  }
  segments.splice(i, 1);
  return -1;
}

type Lookup = (text: string) => Place | null;

function placeLookup(index: PlaceIndex, countryCode: string | null, region: UkRegion | null): Lookup {
  return (text) => {
    const candidates = index.find(foldName(text)).filter((place) => !countryCode || place.countryCode === countryCode);
    return candidates.find((place) => region && place.region === region) ?? candidates[0] ?? null;
  };
}

type Town = { place: Place; segment: number; rest: string | null; postalCode: string | null };

// The town is the last segment that names a place; in the segment that held the postcode, or the
// last one, it may end the segment ("10 Downing Street London").
function findTown(segments: string[], lookup: Lookup, postcodeSegment: number): Town | null {
  for (let i = segments.length - 1; i >= 0; i--) {
    const segment = segments[i]!;
    const whole = lookup(segment);
    if (whole) return { place: whole, segment: i, rest: null, postalCode: null };
    const continental = withContinentalPostalCode(segment, lookup);
    if (continental) return { ...continental, segment: i, rest: null };
    if (i !== segments.length - 1 && i !== postcodeSegment) continue;
    const ending = townEnding(segment, lookup);
    if (ending) return { ...ending, segment: i, postalCode: null };
  }
  return null;
}

// "69001 Lyon", "Köln 50667", "3011 AB Rotterdam": a postal code beside a town outside the UK.
function withContinentalPostalCode(segment: string, lookup: Lookup): Pick<Town, "place" | "postalCode"> | null {
  const words = segment.split(" ");
  for (const size of [1, 2]) {
    for (const [code, rest] of [
      [words.slice(0, size), words.slice(size)],
      [words.slice(-size), words.slice(0, -size)],
    ]) {
      const postalCode = code!.join(" ");
      if (rest!.length === 0 || !CONTINENTAL_POSTAL_CODE.test(postalCode)) continue;
      const place = lookup(rest!.join(" "));
      if (place && !isUkPostcodeCountry(place.countryCode)) return { place, postalCode: postalCode.toUpperCase() };
    }
  }
  return null;
}

function townEnding(segment: string, lookup: Lookup): Pick<Town, "place" | "rest"> | null {
  const words = segment.split(" ");
  for (let n = Math.min(4, words.length - 1); n >= 1; n--) {
    const ending = words.slice(-n);
    if (STREET_WORDS.has(foldName(ending[0]!))) continue;
    const place = lookup(ending.join(" "));
    if (place) return { place, rest: words.slice(0, -n).join(" ") };
  }
  return null;
}

// "Luxembourg" alone names the country and its capital: prefer the town.
function townFromCountryName(text: string, lookup: Lookup): Town | null {
  const place = lookup(text);
  return place ? { place, segment: 0, rest: null, postalCode: null } : null;
}
