import { describe, expect, it } from "vitest";
import { isCancellable, isEditable, publishRefusal, publishedStatus, shipperTab, tabOfStatus } from "#domain/jobs/status.ts";

const NOW = Date.UTC(2031, 0, 10, 12);
const HOUR = 3_600_000;

describe("publishedStatus", () => {
  it.each([
    { job: { isAuction: false, auctionOpensAt: null, auctionClosesAt: null }, status: "open" },
    { job: { isAuction: false, auctionOpensAt: new Date(NOW + HOUR), auctionClosesAt: null }, status: "open" },
    { job: { isAuction: true, auctionOpensAt: new Date(NOW + HOUR), auctionClosesAt: new Date(NOW + 2 * HOUR) }, status: "scheduled" },
    { job: { isAuction: true, auctionOpensAt: new Date(NOW), auctionClosesAt: new Date(NOW + HOUR) }, status: "live" },
    { job: { isAuction: true, auctionOpensAt: new Date(NOW - HOUR), auctionClosesAt: new Date(NOW + HOUR) }, status: "live" },
    { job: { isAuction: true, auctionOpensAt: null, auctionClosesAt: new Date(NOW + HOUR) }, status: "live" },
  ])("$job.isAuction auction opening $job.auctionOpensAt → $status", ({ job, status }) => {
    expect(publishedStatus(job, NOW)).toBe(status);
  });
});

describe("publishRefusal", () => {
  it.each([
    { closes: new Date(NOW - 1), isAuction: true, refused: true },
    { closes: new Date(NOW), isAuction: true, refused: true },
    { closes: new Date(NOW + 1), isAuction: true, refused: false },
    { closes: new Date(NOW - HOUR), isAuction: false, refused: false },
    { closes: null, isAuction: true, refused: false },
  ])("auction $isAuction closing $closes refused: $refused", ({ closes, isAuction, refused }) => {
    const refusal = publishRefusal({ isAuction, auctionOpensAt: null, auctionClosesAt: closes }, NOW);
    expect(refusal).toEqual(refused ? { auction_closes_at: "The auction must close in the future" } : null);
  });
});

describe("what a shipper may still do", () => {
  it.each([
    ["draft", false, true, true],
    ["open", false, true, true],
    ["open", true, false, true],
    ["scheduled", false, true, true],
    ["live", false, true, true],
    ["closed", false, true, true],
    ["awarded", false, false, false],
    ["in_progress", false, false, false],
    ["completed", false, false, false],
    ["cancelled", false, false, false],
  ])("%s (accepted quote: %s): edit %s, cancel %s", (status, hasAcceptedQuote, editable, cancellable) => {
    expect(isEditable({ status, hasAcceptedQuote })).toBe(editable);
    expect(isCancellable(status)).toBe(cancellable);
  });
});

describe("shipper tabs", () => {
  it.each([
    ["draft", "draft"], ["open", "open"], ["scheduled", "open"], ["live", "open"], ["closed", "open"],
    ["awarded", "awarded"], ["in_progress", "awarded"], ["completed", "completed"], ["cancelled", "cancelled"],
  ])("a %s job is under %s", (status, tab) => {
    expect(tabOfStatus(status)).toBe(tab);
  });

  it("reads an unknown tab as the jobs out for quotes", () => {
    expect(shipperTab("nonsense").value).toBe("open");
    expect(shipperTab(["draft"]).value).toBe("open");
    expect(shipperTab("cancelled").value).toBe("cancelled");
  });
});
