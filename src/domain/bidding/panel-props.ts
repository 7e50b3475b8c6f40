import { array, boolean, nullable, number, object, string, type Shaped } from "#domain/shape/shape.ts";

// Props of the bidding islands, built under src/pages/bidding-panel/ (carrier.server.ts and
// auction.server.ts) and checked by the islands with the small shape checks (zod would add ~85 KiB
// to the page). Other carriers' quotes travel anonymised: a per-page key instead of the account,
// never a name or an id.

const rules = object({
  firstBidPercentage: number,
  secondBidPercentage: number,
  thirdBidPercentage: number,
});

export const anonymousQuote = object({
  key: string,
  valueCents: number,
  numberOfLoads: number,
  updatedAt: number,
});
export type AnonymousQuote = Shaped<typeof anonymousQuote>;

/** The key of the viewing carrier's own quote in `quotes`. */
export const MY_QUOTE_KEY = "mine";

export const bidAllocatorProps = object({
  quotes: array(anonymousQuote),
  expectedQuantity: number,
  rules,
});
export type BidAllocatorProps = Shaped<typeof bidAllocatorProps>;

export const auctionPanelProps = object({
  jobId: number,
  status: string,
  opensAt: nullable(number),
  closesAt: nullable(number),
  opensAtText: string,
  closesAtText: string,
  breakdown: string,
  /** Carriers who may bid get the place-bid button and the secure-now form; shippers only watch. */
  canBid: boolean,
  /**
   * The cheapest standing bid ("£420.00"), or null before the first: a reverse auction shows every
   * bidder the price to beat, never whose it is.
   */
  bestPriceText: nullable(string),
  secureNow: nullable(object({ priceText: string, loads: number, action: string })),
});
export type AuctionPanelProps = Shaped<typeof auctionPanelProps>;
