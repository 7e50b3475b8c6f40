import { type Instant, toEpochMs } from "#domain/time/instant.ts";

// Auction jobs go scheduled → live → closed inside the open part of the job lifecycle.
// The phase is worked out from the clock, so a page or a request is right even before any
// background job has moved the stored status on.
export type AuctionPhase = "not_auction" | "scheduled" | "live" | "closed";

export type AuctionTiming = {
  isAuction: boolean;
  auctionOpensAt: Instant | null | undefined;
  auctionClosesAt: Instant | null | undefined;
  status: string;
};

const FINISHED_STATUSES: ReadonlySet<string> = new Set(["closed", "awarded", "in_progress", "completed", "cancelled"]);

/**
 * Live from auctionOpensAt (inclusive) until auctionClosesAt (exclusive). A draft is never live (nor closed);
 * without an opening time the auction has not been scheduled to open; without a closing time it
 * stays live until the job moves on (awarded, cancelled, …).
 */
export function auctionPhase(job: AuctionTiming, nowMs: number): AuctionPhase {
  if (!job.isAuction) return "not_auction";
  if (FINISHED_STATUSES.has(job.status)) return "closed";
  if (job.status === "draft") return "scheduled";
  if (nowMs >= toEpochMs(job.auctionClosesAt)) return "closed";
  const opensMs = toEpochMs(job.auctionOpensAt);
  if (Number.isNaN(opensMs) || nowMs < opensMs) return "scheduled";
  return "live";
}

export function isAuctionLive(job: AuctionTiming, nowMs: number): boolean {
  return auctionPhase(job, nowMs) === "live";
}

/** "Secure now" is offered only while the auction is live and the shipper set a price for it. */
export function canSecureNow(job: AuctionTiming & { secureNowPriceCents: number | null | undefined }, nowMs: number): boolean {
  const price = job.secureNowPriceCents;
  return typeof price === "number" && Number.isInteger(price) && price > 0 && isAuctionLive(job, nowMs);
}
