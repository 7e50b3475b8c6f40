import { POSTCODE_AREAS, type PostcodeArea } from "./data/uk-postcode-areas.ts";

export type UkPostcode = {
  /** "M17 1AB" for a full postcode, "M17" for an outward code alone. */
  code: string;
  outward: string;
  inward: string | null;
  area: PostcodeArea;
};

export type PostcodeMatch = { postcode: UkPostcode; start: number; end: number };

const OUTWARD = /^([A-Z]{1,2})\d[A-Z\d]?$/;
const FULL_IN_TEXT = /(?<![A-Z\d])([A-Z]{1,2}\d[A-Z\d]?) ?(\d[A-Z]{2})(?![A-Z\d])/gi;
// While typing: "M17", "M17 1", "M17 1A" (the inward part is not yet complete).
const PARTIAL = /^([A-Z]{1,2}\d[A-Z\d]?)(?: (\d[A-Z]{0,2}))?$/;

/** An outward code ("BT1", "LS10", "SW1A") whose area exists, or null. */
export function parseOutward(text: string): UkPostcode | null {
  const outward = text.trim().toUpperCase();
  const area = POSTCODE_AREAS.get(OUTWARD.exec(outward)?.[1] ?? "");
  return area ? { code: outward, outward, inward: null, area } : null;
}

/** The last full postcode written anywhere in `text` ("m17 1ab", "M171AB"), normalised, with its position. */
export function findFullPostcode(text: string): PostcodeMatch | null {
  let found: PostcodeMatch | null = null;
  for (const match of text.matchAll(FULL_IN_TEXT)) {
    const outward = parseOutward(match[1]!);
    if (!outward) continue;
    const inward = match[2]!.toUpperCase();
    const postcode = { ...outward, code: `${outward.outward} ${inward}`, inward };
    found = { postcode, start: match.index, end: match.index + match[0].length };
  }
  return found;
}

/** A query that is a postcode being typed: full, or outward code with part of the inward code. */
export function parseTypedPostcode(query: string): UkPostcode | null {
  const typed = query.trim().replace(/\s+/g, " ").toUpperCase();
  const full = findFullPostcode(typed);
  if (full && full.start === 0 && full.end === typed.length) return full.postcode;
  const partial = PARTIAL.exec(typed);
  return partial ? parseOutward(partial[1]!) : null;
}

export function postcodeArea(letters: string): PostcodeArea | null {
  return POSTCODE_AREAS.get(letters.trim().toUpperCase()) ?? null;
}
