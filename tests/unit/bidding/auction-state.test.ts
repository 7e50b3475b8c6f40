import { describe, expect, it } from "vitest";
import { type AuctionTiming, auctionPhase, canSecureNow, isAuctionLive } from "#domain/bidding/auction-state.ts";

const opens = Date.UTC(2025, 2, 3, 9, 0);
const closes = Date.UTC(2025, 2, 3, 17, 0);
const auction = (over: Partial<AuctionTiming> = {}): AuctionTiming => ({
  isAuction: true,
  auctionOpensAt: new Date(opens),
  auctionClosesAt: new Date(closes),
  status: "open",
  ...over,
});

describe("auctionPhase", () => {
  it.each([
    { case: "an ordinary tender", job: auction({ isAuction: false }), now: opens + 1, phase: "not_auction" },
    { case: "before opening", job: auction(), now: opens - 1, phase: "scheduled" },
    { case: "at the opening instant", job: auction(), now: opens, phase: "live" },
    { case: "between opening and closing", job: auction(), now: opens + 60_000, phase: "live" },
    { case: "one ms before closing", job: auction(), now: closes - 1, phase: "live" },
    { case: "at the closing instant", job: auction(), now: closes, phase: "closed" },
    { case: "after closing", job: auction(), now: closes + 1, phase: "closed" },
    { case: "times given as ISO text", job: auction({ auctionOpensAt: new Date(opens).toISOString(), auctionClosesAt: new Date(closes).toISOString() }), now: opens, phase: "live" },
    { case: "times given as epoch ms", job: auction({ auctionOpensAt: opens, auctionClosesAt: closes }), now: closes, phase: "closed" },
    { case: "no opening time yet", job: auction({ auctionOpensAt: null }), now: opens, phase: "scheduled" },
    { case: "no closing time: live until the job moves on", job: auction({ auctionClosesAt: null }), now: closes * 2, phase: "live" },
    { case: "a draft during the window", job: auction({ status: "draft" }), now: opens + 1, phase: "scheduled" },
    { case: "awarded early, inside the window", job: auction({ status: "awarded" }), now: opens + 1, phase: "closed" },
    { case: "cancelled before opening", job: auction({ status: "cancelled" }), now: opens - 1, phase: "closed" },
    { case: "status already closed", job: auction({ status: "closed" }), now: opens + 1, phase: "closed" },
    { case: "status live but the clock says closed", job: auction({ status: "live" }), now: closes, phase: "closed" },
    { case: "status scheduled but the clock says live", job: auction({ status: "scheduled" }), now: opens, phase: "live" },
  ])("$case → $phase", ({ job, now, phase }) => {
    expect(auctionPhase(job, now)).toBe(phase);
    expect(isAuctionLive(job, now)).toBe(phase === "live");
  });
});

describe("canSecureNow", () => {
  it.each([
    { case: "live with a price", price: 95_000, now: opens + 1, can: true },
    { case: "live without a price", price: null, now: opens + 1, can: false },
    { case: "live with a zero price", price: 0, now: opens + 1, can: false },
    { case: "not yet open", price: 95_000, now: opens - 1, can: false },
    { case: "closed", price: 95_000, now: closes, can: false },
  ])("$case → $can", ({ price, now, can }) => {
    expect(canSecureNow({ ...auction(), secureNowPriceCents: price }, now)).toBe(can);
  });

  it("is never offered on an ordinary tender", () => {
    expect(canSecureNow({ ...auction({ isAuction: false }), secureNowPriceCents: 95_000 }, opens + 1)).toBe(false);
  });
});
