// A bid price is typed in whole pounds and stored as pence (pounds × 100); a missing number of
// loads counts as 0. The browser preview is lenient (parseInt); the server is strict.

export const MIN_BID_POUNDS = 1;
export const MAX_BID_POUNDS = 1_000_000;

// "£1,200" and "1 200" are how people write pounds in en-GB; parseInt alone would read "1,200" as 1.
export const POUND_DECORATION = /[£,\s]/g;

/**
 * Pence from the bid form's price box, with parseInt semantics after dropping "£", commas and
 * spaces: "12" → 1200, "12.50" → 1200 (pence ignored), "£1,200" → 120000, "12abc" → 1200,
 * "" / "abc" / missing → NaN (no price, so allocate() treats it as no quote), "-5" → -500.
 */
export function parseBidPrice(input: string | null | undefined): number {
  return Number.parseInt((input ?? "").replace(POUND_DECORATION, ""), 10) * 100;
}

/** Loads from the bid form: parseInt; missing, unreadable or negative counts as 0. */
export function parseLoads(input: string | null | undefined): number {
  const loads = Number.parseInt((input ?? "").trim(), 10);
  return Number.isFinite(loads) && loads > 0 ? loads : 0;
}
