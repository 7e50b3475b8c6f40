import { db } from "#db/client.server.ts";
import { allocate, allocatedLoadsFor } from "#domain/bidding/allocation.ts";
import { type AuctionPhase, auctionPhase } from "#domain/bidding/auction-state.ts";
import { parseLoads } from "#domain/bidding/bid-input.ts";
import { bidBreakdown } from "#domain/bidding/breakdown.ts";
import { loadsCountText } from "#domain/bidding/loads-count.ts";
import {
  type AnonymousQuote, type AuctionPanelProps, type BidAllocatorProps, MY_QUOTE_KEY,
} from "#domain/bidding/panel-props.ts";
import { quoteRefusal } from "#domain/bidding/quote-window.ts";
import { deadlineRefusal } from "#domain/bidding/quote-deadline.ts";
import { wholePoundsFromPence } from "#domain/format/money.ts";
import { isAwarded, isBeforeAward } from "#domain/jobs/status.ts";
import type { BiddingJob } from "#models/quotes.server.ts";
import { rulesOf } from "#models/quotes/allocation.server.ts";
import { blockedWith } from "#models/company-blocks.server.ts";
import { guideForJob } from "#models/price-guide.server.ts";
import type { CurrentUser } from "#models/users.server.ts";
import { auctionProps, cheapest } from "#pages/bidding-panel/auction.server.ts";
import type { PanelOptions } from "#pages/bidding-panel.server.ts";
import { type GuidePanel, guidePanel } from "#pages/price-guide.server.ts";

// A carrier's side of the bidding panel: its quote form (or its outcome once awarded), the other
// carriers' quotes without their names, and the loads each would win now.

type MyQuote = {
  id: number; valueCents: number; numberOfLoads: number; status: string; securedNow: boolean; updatedAt: Date;
};

export type CarrierPanel = {
  kind: "carrier";
  jobId: number;
  reference: string;
  phase: AuctionPhase;
  /** Why quotes are not taken right now, or null while bidding is open. */
  refusal: string | null;
  /** The quote form is on the page: bidding is open, or an auction is about to open (shown at opening). */
  showsForm: boolean;
  /** A closed quote deadline took the form away, but the active quote may still be withdrawn. */
  withdrawable: boolean;
  /** The job has been awarded: the panel gives this carrier's outcome instead of a form. */
  awarded: boolean;
  expectedQuantity: number;
  breakdown: string;
  quote: MyQuote | null;
  loadsWon: number;
  /** What similar loads on the job's lane were accepted at, beside the form while bidding is open (docs/price-guide.md). */
  priceGuide: GuidePanel | null;
  allocator: BidAllocatorProps;
  auction: AuctionPanelProps | null;
  form: { action: string; method: "post" | "patch"; values: Record<string, string>; errors: Record<string, string> };
  /** The quote-loads-count text for the loads box as rendered, so a page refresh shows what the controller would. */
  loadsHint: string;
  returnTo: string;
};

const panelQuoteSelect = {
  id: true, carrierAccountId: true, valueCents: true, numberOfLoads: true, status: true, securedNow: true,
  updatedAt: true,
} as const;

/**
 * The job's active quotes with this carrier's own (whatever its status), and the loads it runs once
 * awarded. A quote from a carrier the shipper blocked (or was blocked by) is not among the rivals: the
 * shipper does not see it and it can win nothing. Before the award, the price guide of the job's lane too.
 */
async function quotesAndLoadsWon(job: BiddingJob, user: CurrentUser) {
  const own = { jobId: job.id, carrierAccountId: user.accountId };
  const rivals = { status: "active", carrierAccountId: { notIn: [...(await blockedWith(job.shipperAccountId))] } };
  const activeOrOwn = { jobId: job.id, OR: [rivals, { carrierAccountId: user.accountId }] };
  return Promise.all([
    db().quote.findMany({ where: activeOrOwn, select: panelQuoteSelect }),
    isBeforeAward(job.status) ? 0 : db().load.count({ where: own }),
    isBeforeAward(job.status) ? guideForJob(job) : null,
  ]);
}

/** The form's values: as posted (a refused form), else this carrier's active quote, else none. */
function formValues(mine: MyQuote | null, options: PanelOptions): Record<string, string> {
  if (options.values) return options.values;
  if (mine?.status !== "active") return {};
  return { price: wholePoundsFromPence(mine.valueCents), number_of_loads: String(mine.numberOfLoads) };
}

