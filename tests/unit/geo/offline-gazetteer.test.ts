import { beforeAll, describe, expect, it, vi } from "vitest";
import { parsedAddress } from "#domain/geo/address-result.ts";
import { OfflineGazetteer, isCovered, loadPlaceIndex } from "../../../src/geo/offline-gazetteer.server.ts";
import { PlaceIndex } from "../../../src/geo/place-index.ts";

let gazetteer: OfflineGazetteer;

beforeAll(async () => {
  const index = await loadPlaceIndex();
  gazetteer = new OfflineGazetteer(async () => index);
}, 30_000);

const labels = async (query: string) => (await gazetteer.autocomplete(query)).map((item) => item.label);

describe("OfflineGazetteer.autocomplete", () => {
  it.each([
    { query: "Manch", first: "Manchester, England, UK" },
    { query: "manchester", first: "Manchester, England, UK" },
    { query: "Bel", first: "Belfast, Northern Ireland, UK" },
    { query: "BT1", first: "BT1, Belfast, Northern Ireland, UK" },
    { query: "bt", first: "BT, Belfast, Northern Ireland, UK" },
    { query: "LS10", first: "LS10, Leeds, England, UK" },
    { query: "Rotterdam", first: "Rotterdam, Netherlands" },
    { query: "Lyon", first: "Lyon, France" },
    { query: "Koln", first: "Köln, Germany" },
    { query: "Cologne", first: "Köln, Germany" },
    { query: "Saint Alb", first: "St Albans, England, UK" },
    { query: "Hull", first: "Kingston upon Hull, England, UK" },
    { query: "Newcastle", first: "Newcastle upon Tyne, England, UK" },
    { query: "St Peter Port", first: "Saint Peter Port, Guernsey" },
  ])("$query → $first first", async ({ query, first }) => {
    expect((await labels(query))[0]).toBe(first);
  });

  it("gives Belfast its region, Northern Ireland", async () => {
    const belfast = (await gazetteer.autocomplete("Bel")).find((item) => item.city === "Belfast");
    expect(belfast).toMatchObject({ region: "Northern Ireland", country_code: "GB" });
    expect(belfast?.latitude).toBeCloseTo(54.6, 1);
    expect(belfast?.longitude).toBeCloseTo(-5.93, 1);
  });

  it("fills the address fields from a postcode suggestion", async () => {
    const [item] = await gazetteer.autocomplete("BT1");
    expect(item).toMatchObject({ post_code: "BT1", city: "Belfast", region: "Northern Ireland", country_code: "GB" });
  });

  it("ranks UK places before bigger continental ones", async () => {
    const found = await gazetteer.autocomplete("Bo");
    const firstAbroad = found.findIndex((item) => item.country_code !== "GB");
    const lastUk = found.findLastIndex((item) => item.country_code === "GB");
    expect(lastUk).toBeLessThan(firstAbroad === -1 ? Infinity : firstAbroad);
  });

  it("ranks by population within the UK", async () => {
    expect((await labels("Birm")).slice(0, 1)).toEqual(["Birmingham, England, UK"]);
    expect(await labels("Leic")).toContain("Leicester, England, UK");
  });

  it("answers a whole typed address first", async () => {
    const [item] = await gazetteer.autocomplete("Unit 4, Trafford Park, Manchester M17 1AB");
    expect(item).toMatchObject({
      label: "Unit 4, Trafford Park, Manchester M17 1AB, UK",
      address: "Unit 4, Trafford Park",
      city: "Manchester",
      post_code: "M17 1AB",
      country_code: "GB",
    });
  });

  it("narrows to a country named after a comma", async () => {
    const found = await gazetteer.autocomplete("Bo, Germany");
    expect(found.length).toBeGreaterThan(0);
    expect(found.every((item) => item.country_code === "DE")).toBe(true);
  });

  it.each(["", "   "])("answers nothing for %j", async (query) => {
    expect(await gazetteer.autocomplete(query)).toEqual([]);
  });

  it("answers nothing for text that names nothing", async () => {
    expect(await gazetteer.autocomplete("Xqzwv")).toEqual([]);
  });

  it("answers at most the limit, 10 by default", async () => {
    expect(await gazetteer.autocomplete("S")).toHaveLength(10);
    expect(await gazetteer.autocomplete("S", 3)).toHaveLength(3);
  });
});

