// The postcode area of a UK postcode: its leading letters ("LS9 0RS" → "LS", "B46 1AL" → "B",
// "BT3 9AR" → "BT"). Lanes of the price guide are grouped by these areas. Only the United Kingdom's
// own areas count: Guernsey, Jersey and the Isle of Man (GY, JE, IM) and any other country's codes
// give no area, so a foreign load never joins a UK lane.

/** The UK's postcode areas (Royal Mail), England, Wales, Scotland and Northern Ireland. */
export const UK_POSTCODE_AREAS: ReadonlySet<string> = new Set(
  (
    "AB AL B BA BB BD BH BL BN BR BS BT CA CB CF CH CM CO CR CT CV CW DA DD DE DG DH DL DN DT DY " +
    "E EC EH EN EX FK FY G GL GU HA HD HG HP HR HS HU HX IG IP IV KA KT KW KY L LA LD LE LL LN LS " +
    "LU M ME MK ML N NE NG NN NP NR NW OL OX PA PE PH PL PO PR RG RH RM S SA SE SG SK SL SM SN SO " +
    "SP SR SS ST SW SY TA TD TF TN TQ TR TS TW UB W WA WC WD WF WN WR WS WV YO ZE"
  ).split(" "),
);

// A full postcode or an outward code alone: area letters, a digit, an optional digit or letter,
// then (for a full code) a digit and two letters, with or without the space.
const POSTCODE = /^([A-Z]{1,2})\d[A-Z\d]?(?:\s*\d[A-Z]{2})?$/;

/** The area of a postcode ("ls9 0rs" → "LS"), or null when it is missing, malformed or not the UK's. */
export function postcodeAreaOf(text: string | null | undefined): string | null {
  const match = POSTCODE.exec((text ?? "").trim().toUpperCase());
  const area = match?.[1] ?? null;
  return area !== null && UK_POSTCODE_AREAS.has(area) ? area : null;
}

/** An area as asked for ("ls") or a postcode in it ("LS9 0RS"): the area, or null. */
export function laneAreaOf(text: string | null | undefined): string | null {
  const typed = (text ?? "").trim().toUpperCase();
  return UK_POSTCODE_AREAS.has(typed) ? typed : postcodeAreaOf(typed);
}

// A full postcode anywhere in an address line, "1 Wellington St, Leeds LS1 4AP".
const FULL_IN_TEXT = /(?<![A-Z\d])([A-Z]{1,2})\d[A-Z\d]? ?\d[A-Z]{2}(?![A-Z\d])/gi;

/** The area of the last full UK postcode written in an address line, or null. */
export function areaInAddress(text: string | null | undefined): string | null {
  const areas = [...(text ?? "").matchAll(FULL_IN_TEXT)].map((match) => match[1]!.toUpperCase()).filter((area) => UK_POSTCODE_AREAS.has(area));
  return areas.at(-1) ?? null;
}
