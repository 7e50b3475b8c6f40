// When the job form asks who handles customs paperwork.
//
// Northern Ireland is part of the UK (country code GB) but since the Windsor Framework goods moving
// from Great Britain into it need paperwork, while goods leaving it for Great Britain do not. A place
// counts as Northern Ireland when its country code is XI (HMRC's code for NI), or it is in GB/UK and
// its region says "Northern Ireland" (as the geocoder fills it) or its post code is a BT post code.
// "NI" is deliberately not recognised: it is Nicaragua's ISO code.

export type CustomsLocation = {
  countryCode?: string | null;
  region?: string | null;
  postCode?: string | null;
};

const BT_POST_CODE = /^BT\d/i;
const NORTHERN_IRELAND = /^\s*northern\s+ireland\s*$/i;

function countryOf(location: CustomsLocation): string {
  const code = (location.countryCode ?? "").trim().toUpperCase();
  return code === "UK" ? "GB" : code;
}

export function isNorthernIreland(location: CustomsLocation): boolean {
  const country = countryOf(location);
  if (country === "XI") return true;
  if (country !== "GB") return false;
  return NORTHERN_IRELAND.test(location.region ?? "") || BT_POST_CODE.test((location.postCode ?? "").trim());
}

/** Shown when the filled-in locations span two countries, or goods go from outside NI into NI. */
export function needsCustomsPaperwork(pickups: readonly CustomsLocation[], deliveries: readonly CustomsLocation[]): boolean {
  const filledPickups = pickups.filter((location) => countryOf(location) !== "");
  const filledDeliveries = deliveries.filter((location) => countryOf(location) !== "");
  const filled = [...filledPickups, ...filledDeliveries];
  if (filled.length < 2) return false;

  // XI is the UK too: NI ⇄ GB is decided by the Northern Ireland rule below, not by the code.
  const countries = new Set(filled.map((location) => (isNorthernIreland(location) ? "GB" : countryOf(location))));
  if (countries.size > 1) return true;
  return filledDeliveries.some(isNorthernIreland) && filledPickups.some((location) => !isNorthernIreland(location));
}
