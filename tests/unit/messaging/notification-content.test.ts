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
