import { z } from "zod";

// SPEC §5: "Bid price input is read as an integer and multiplied by 100 to give cents. A missing
// loads value counts as 0." The browser preview is lenient (parseInt); the server is strict.

export const MIN_BID_POUNDS = 1;
export const MAX_BID_POUNDS = 1_000_000;

// "£1,200" and "1 200" are how people write pounds in en-GB; parseInt alone would read "1,200" as 1.
const POUND_DECORATION = /[£,\s]/g;

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

const NUMERIC_TEXT = /^-?\d+(\.\d+)?$/;

// Form posts arrive as text; numbers-as-text become numbers so the checks below can word the
// failure precisely ("whole pounds" for 12.50), anything else stays text and fails the type check.
function numberFromForm(decoration: RegExp) {
  return (value: unknown): unknown => {
    if (typeof value !== "string") return value;
    const cleaned = value.replace(decoration, "");
    if (cleaned === "") return undefined;
    return NUMERIC_TEXT.test(cleaned) ? Number(cleaned) : cleaned;
  };
}

// Schemas are built inside functions, never at module level, so a browser bundle that imports
// only parseBidPrice/parseLoads tree-shakes zod away (≈440 kB minified otherwise).
function priceSchema() {
  return z.preprocess(
    numberFromForm(POUND_DECORATION),
    z
      .number({ error: (issue) => (issue.input === undefined ? "Enter your price" : "Enter your price as a number of pounds") })
      .int({ error: "Enter your price in whole pounds" })
      .min(MIN_BID_POUNDS, { error: `Your price must be at least £${MIN_BID_POUNDS}` })
      .max(MAX_BID_POUNDS, { error: `Your price must be £${MAX_BID_POUNDS.toLocaleString("en-GB")} or less` }),
  );
}

function loadsSchema(expectedQuantity: number) {
  const most = Math.max(0, Math.floor(expectedQuantity));
  return z.preprocess(
    numberFromForm(/\s/g),
    z
      .number({ error: (issue) => (issue.input === undefined ? "Enter the number of loads" : "Enter the number of loads as a number") })
      .int({ error: "The number of loads must be a whole number" })
      .min(1, { error: "The number of loads must be at least 1" })
      .max(most, { error: `This job has ${most.toLocaleString("en-GB")} ${most === 1 ? "load" : "loads"}; bid for that many or fewer` }),
  );
}

/** Server-side check of a posted quote (fields `price` in pounds, `number_of_loads`), giving pence. */
export function QuoteInputSchema(expectedQuantity: number) {
  return z
    .object({ price: priceSchema(), number_of_loads: loadsSchema(expectedQuantity) })
    .transform(({ price, number_of_loads }) => ({ valueCents: price * 100, numberOfLoads: number_of_loads }));
}

export type QuoteInput = z.output<ReturnType<typeof QuoteInputSchema>>;
