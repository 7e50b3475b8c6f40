import { describe, expect, it } from "vitest";
import { auctionPanelProps, bidAllocatorProps } from "#domain/bidding/panel-props.ts";
import { ShapeError, array, boolean, nullable, number, object, string } from "#domain/shape/shape.ts";

const quote = { key: "mine", valueCents: 41_000, numberOfLoads: 2, updatedAt: 1 };
const allocator = { quotes: [quote], expectedQuantity: 4, rules: { firstBidPercentage: 50, secondBidPercentage: 30, thirdBidPercentage: 20 } };

describe("shape checks", () => {
  it.each([
    [number, 3, 3],
    [string, "a", "a"],
    [boolean, false, false],
    [nullable(number), null, null],
    [array(number), [1, 2], [1, 2]],
    [object({ a: number }), { a: 1, extra: "dropped" }, { a: 1 }],
  ])("accepts a well-shaped value (%#)", (check, value, expected) => {
    expect((check as (value: unknown) => unknown)(value)).toEqual(expected);
  });

  it.each([
    [number, "3", "value should be a number"],
    [number, Number.NaN, "value should be a number"],
    [number, Number.POSITIVE_INFINITY, "value should be a number"],
    [string, 1, "value should be a string"],
    [boolean, "true", "value should be true or false"],
    [nullable(number), undefined, "value should be a number"],
    [array(number), { 0: 1 }, "value should be a list"],
    [object({ a: number }), null, "value should be an object"],
    [object({ a: number }), [1], "value should be an object"],
  ])("refuses a wrong value (%#) with the field it found", (check, value, message) => {
    expect(() => (check as (value: unknown) => unknown)(value)).toThrow(new ShapeError("", message.replace(/^value should be /, "")));
    expect(() => (check as (value: unknown) => unknown)(value)).toThrow(message);
  });

  it("names the first wrong field by its path", () => {
    expect(() => bidAllocatorProps({ ...allocator, quotes: [quote, { ...quote, valueCents: "410" }] })).toThrow("quotes[1].valueCents should be a number");
    expect(() => bidAllocatorProps({ ...allocator, rules: {} })).toThrow("rules.firstBidPercentage should be a number");
  });

  it("reads the islands' props as the server builds them", () => {
    expect(bidAllocatorProps(allocator)).toEqual(allocator);
    const panel = { jobId: 1, status: "open", opensAt: null, closesAt: 5, opensAtText: "", closesAtText: "x", breakdown: "b", canBid: true, bestPriceText: "£420.00", secureNow: { priceText: "£1", loads: 1, action: "/a" } };
    expect(auctionPanelProps(panel)).toEqual(panel);
    expect(auctionPanelProps({ ...panel, bestPriceText: null }).bestPriceText).toBeNull();
    expect(() => auctionPanelProps({ ...panel, secureNow: { ...panel.secureNow, loads: null } })).toThrow("secureNow.loads should be a number");
  });
});
