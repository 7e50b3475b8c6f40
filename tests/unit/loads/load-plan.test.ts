import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { type LoadPlanJob, planLoads, spreadLoads } from "#domain/loads/load-plan.ts";

const job = (over: Partial<LoadPlanJob>): LoadPlanJob => ({
  jobType: "single",
  expectedQuantity: 1,
  numberOfLoads: null,
  startDate: null,
  endDate: null,
  frequency: null,
  loadEstimates: [],
  pickupDate: null,
  deliveryDate: null,
  ...over,
});

const dates = (plan: ReturnType<typeof planLoads>) => plan.map((l) => [l.pickupDate, l.deliveryDate]);

describe("planLoads", () => {
  it("a single-load job is one load on its window dates", () => {
    const plan = planLoads(job({ pickupDate: "2027-03-03", deliveryDate: "2027-03-04" }));
    expect(plan).toEqual([{ sequence: 1, pickupDate: "2027-03-03", deliveryDate: "2027-03-04" }]);
  });

  it("a single job of several loads puts them all on the same day", () => {
    expect(dates(planLoads(job({ expectedQuantity: 3, numberOfLoads: 3, pickupDate: "2027-03-03" })))).toEqual([
      ["2027-03-03", "2027-03-03"],
      ["2027-03-03", "2027-03-03"],
      ["2027-03-03", "2027-03-03"],
    ]);
  });

  it("a single job without window dates falls back to the start date, then to undated", () => {
    expect(planLoads(job({ startDate: "2027-05-01" }))[0]?.pickupDate).toBe("2027-05-01");
    expect(planLoads(job({}))[0]).toEqual({ sequence: 1, pickupDate: null, deliveryDate: null });
  });

  it("a multi-load job is one load per weekday between its dates, delivered after the same transit", () => {
    const plan = planLoads(
      job({ jobType: "multi", expectedQuantity: 5, startDate: "2027-03-05", endDate: "2027-03-11", frequency: "weekdays", pickupDate: "2027-03-05", deliveryDate: "2027-03-06" }),
    );
    expect(dates(plan)).toEqual([
      ["2027-03-05", "2027-03-06"],
      ["2027-03-08", "2027-03-09"],
      ["2027-03-09", "2027-03-10"],
      ["2027-03-10", "2027-03-11"],
      ["2027-03-11", "2027-03-12"],
    ]);
    expect(plan.map((l) => l.sequence)).toEqual([1, 2, 3, 4, 5]);
  });

  it("a multi-load job with two loads a run has two per collection day", () => {
    const plan = planLoads(job({ jobType: "multi", expectedQuantity: 4, numberOfLoads: 2, startDate: "2027-03-01", endDate: "2027-03-08", frequency: "weekly" }));
    expect(plan.map((l) => l.pickupDate)).toEqual(["2027-03-01", "2027-03-01", "2027-03-08", "2027-03-08"]);
  });

  it("a contract job follows the monthly estimates, month by month, from the start date", () => {
    const plan = planLoads(
      job({
        jobType: "contract",
        expectedQuantity: 3,
        startDate: "2027-03-14",
        loadEstimates: [
          { month: "2027-04", numberOfLoads: 1 },
          { month: "2027-03", numberOfLoads: 2 },
          { month: "2027-05", numberOfLoads: 0 },
        ],
      }),
    );
    expect(plan.map((l) => l.pickupDate)).toEqual(["2027-03-14", "2027-03-14", "2027-04-01"]);
  });

  it("always makes exactly the expected quantity: trimmed or topped up with undated loads", () => {
    const multi = job({ jobType: "multi", startDate: "2027-03-01", endDate: "2027-03-03", frequency: "daily" });
    expect(planLoads({ ...multi, expectedQuantity: 2 }).map((l) => l.pickupDate)).toEqual(["2027-03-01", "2027-03-02"]);
    expect(planLoads({ ...multi, expectedQuantity: 4 }).map((l) => l.pickupDate)).toEqual(["2027-03-01", "2027-03-02", "2027-03-03", null]);
    expect(planLoads({ ...multi, expectedQuantity: 0 })).toEqual([]);
  });

  it("a delivery date before the pickup counts as same-day delivery", () => {
    expect(dates(planLoads(job({ pickupDate: "2027-03-04", deliveryDate: "2027-03-02" })))).toEqual([["2027-03-04", "2027-03-04"]]);
  });
});

describe("spreadLoads", () => {
  it.each([
    { count: 3, shares: [3], result: [0, 0, 0], why: "one winner runs everything" },
    { count: 4, shares: [2, 2], result: [0, 1, 0, 1], why: "an even split alternates" },
    { count: 3, shares: [2, 1], result: [0, 1, 0], why: "the smaller share sits in the middle" },
    { count: 5, shares: [3, 1], result: [0, 0, 1, null, 0], why: "loads nobody won are spread too, ties to the better rank" },
    { count: 2, shares: [0, 2], result: [1, 1], why: "an empty bucket gets nothing" },
    { count: 2, shares: [], result: [null, null], why: "no winners: every load stays unassigned" },
    { count: 0, shares: [1], result: [], why: "no loads" },
  ])("$why", ({ count, shares, result }) => {
    expect(spreadLoads(count, shares)).toEqual(result);
  });

  it("gives each share exactly its loads and every load one owner", () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 40 }), { maxLength: 3 }), fc.integer({ min: 0, max: 60 }), (shares, extra) => {
        const count = shares.reduce((a, b) => a + b, 0) + extra;
        const spread = spreadLoads(count, shares);
        expect(spread).toHaveLength(count);
        shares.forEach((n, j) => expect(spread.filter((x) => x === j)).toHaveLength(n));
        expect(spread.filter((x) => x === null)).toHaveLength(extra);
      }),
    );
  });
});
