import { describe, expect, it } from "vitest";
import { loadSummary, placeLabel, routeLabel, scheduleSummary } from "#domain/jobs/summary.ts";

const day = (iso: string) => new Date(`${iso}T00:00:00Z`);

describe("placeLabel and routeLabel", () => {
  it.each([
    [{ city: "Leeds", countryCode: "GB" }, "Leeds"],
    [{ city: "Rotterdam", countryCode: "NL" }, "Rotterdam, NL"],
    [{ fullAddress: "Unit 4, Trafford Park, Manchester", countryCode: null }, "Unit 4"],
    [{}, "Unknown place"],
  ])("%j → %s", (place, label) => {
    expect(placeLabel(place)).toBe(label);
  });

  it("names the first pickup and delivery and counts the rest", () => {
    expect(routeLabel([
      { kind: "delivery", position: 1, city: "Newry" },
      { kind: "pickup", position: 0, city: "Leeds" },
      { kind: "delivery", position: 0, city: "Belfast" },
    ])).toBe("Leeds → Belfast + 1");
    expect(routeLabel([{ kind: "pickup", city: "Leeds" }])).toBe("Leeds → —");
  });
});

describe("loadSummary", () => {
  it.each([
    [{ loadType: "palletised", quantityEu: 20, quantityOther: 1, totalWeightKg: 9500 }, "20 EU pallets · 1 other pallet · 9,500 kg"],
    [{ loadType: "palletised" }, "Palletised"],
    [{ loadType: "shipping_container", containerSize: "40ft_hc" }, "40 ft high cube container"],
    [{ loadType: "ibc", loadQuantity: 1 }, "1 IBC"],
    [{ loadType: "drums", loadQuantity: 80, totalWeightKg: 16000 }, "80 drums · 16,000 kg"],
    [{ loadType: "drums" }, "Drums"],
    [{ loadType: "without_pallets", totalWeightKg: 1200 }, "Loose load (no pallets) · 1,200 kg"],
  ])("%j → %s", (job, summary) => {
    expect(loadSummary(job)).toBe(summary);
  });
});

describe("scheduleSummary", () => {
  it.each([
    [{ jobType: "single", startDate: day("2031-03-14"), endDate: null }, "Collect 14 Mar 2031"],
    [{ jobType: "single", startDate: null, endDate: null, locations: [{ kind: "delivery", windowDate: day("2031-03-01") }, { kind: "pickup", windowDate: day("2031-03-09") }, { kind: "pickup", windowDate: day("2031-03-08") }] }, "Collect 8 Mar 2031"],
    [{ jobType: "single", startDate: null, endDate: null }, "Collection date to be agreed"],
    [{ jobType: "multi", startDate: day("2031-03-01"), endDate: day("2031-05-31"), frequency: "weekly" }, "Weekly, 1 Mar 2031 to 31 May 2031"],
    [{ jobType: "contract", startDate: day("2031-03-01"), endDate: null, contractDuration: "one_year" }, "Contract: 1 year from 1 Mar 2031"],
  ])("%j → %s", (job, summary) => {
    expect(scheduleSummary(job)).toBe(summary);
  });
});
