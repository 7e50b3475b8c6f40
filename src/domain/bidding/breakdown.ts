import { type AllocationRules, bucketSizes } from "#domain/bidding/allocation.ts";
import { count } from "#domain/format/count.ts";

const ORDINALS = ["cheapest", "second cheapest", "third cheapest"] as const;

function listText(items: string[]): string {
  if (items.length <= 1) return items.join("");
  return `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`;
}

/**
 * The auction panel's bid breakdown message: how the job's rules split its loads between the
 * cheapest bids, e.g. "The cheapest bid wins 6 loads, the second cheapest 4 and the third cheapest 2."
 */
export function bidBreakdown(expectedQuantity: number, rules: AllocationRules): string {
  const buckets = bucketSizes(expectedQuantity, rules)
    .map((size, i) => ({ size, who: ORDINALS[i] ?? "" }))
    .filter((b) => b.size > 0);
  const [first, ...rest] = buckets;
  if (!first) return "This job has no loads to win.";
  const all = !rest.length && first.size > 1 ? "all " : "";
  const head = `The ${first.who} bid wins ${all}${count(first.size, "load")}`;
  return `${listText([head, ...rest.map((b) => `the ${b.who} ${b.size}`)])}.`;
}
