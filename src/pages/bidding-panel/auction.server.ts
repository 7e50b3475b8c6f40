import { bidBreakdown } from "#domain/bidding/breakdown.ts";
import type { AuctionPanelProps } from "#domain/bidding/panel-props.ts";
import { formatDateTime } from "#domain/format/dates.ts";
import { formatMoney } from "#domain/format/money.ts";
import type { BiddingJob } from "#models/quotes.server.ts";
import { rulesOf } from "#models/quotes/allocation.server.ts";

// The auction panel (views/bidding/_auction_panel.ejs), on the job page and the shipper's quotes page.

/** The cheapest of these quotes, or null for none. */
export const cheapest = (quotes: readonly { valueCents: number }[]) =>
  quotes.length ? Math.min(...quotes.map((q) => q.valueCents)) : null;

/** The auction panel's props; `bestCents` is the cheapest active quote, shown to everyone without its carrier. */
export function auctionProps(job: BiddingJob, canBid: boolean, bestCents: number | null): AuctionPanelProps | null {
  if (!job.isAuction) return null;
  const price = job.secureNowPriceCents;
  return {
    jobId: job.id,
    status: job.status,
    opensAt: job.auctionOpensAt?.getTime() ?? null,
    closesAt: job.auctionClosesAt?.getTime() ?? null,
    opensAtText: formatDateTime(job.auctionOpensAt),
    closesAtText: formatDateTime(job.auctionClosesAt),
    breakdown: bidBreakdown(job.expectedQuantity, rulesOf(job)),
    canBid,
    bestPriceText: bestCents === null ? null : formatMoney(bestCents),
    secureNow: canBid && price
      ? { priceText: formatMoney(price), loads: job.expectedQuantity, action: `/jobs/${job.id}/secure_now` }
      : null,
  };
}
