import { z } from "zod";
import type { AllocationRules } from "./allocation.ts";

// The quotes page's allocation-rules form. A blank or unreadable percentage reads as NaN, which
// validateAllocationRules words as "must be a whole number from 0 to 100" beside its field.
function percentage(value: unknown): number {
  if (typeof value === "number") return value;
  if (typeof value !== "string" || value.trim() === "") return Number.NaN;
  return Number(value.trim());
}

const Percentage = z.unknown().optional().transform(percentage);

export const AllocationRulesInputSchema = z
  .object({ first_bid_percentage: Percentage, second_bid_percentage: Percentage, third_bid_percentage: Percentage })
  .transform((input): AllocationRules => ({
    firstBidPercentage: input.first_bid_percentage,
    secondBidPercentage: input.second_bid_percentage,
    thirdBidPercentage: input.third_bid_percentage,
  }));

/** The form's fields in order, each with its label and the explanation its "?" tooltip shows (plain text). */
export const ALLOCATION_RULE_FIELDS = [
  { name: "first_bid_percentage", label: "Cheapest quote (%)", help: "The share of the job's loads the cheapest quote wins, rounded up to whole loads. 100 gives every load to one carrier." },
  { name: "second_bid_percentage", label: "Second cheapest (%)", help: "The share the second cheapest quote wins, rounded up. Use it to keep a second haulier who knows the run." },
  { name: "third_bid_percentage", label: "Third cheapest (%)", help: "The share the third cheapest quote wins. The last share is trimmed so no more loads are given than the job has." },
] as const;

/** Where the allocation rule puts its messages: beside the form's snake_case fields. */
export function allocationFieldErrors(errors: Record<string, string | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, message] of Object.entries(errors)) if (message) out[key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)] = message;
  return out;
}

/** A form that may come back from the quotes page or the job page; nowhere else. */
export const ReturnToSchema = z.object({ return_to: z.string().max(200).optional().catch(undefined) });
