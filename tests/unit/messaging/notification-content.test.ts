import { describe, expect, it } from "vitest";
import { notificationContent as content, snippet } from "#domain/messaging/notification-content.ts";

const job = { jobId: 4, reference: "Pallets to Belfast" };
const load = { ...job, loadId: 11, sequence: 2 };

describe("notification content", () => {
  it.each([
    [content.quoteReceived({ ...job, carrierName: "Pennine Haulage Ltd", valueCents: 45_000, numberOfLoads: 1 }), "quote_received", "New quote on Pallets to Belfast", "Pennine Haulage Ltd quoted £450.00 per load for 1 load.", "/jobs/4/quotes"],
    [content.outbid(job), "outbid", "You have been outbid on Pallets to Belfast", expect.stringContaining("Lower your price"), "/jobs/4"],
    [content.awarded({ ...job, loads: 3 }), "awarded", "You won 3 loads on Pallets to Belfast", expect.any(String), "/loads"],
    [content.quoteDeclined(job), "quote_declined", "Your quote on Pallets to Belfast was not accepted", expect.any(String), "/jobs/4"],
    [content.loadAssigned(load), "load_assigned", "New load: load 2 of Pallets to Belfast", expect.any(String), "/loads/11"],
    [content.driverAssignedToDriver(load), "driver_assigned", "You are driving load 2 of Pallets to Belfast", expect.any(String), "/loads/11"],
    [content.driverAssignedToShipper({ ...load, driverName: "Dave Hughes", carrierName: "Pennine" }), "driver_assigned", "Driver assigned to load 2 of Pallets to Belfast", "Pennine has put Dave Hughes on this load.", "/loads/11"],
    [content.loadStatus({ ...load, status: "driver_assigned" }), "load_status", "Load 2 of Pallets to Belfast is driver assigned", "", "/loads/11"],
    [content.auctionLive(job), "auction_live", "Auction live: Pallets to Belfast", expect.any(String), "/jobs/4"],
    [content.auctionClosed(job), "auction_closed", "Auction closed: Pallets to Belfast", expect.any(String), "/jobs/4"],
    [content.jobCancelled(job), "job_cancelled", "Pallets to Belfast was cancelled", expect.any(String), "/jobs/4"],
  ])("%# %s", (notification, kind, title, body, path) => {
    expect(notification).toEqual({ kind, title, body, path });
  });

  it("tells the shipper who won its auction, how many loads at what price, and what happens next", () => {
    const winners = [
      { carrierName: "Pennine Haulage Ltd", loads: 2, valueCents: 45_000, securedNow: false },
      { carrierName: "Severn Freight", loads: 1, valueCents: 47_000, securedNow: false },
    ];
    expect(content.auctionResult({ ...job, winners: winners.slice(0, 1) })).toEqual({
      kind: "auction_closed",
      title: "Auction won by Pennine Haulage Ltd: Pallets to Belfast",
      body: "Won by Pennine Haulage Ltd: 2 loads at £450.00 a load. Next, each carrier puts a driver on its loads; you are told as it does, and you can follow every load on your Loads page.",
      path: "/jobs/4",
    });
    expect(content.auctionResult({ ...job, winners }).title).toBe("Auction won by 2 carriers: Pallets to Belfast");
    expect(content.auctionResult({ ...job, winners }).body).toMatch(/^Won by Pennine Haulage Ltd: 2 loads at £450\.00 a load; Severn Freight: 1 load at £470\.00 a load\. Next, /);
    expect(content.auctionResult({ ...job, winners: [{ ...winners[0]!, securedNow: true }] }).body).toMatch(/^Won by Pennine Haulage Ltd: 2 loads at £450\.00 a load \(secured now\)\. /);
  });

  it("tells the shipper when its auction closed without a winner, and what it can do", () => {
    expect(content.auctionResult({ ...job, winners: [] })).toEqual({
      kind: "auction_closed",
      title: "Auction closed without a winner: Pallets to Belfast",
      body: "The auction closed without a winner: no quote could win any loads. Edit the job to run the auction again with new times, or cancel it.",
      path: "/jobs/4",
    });
  });

  it("quotes a message as a one-line snippet", () => {
    const notification = content.message({ senderName: "Sarah", senderAccountName: "Northwind", about: "load 1 of X", body: "Gate code\n\n 4411", path: "/loads/1/messages" });
    expect(notification).toEqual({ kind: "message", title: "Sarah (Northwind) about load 1 of X", body: "Gate code 4411", path: "/loads/1/messages" });
  });

  it.each([
    ["short", 10, "short"],
    ["exactly ten", 11, "exactly ten"],
    ["a little too long", 10, "a little…"],
    ["  spaced\tout\n", 20, "spaced out"],
  ])("snippet(%j, %i) = %j", (text, length, expected) => {
    expect(snippet(text, length)).toBe(expected);
  });
});
