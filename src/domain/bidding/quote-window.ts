import { type AuctionTiming, auctionPhase } from "#domain/bidding/auction-state.ts";
import { isAwarded } from "#domain/jobs/status.ts";

// When a carrier may place, change or withdraw a quote: an open tender, or an auction while it is
// live by the clock (the stored status may lag a moment behind the auction clock).

export const BIDDING_CLOSED_MESSAGES = {
  draft: "This job has not been published yet",
  notOpen: "The auction has not opened yet",
  closed: "Bidding on this job has closed",
  awarded: "This job has been awarded",
} as const;

/** null when quotes are accepted now, otherwise the reason to show the carrier. */
export function quoteRefusal(job: AuctionTiming, nowMs: number): string | null {
  if (job.status === "draft") return BIDDING_CLOSED_MESSAGES.draft;
  if (isAwarded(job.status)) return BIDDING_CLOSED_MESSAGES.awarded;
  const phase = auctionPhase(job, nowMs);
  if (phase === "not_auction") return job.status === "open" ? null : BIDDING_CLOSED_MESSAGES.closed;
  if (phase === "scheduled") return BIDDING_CLOSED_MESSAGES.notOpen;
  return phase === "live" ? null : BIDDING_CLOSED_MESSAGES.closed;
}

export type AwardRefusal = { status: 409 | 422; message: string };

/**
 * Whether the shipper may award now: an open tender, or an auction that has closed without an
 * award (the clock awards by the rules at closing; this covers one that had no usable quotes then).
 */
export function awardRefusal(job: AuctionTiming, nowMs: number): AwardRefusal | null {
  if (isAwarded(job.status)) return { status: 409, message: "This job has already been awarded" };
  if (job.status === "cancelled") return { status: 409, message: "This job has been cancelled" };
  if (job.status === "draft") return { status: 422, message: "Publish the job before awarding it" };
  const phase = auctionPhase(job, nowMs);
  if (phase === "scheduled") return { status: 422, message: "The auction has not opened yet" };
  if (phase === "live") return { status: 422, message: "The auction is still running; it awards itself when it closes" };
  return null;
}
