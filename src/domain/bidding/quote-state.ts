import { count } from "#domain/format/count.ts";
import { formatMoneyWhole } from "#domain/format/money.ts";
import { BOARD_STATUSES } from "#domain/jobs/status.ts";

// Where a carrier's quote stands, as "My quotes" shows it. A quote is stored as active, withdrawn,
// accepted or declined; an active one is then read against its job: while the job is on the board
// it is winning loads or outbid by the job's allocation rules, and once the job has left the board
// without accepting it, it has lost.

export const QUOTE_STATES = [
  { value: "outbid", label: "Outbid" },
  { value: "active", label: "Winning" },
  { value: "won", label: "Won" },
  { value: "lost", label: "Lost" },
  { value: "withdrawn", label: "Withdrawn" },
] as const;
export type QuoteState = (typeof QUOTE_STATES)[number]["value"];

export type QuoteStanding = {
  /** The stored status: active | withdrawn | accepted | declined. */
  status: string;
  jobStatus: string;
  /** Loads the job's allocation rules give this quote now, among the job's active quotes (0 unless active). */
  wouldWinLoads: number;
};

const ON_BOARD: readonly string[] = BOARD_STATUSES;

/**
 * - accepted → won; declined → lost; withdrawn → withdrawn;
 * - active on a job on the board (open, scheduled, live): active when the job's allocation rules
 *   give it at least one load now, otherwise outbid (the carrier can still lower the price);
 * - active on any other job: lost. An award accepts every quote that wins loads and declines the
 *   rest, and an auction closes without an award only when no quote could win, so an active quote
 *   on a closed, awarded or cancelled job did not win and can no longer change.
 * A stored status this rule does not know counts as lost: it is neither live nor won.
 */
export function quoteState({ status, jobStatus, wouldWinLoads }: QuoteStanding): QuoteState {
  if (status === "accepted") return "won";
  if (status === "withdrawn") return "withdrawn";
  if (!isLiveQuote({ status, jobStatus })) return "lost";
  return wouldWinLoads >= 1 ? "active" : "outbid";
}

/** An active quote on a job on the board: the only kind whose state the allocation decides. */
export function isLiveQuote({ status, jobStatus }: Pick<QuoteStanding, "status" | "jobStatus">): boolean {
  return status === "active" && ON_BOARD.includes(jobStatus);
}

/** Sorting by state: what needs the carrier first (outbid), then winning, won, lost, withdrawn. */
export function quoteStateRank(state: QuoteState): number {
  return QUOTE_STATES.findIndex((entry) => entry.value === state);
}

export function quoteStateLabel(state: QuoteState): string {
  return QUOTE_STATES.find((entry) => entry.value === state)?.label ?? state;
}

/** The board's badge on a job the carrier has quoted on: "You quoted £420 · 2 loads" (per load, in whole pounds as quoted). */
export function quotedText(quote: { valueCents: number; numberOfLoads: number }): string {
  return `You quoted ${formatMoneyWhole(quote.valueCents)} · ${count(quote.numberOfLoads, "load")}`;
}

/**
 * The orders "My quotes" offers, the first being the default: the most recently placed or changed
 * quote first, the soonest collection first (undated last), the cheapest price a load first, and by
 * state in QUOTE_STATES order (outbid first: those need the carrier).
 */
export const MY_QUOTES_SORTS = [
  { value: "newest", label: "Newest first" },
  { value: "collection", label: "Soonest collection" },
  { value: "price", label: "Lowest price" },
  { value: "state", label: "State" },
] as const;
export type MyQuotesSort = (typeof MY_QUOTES_SORTS)[number]["value"];

/** The order a `sort` parameter names; anything else is the default. */
export function parseMyQuotesSort(value: unknown): MyQuotesSort {
  return MY_QUOTES_SORTS.find((sort) => sort.value === value)?.value ?? MY_QUOTES_SORTS[0].value;
}
