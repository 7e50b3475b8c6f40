import { describe, expect, it } from "vitest";
import { PlaceIndex, type Place } from "../../../src/geo/place-index.ts";

const place = (name: string, countryCode: string, population: number, region: Place["region"] = null): Place => ({
  name, countryCode, region, population, lat: 0, lng: 0,
});

const places = [
  place("Boston", "GB", 35_000, "England"),
  place("Bochum", "DE", 365_000),
  place("Bordeaux", "FR", 250_000),
  place("Bolton", "GB", 141_000, "England"),
  place("St Helens", "GB", 102_000, "England"),
  place("St. Helens", "GB", 1_200, "England"),
  place("Köln", "DE", 963_000),
];
const index = new PlaceIndex(places, { "DE|Köln": ["Cologne"], "XX|Nowhere": ["Elsewhere"] });

describe("PlaceIndex", () => {
  it("finds by prefix, UK first then by population", () => {
    expect(index.startingWith("bo").map((p) => p.name)).toEqual(["Bolton", "Boston", "Bochum", "Bordeaux"]);
  });

  it("answers nothing for an unknown prefix", () => {
    expect(index.startingWith("zz")).toEqual([]);
  });

  it("finds by alias and by folded name", () => {
    expect(index.find("cologne").map((p) => p.name)).toEqual(["Köln"]);
    expect(index.find("koln").map((p) => p.name)).toEqual(["Köln"]);
    expect(index.startingWith("colo").map((p) => p.name)).toEqual(["Köln"]);
  });

  it("ignores aliases for places it does not hold", () => {
    expect(index.find("elsewhere")).toEqual([]);
  });

  it("keeps the biggest of places that read the same", () => {
    expect(index.find("st helens")).toEqual([places[4]]);
  });

  it("matches Saint and St alike", () => {
    expect(index.find("saint helens").map((p) => p.name)).toEqual(["St Helens"]);
  });
});
