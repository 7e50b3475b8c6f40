import { db } from "#db/client.server.ts";
import { AFTER_AWARD, NO_WINNER, winnerLine } from "#domain/bidding/award-outcome.ts";
import { type AuctionPhase, auctionPhase } from "#domain/bidding/auction-state.ts";
import type { AuctionPanelProps } from "#domain/bidding/panel-props.ts";
import { awardRefusal } from "#domain/bidding/quote-window.ts";
import { isBeforeAward } from "#domain/jobs/status.ts";
import { awardWinners } from "#models/award/outcome.server.ts";
import type { BiddingJob } from "#models/quotes.server.ts";
import { isBidder, isShipperOf } from "#models/quotes/access.server.ts";
import type { CurrentUser } from "#models/users.server.ts";
import { auctionProps } from "#pages/bidding-panel/auction.server.ts";
import { type CarrierPanel, carrierPanel } from "#pages/bidding-panel/carrier.server.ts";

// The job page's bidding panel (views/bidding/_job_panel.ejs): the shipper's summary of its quotes
// and award, or a carrier's quote form and standing (bidding-panel/carrier.server.ts).

export type ShipperPanel = {
  kind: "shipper";
  jobId: number;
  phase: AuctionPhase;
  quoteCount: number;
  cheapestCents: number | null;
  loadsCount: number;
  awardable: boolean;
  auction: AuctionPanelProps | null;
  /** After the award: a line per winner (who, how many loads, at what price; cheapest first) and what happens next. */
  outcome: { winners: string[]; next: string } | null;
  /** Why an auction closed with no award, and what the shipper can do (null otherwise). */
  noWinner: string | null;
};

export type BiddingPanel = CarrierPanel | ShipperPanel | { kind: "none" };

export type PanelOptions = {
  values?: Record<string, string>;
  errors?: Record<string, string>;
  returnTo?: string;
  now?: number;
};

const NO_PANEL: BiddingPanel = { kind: "none" };

/** Everything the job page's bidding panel (views/bidding/_job_panel.ejs) needs, in a few queries. */
export async function biddingPanelFor(
  job: BiddingJob,
  user: CurrentUser,
  options: PanelOptions = {},
): Promise<BiddingPanel> {
  const now = options.now ?? Date.now();
  if (job.status === "draft") return NO_PANEL;
  if (isShipperOf(job, user)) return shipperPanel(job, now);
  if (isBidder(user)) return carrierPanel(job, user, options, now);
  return NO_PANEL;
}

async function shipperPanel(job: BiddingJob, now: number): Promise<ShipperPanel> {
  const awarded = !isBeforeAward(job.status);
  const [quotes, loadsCount, winners] = await Promise.all([
    db().quote.aggregate({
      where: { jobId: job.id, status: { in: ["active", "accepted"] } },
      _count: true,
      _min: { valueCents: true },
    }),
    awarded ? db().load.count({ where: { jobId: job.id } }) : 0,
    awarded ? awardWinners(job.id) : [],
  ]);
  return {
    kind: "shipper",
    jobId: job.id,
    phase: auctionPhase(job, now),
    quoteCount: quotes._count,
    cheapestCents: quotes._min.valueCents,
    loadsCount,
    awardable: awardRefusal(job, now) === null && quotes._count > 0,
    auction: auctionProps(job, false, quotes._min.valueCents),
    outcome: winners.length ? { winners: winners.map(winnerLine), next: AFTER_AWARD } : null,
    noWinner: job.isAuction && job.status === "closed" ? NO_WINNER : null,
  };
}
