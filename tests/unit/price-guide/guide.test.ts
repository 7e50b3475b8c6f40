import { describe, expect, it } from "vitest";
import { isBacked, MIN_LOADS, MIN_SHIPPERS, pencePerMile, priceGuide, type PricedLoad } from "#domain/price-guide/guide.ts";
import { isOnLane, LaneQuerySchema } from "#domain/price-guide/lane.ts";

const LANE = { from: "LS", to: "BS", vehicle: "curtain_side", loadType: "palletised" };
const load = (shipperAccountId: number, priceCents: number, miles: number | null = 200): PricedLoad => ({ shipperAccountId, priceCents, miles });
const TOO_FEW = "Not enough accepted prices on this lane yet to show a guide.";

describe("when the guide is shown: at least 5 loads from at least 3 shippers", () => {
  it("has the issue's thresholds", () => {
    expect([MIN_LOADS, MIN_SHIPPERS]).toEqual([5, 3]);
  });

  it.each([
    ["5 loads from 3 shippers", [1, 1, 2, 2, 3], true],
    ["5 loads from 5 shippers", [1, 2, 3, 4, 5], true],
    ["9 loads from 3 shippers", [1, 1, 1, 1, 1, 1, 1, 2, 3], true],
    ["4 loads from 4 shippers", [1, 2, 3, 4], false],
    ["4 loads from 3 shippers", [1, 2, 3, 3], false],
    ["5 loads from 2 shippers", [1, 1, 1, 2, 2], false],
    ["20 loads from 1 shipper", Array.from({ length: 20 }, () => 7), false],
    ["no loads", [], false],
  ])("%s: %s", (_, shippers, shown) => {
    const loads = shippers.map((shipper, i) => load(shipper, 40_000 + i * 1_000));
    expect(isBacked(loads)).toBe(shown);
    expect(priceGuide(LANE, loads).shown).toBe(shown);
  });

  it.each([
    ["a lane with one shipper", [load(1, 40_000), load(1, 41_000), load(1, 42_000), load(1, 43_000), load(1, 44_000), load(1, 45_000)]],
    ["a lane with 4 loads", [load(1, 40_000), load(2, 41_000), load(3, 42_000), load(4, 43_000)]],
    ["a lane with one load", [load(1, 40_000)]],
  ])("%s shows no figure at all, only the sentence", (_, loads) => {
    expect(priceGuide(LANE, loads)).toEqual({ shown: false, sentence: TOO_FEW });
  });
});

describe("what a shown guide gives", () => {
  const loads = [load(1, 40_000, 200), load(1, 42_000, 200), load(2, 45_000, 200), load(2, 47_000, 200), load(3, 50_000, 250), load(3, 52_000, 250)];

  it("gives the median and middle half per load and per mile, never the lowest or highest price", () => {
    const guide = priceGuide(LANE, loads);
    expect(guide).toEqual({
      shown: true,
      loads: 6,
      perLoad: { lower: 42_750, median: 46_000, upper: 49_250 },
      // pence per mile: 200, 210, 225, 235, 200, 208 → sorted 200, 200, 208, 210, 225, 235
      perMile: { lower: 202, median: 209, upper: 221 },
      sentence: "Similar loads on LS → BS were accepted at a median of £460.00 a load (middle half £427.50 to £492.50), £2.09 a mile (middle half £2.02 to £2.21), from 6 loads in the last 90 days.",
    });
    expect(JSON.stringify(guide)).not.toMatch(/400\.00|520\.00|40000|52000/);
  });

  it("leaves the per-mile figures out when too few loads have known miles", () => {
    const guide = priceGuide(LANE, loads.map((row, i) => (i < 2 ? row : { ...row, miles: null })));
    expect(guide.shown && guide.perMile).toBeNull();
    expect(guide.sentence).not.toContain("a mile");
  });
});

describe("a load's price per mile, in whole pence", () => {
  it.each([
    [45_000, 200, 225],
    [45_001, 200, 225], // 225.005 rounds to 225
    [45_100, 200, 226], // 225.5 rounds up
    [10_000, 3, 3333],
    [45_000, 0, null],
    [45_000, null, null],
  ])("%i pence over %s miles: %s", (priceCents, miles, expected) => {
    expect(pencePerMile({ priceCents, miles })).toBe(expected);
  });
});

describe("a lane", () => {
  const facts = { from: "LS", to: "BS", vehicleTypes: ["box", "curtain_side"], loadType: "palletised" };
  it.each([
    [facts, true],
    [{ ...facts, from: "BS", to: "LS" }, false],
    [{ ...facts, vehicleTypes: ["box"] }, false],
    [{ ...facts, loadType: "drums" }, false],
    [{ ...facts, from: null }, false],
  ])("%j is on LS → BS curtain-side palletised: %s", (row, on) => {
    expect(isOnLane(row, LANE)).toBe(on);
  });

  it.each([
    [{ from: "ls", to: "BS1 4DJ", vehicle: "curtain_side", load_type: "palletised" }, { from: "LS", to: "BS", vehicle: "curtain_side", loadType: "palletised" }],
  ])("the query %j is read as %j", (query, lane) => {
    expect(LaneQuerySchema.parse(query)).toEqual(lane);
  });

  it.each([
    [{ to: "BS", vehicle: "curtain_side", load_type: "palletised" }, "from must be a UK postcode area such as LS"],
    [{ from: "GY", to: "BS", vehicle: "curtain_side", load_type: "palletised" }, "from must be a UK postcode area such as LS"],
    [{ from: "LS", to: ["BS", "LS"], vehicle: "curtain_side", load_type: "palletised" }, "to must be a UK postcode area such as LS"],
    [{ from: "LS", to: "BS", vehicle: "spaceship", load_type: "palletised" }, "vehicle must be one of"],
    [{ from: "LS", to: "BS", vehicle: "curtain_side" }, "load_type must be one of"],
  ])("the query %j is refused: %s", (query, message) => {
    const parsed = LaneQuerySchema.safeParse(query);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toContain(message);
  });
});