describe("OfflineGazetteer.geocode", () => {
  it("reads a full UK address with its postcode", async () => {
    const result = await gazetteer.geocode("Unit 4, Trafford Park, Manchester M17 1AB, GB");
    expect(result?.formatted_address).toBe("Unit 4, Trafford Park, Manchester M17 1AB, UK");
    expect(result?.address_components).toEqual([
      { long_name: "Unit 4", short_name: "Unit 4", types: ["premise"] },
      { long_name: "Trafford Park", short_name: "Trafford Park", types: ["sublocality", "political"] },
      { long_name: "Manchester", short_name: "Manchester", types: ["locality", "political"] },
      { long_name: "England", short_name: "England", types: ["administrative_area_level_1", "political"] },
      { long_name: "United Kingdom", short_name: "GB", types: ["country", "political"] },
      { long_name: "M17 1AB", short_name: "M17 1AB", types: ["postal_code"] },
    ]);
    expect(result?.geometry?.location.lat).toBeCloseTo(53.48, 1);
  });

  it.each([
    {
      typed: "10 Downing Street London SW1A 2AA",
      formatted: "10 Downing Street, London SW1A 2AA, UK",
      parsed: { address: "10 Downing Street", city: "London", post_code: "SW1A 2AA", region: "England", country_code: "GB" },
    },
    {
      typed: "12 high street, leeds ls1 4ap",
      formatted: "12 high street, Leeds LS1 4AP, UK",
      parsed: { address: "12 high street", city: "Leeds", post_code: "LS1 4AP", region: "England", country_code: "GB" },
    },
    {
      typed: "Belfast",
      formatted: "Belfast, UK",
      parsed: { address: "", city: "Belfast", post_code: "", region: "Northern Ireland", country_code: "GB" },
    },
    {
      typed: "BT48 7AA",
      formatted: "Belfast BT48 7AA, UK",
      parsed: { address: "", city: "Belfast", post_code: "BT48 7AA", region: "Northern Ireland", country_code: "GB" },
    },
    {
      typed: "Warehouse 2, Derry BT48",
      formatted: "Warehouse 2, Derry BT48, UK",
      parsed: { address: "Warehouse 2", city: "Derry", post_code: "BT48", region: "Northern Ireland", country_code: "GB" },
    },
    {
      typed: "Newcastle, Northern Ireland",
      formatted: "Newcastle, UK",
      parsed: { address: "", city: "Newcastle", post_code: "", region: "Northern Ireland", country_code: "GB" },
    },
    {
      typed: "Manchester, Lancashire, United Kingdom",
      formatted: "Manchester, UK",
      parsed: { address: "", city: "Manchester", post_code: "", region: "England", country_code: "GB" },
    },
    {
      typed: "Coolsingel 40, 3011 AD Rotterdam, Netherlands",
      formatted: "Coolsingel 40, 3011 AD Rotterdam, Netherlands",
      parsed: { address: "Coolsingel 40", city: "Rotterdam", post_code: "3011 AD", region: "", country_code: "NL" },
    },
    {
      typed: "69001 Lyon",
      formatted: "69001 Lyon, France",
      parsed: { address: "", city: "Lyon", post_code: "69001", region: "", country_code: "FR" },
    },
    {
      typed: "Lyon FR",
      formatted: "Lyon, France",
      parsed: { address: "", city: "Lyon", post_code: "", region: "", country_code: "FR" },
    },
    {
      typed: "Zollstraße 1, Cologne, Deutschland",
      formatted: "Zollstraße 1, Köln, Germany",
      parsed: { address: "Zollstraße 1", city: "Köln", post_code: "", region: "", country_code: "DE" },
    },
    {
      typed: "Luxembourg",
      formatted: "Luxembourg, Luxembourg",
      parsed: { address: "", city: "Luxembourg", post_code: "", region: "", country_code: "LU" },
    },
    {
      typed: "Flat B1, 10 High Street, Leeds",
      formatted: "Flat B1, 10 High Street, Leeds, UK",
      parsed: { address: "Flat B1, 10 High Street", city: "Leeds", post_code: "", region: "England", country_code: "GB" },
    },
    {
      typed: "1 Nowhere Lane, Atlantis, GB",
      formatted: "1 Nowhere Lane, Atlantis, UK",
      parsed: { address: "1 Nowhere Lane, Atlantis", city: "", post_code: "", region: "", country_code: "GB" },
    },
  ])("$typed → $formatted", async ({ typed, formatted, parsed }) => {
    const result = await gazetteer.geocode(typed);
    expect(result?.formatted_address).toBe(formatted);
    expect(result && parsedAddress(result)).toEqual(parsed);
  });

  it("marks an outward code alone as a postcode prefix", async () => {
    const result = await gazetteer.geocode("Leeds LS10");
    expect(result?.address_components.at(-1)).toEqual({ long_name: "LS10", short_name: "LS10", types: ["postal_code", "postal_code_prefix"] });
  });

  it("does not take a street word for a town (Street is a town in Somerset)", async () => {
    expect(await gazetteer.geocode("12 High Street")).toBeNull();
  });

  it.each(["Xqzwv Blorp", "123 Imaginary Road", "", "   "])("answers null for %j", async (typed) => {
    expect(await gazetteer.geocode(typed)).toBeNull();
  });
});

