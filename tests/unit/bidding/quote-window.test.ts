import { describe, expect, it } from "vitest";
import type { AuctionTiming } from "#domain/bidding/auction-state.ts";
import { BIDDING_CLOSED_MESSAGES as M, awardRefusal, quoteRefusal } from "#domain/bidding/quote-window.ts";

const opens = Date.UTC(2027, 2, 3, 9);
const closes = Date.UTC(2027, 2, 3, 17);
const tender = (status: string): AuctionTiming => ({ isAuction: false, auctionOpensAt: null, auctionClosesAt: null, status });
const auction = (status: string): AuctionTiming => ({ isAuction: true, auctionOpensAt: opens, auctionClosesAt: closes, status });

describe("quoteRefusal", () => {
  it.each([
    { job: tender("open"), now: opens, refusal: null, why: "an open tender takes quotes" },
    { job: tender("draft"), now: opens, refusal: M.draft, why: "a draft does not" },
    { job: tender("awarded"), now: opens, refusal: M.awarded, why: "an awarded tender does not, and says it was awarded" },
    { job: auction("in_progress"), now: opens + 1, refusal: M.awarded, why: "an auction awarded (secured) while its window is still open" },
    { job: tender("cancelled"), now: opens, refusal: M.closed, why: "a cancelled tender does not" },
    { job: auction("scheduled"), now: opens - 1, refusal: M.notOpen, why: "an auction before opening" },
    { job: auction("scheduled"), now: opens, refusal: null, why: "an auction at its opening instant, before the clock moved the status" },
    { job: auction("live"), now: closes - 1, refusal: null, why: "a live auction" },
    { job: auction("live"), now: closes, refusal: M.closed, why: "a live auction at its closing instant" },
    { job: auction("closed"), now: opens + 1, refusal: M.closed, why: "a closed auction" },
    { job: auction("draft"), now: opens + 1, refusal: M.draft, why: "a draft auction" },
  ])("$why", ({ job, now, refusal }) => {
    expect(quoteRefusal(job, now)).toBe(refusal);
  });
});

describe("awardRefusal", () => {
  it.each([
    { job: tender("open"), now: opens, status: null },
    { job: tender("awarded"), now: opens, status: 409 },
    { job: tender("in_progress"), now: opens, status: 409 },
    { job: tender("cancelled"), now: opens, status: 409 },
    { job: tender("draft"), now: opens, status: 422 },
    { job: auction("scheduled"), now: opens - 1, status: 422 },
    { job: auction("live"), now: opens + 1, status: 422 },
    { job: auction("live"), now: closes, status: null },
    { job: auction("closed"), now: closes + 1, status: null },
  ])("$job.status auction=$job.isAuction at +$now → $status", ({ job, now, status }) => {
    expect(awardRefusal(job, now)?.status ?? null).toBe(status);
  });
});