type QuoteForm = CarrierPanel["form"];

/** The quote form: changing this carrier's quote (active or withdrawn), else placing one. */
function quoteForm(job: BiddingJob, mine: MyQuote | null, values: QuoteForm["values"], options: PanelOptions): QuoteForm {
  const editing = mine?.status === "active" || mine?.status === "withdrawn";
  return {
    action: editing && mine ? `/jobs/${job.id}/quotes/${mine.id}` : `/jobs/${job.id}/quotes`,
    method: editing ? "patch" : "post",
    values,
    errors: options.errors ?? {},
  };
}

export async function carrierPanel(
  job: BiddingJob,
  user: CurrentUser,
  options: PanelOptions,
  now: number,
): Promise<CarrierPanel> {
  const [quotes, loadsWon, guide] = await quotesAndLoadsWon(job, user);
  const mine = quotes.find((q) => q.carrierAccountId === user.accountId) ?? null;
  // A quote deadline set to close takes the form away, as a closed auction does.
  const closed = deadlineRefusal(job, now);
  const refusal = quoteRefusal(job, now) ?? closed;
  const values = formValues(mine, options);
  const active = quotes.filter((q) => q.status === "active");
  const showsForm = refusal === null || (auctionPhase(job, now) === "scheduled" && closed === null);
  return {
    kind: "carrier",
    jobId: job.id,
    reference: job.reference,
    phase: auctionPhase(job, now),
    refusal,
    showsForm,
    // Quotes closed by the deadline may still be withdrawn while bidding is otherwise open.
    withdrawable: closed !== null && quoteRefusal(job, now) === null,
    awarded: isAwarded(job.status),
    expectedQuantity: job.expectedQuantity,
    breakdown: bidBreakdown(job.expectedQuantity, rulesOf(job)),
    quote: mine && {
      id: mine.id, valueCents: mine.valueCents, numberOfLoads: mine.numberOfLoads, status: mine.status,
      securedNow: mine.securedNow, updatedAt: mine.updatedAt,
    },
    loadsWon, priceGuide: guidePanel(guide),
    allocator: {
      quotes: anonymise(active, user.accountId), expectedQuantity: job.expectedQuantity, rules: rulesOf(job),
    },
    auction: auctionProps(job, showsForm, cheapest(active)),
    form: quoteForm(job, mine, values, options),
    returnTo: options.returnTo ?? `/jobs/${job.id}`,
    loadsHint: loadsCountText(parseLoads(values.number_of_loads), job.expectedQuantity).text,
  };
}

type RivalQuote = { carrierAccountId: number; valueCents: number; numberOfLoads: number; updatedAt: Date };

/**
 * Other carriers' quotes as the viewing carrier may see them: price, loads and age only, keyed in
 * price order ("bid-1", "bid-2", …) so nothing ties a row to an account.
 */
export function anonymise(quotes: readonly RivalQuote[], viewerAccountId: number): AnonymousQuote[] {
  const byPrice = (a: RivalQuote, b: RivalQuote) =>
    a.valueCents - b.valueCents || a.updatedAt.getTime() - b.updatedAt.getTime();
  const sorted = [...quotes].sort(byPrice);
  let n = 0;
  return sorted.map((q) => ({
    key: q.carrierAccountId === viewerAccountId ? MY_QUOTE_KEY : `bid-${++n}`,
    valueCents: q.valueCents,
    numberOfLoads: q.numberOfLoads,
    updatedAt: q.updatedAt.getTime(),
  }));
}

/** The anonymised quotes with the loads each would win now: the carrier's JSON view of the competition. */
export function anonymousStandings(quotes: AnonymousQuote[], job: BiddingJob) {
  const allocations = allocate(
    quotes.map((q) => ({
      accountId: q.key, valueCents: q.valueCents, numberOfLoads: q.numberOfLoads, updatedAt: q.updatedAt,
    })),
    job.expectedQuantity,
    rulesOf(job),
  );
  return {
    expectedQuantity: job.expectedQuantity,
    myAllocatedLoads: allocatedLoadsFor(MY_QUOTE_KEY, allocations),
    quotes: allocations.map((a) => ({
      rank: a.rank,
      mine: a.accountId === MY_QUOTE_KEY,
      valueCents: a.valueCents,
      numberOfLoads: a.numberOfLoads,
      allocatedLoads: a.allocatedLoads,
    })),
  };
}