describe("isCovered (which gazetteer towns are kept)", () => {
  const city = { countryCode: "GB", featureCode: "PPL", adminCode: "ENG", population: 1000, lat: 0, lng: 0 };
  it.each([
    { why: "any UK town", facts: city, kept: true },
    { why: "a Northern Irish village", facts: { ...city, adminCode: "NIR", population: 1000 }, kept: true },
    { why: "a Crown Dependency town", facts: { ...city, countryCode: "JE" }, kept: true },
    { why: "a historical UK place", facts: { ...city, featureCode: "PPLH" }, kept: false },
    { why: "an abandoned place", facts: { ...city, featureCode: "PPLQ" }, kept: false },
    { why: "a continental town of 20,000", facts: { ...city, countryCode: "FR", population: 20_000 }, kept: true },
    { why: "a continental town of 19,999", facts: { ...city, countryCode: "FR", population: 19_999 }, kept: false },
    { why: "a small capital", facts: { ...city, countryCode: "LI", featureCode: "PPLC", population: 5000 }, kept: true },
    { why: "a continental city section", facts: { ...city, countryCode: "DE", featureCode: "PPLX", population: 400_000 }, kept: false },
    { why: "Switzerland and Norway", facts: { ...city, countryCode: "NO", population: 50_000 }, kept: true },
    { why: "outside Europe", facts: { ...city, countryCode: "US", population: 8_000_000 }, kept: false },
  ])("$why → $kept", ({ facts, kept }) => {
    expect(isCovered(facts)).toBe(kept);
  });
});

describe("OfflineGazetteer loading", () => {
  const emptyIndex = () => Promise.resolve(new PlaceIndex([]));

  it("loads nothing until first used, then once however many ask at once", async () => {
    const load = vi.fn(emptyIndex);
    const lazy = new OfflineGazetteer(load);
    expect(load).not.toHaveBeenCalled();
    await Promise.all([lazy.autocomplete("Leeds"), lazy.geocode("Leeds"), lazy.autocomplete("York")]);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("does not load for an empty query", async () => {
    const load = vi.fn(emptyIndex);
    await new OfflineGazetteer(load).autocomplete("");
    expect(load).not.toHaveBeenCalled();
  });

  it("starts loading on warm() without waiting", () => {
    const load = vi.fn(emptyIndex);
    new OfflineGazetteer(load).warm();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("tries again after a failed load", async () => {
    const load = vi.fn<() => Promise<PlaceIndex>>().mockRejectedValueOnce(new Error("disk")).mockImplementation(emptyIndex);
    const retrying = new OfflineGazetteer(load);
    await expect(retrying.autocomplete("Leeds")).rejects.toThrow("disk");
    await expect(retrying.autocomplete("Leeds")).resolves.toEqual([]);
    expect(load).toHaveBeenCalledTimes(2);
  });
});
