import { z } from "zod";
import { count, formatNumber } from "#domain/format/count.ts";
import { MAX_BID_POUNDS, MIN_BID_POUNDS, POUND_DECORATION } from "./bid-input.ts";

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

// Kept apart from bid-input.ts so the browser's bid form never bundles zod (≈440 kB minified).
function priceSchema() {
  return z.preprocess(
    numberFromForm(POUND_DECORATION),
    z
      .number({ error: (issue) => (issue.input === undefined ? "Enter your price" : "Enter your price as a number of pounds") })
      .int({ error: "Enter your price in whole pounds" })
      .min(MIN_BID_POUNDS, { error: `Your price must be at least £${MIN_BID_POUNDS}` })
      .max(MAX_BID_POUNDS, { error: `Your price must be £${formatNumber(MAX_BID_POUNDS)} or less` }),
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
      .max(most, { error: `This job has ${count(most, "load")}; bid for that many or fewer` }),
  );
}

/** Server-side check of a posted quote (fields `price` in pounds, `number_of_loads`), giving pence. */
export function QuoteInputSchema(expectedQuantity: number) {
  return z
    .object({ price: priceSchema(), number_of_loads: loadsSchema(expectedQuantity) })
    .transform(({ price, number_of_loads }) => ({ valueCents: price * 100, numberOfLoads: number_of_loads }));
}

export type QuoteInput = z.output<ReturnType<typeof QuoteInputSchema>>;
