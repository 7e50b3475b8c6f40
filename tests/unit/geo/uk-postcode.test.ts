import { describe, expect, it } from "vitest";
import { POSTCODE_AREAS } from "../../../src/geo/data/uk-postcode-areas.ts";
import { findFullPostcode, parseOutward, parseTypedPostcode } from "../../../src/geo/uk-postcode.ts";

describe("UK postcode areas data", () => {
  it("lists the 121 UK areas plus GY, JE and IM", () => {
    expect(POSTCODE_AREAS.size).toBe(124);
  });

  it.each([
    ["BT", "Belfast", "Northern Ireland", "GB"],
    ["M", "Manchester", "England", "GB"],
    ["EH", "Edinburgh", "Scotland", "GB"],
    ["CF", "Cardiff", "Wales", "GB"],
    ["JE", "Saint Helier", null, "JE"],
  ])("%s → %s", (area, postTown, region, countryCode) => {
    expect(POSTCODE_AREAS.get(area)).toMatchObject({ postTown, region, countryCode });
  });

  it("places every area inside the British Isles", () => {
    for (const area of POSTCODE_AREAS.values()) {
      expect(area.lat, area.area).toBeGreaterThan(49);
      expect(area.lat, area.area).toBeLessThan(61);
      expect(area.lng, area.area).toBeGreaterThan(-8.5);
      expect(area.lng, area.area).toBeLessThan(2);
    }
  });
});

describe("parseOutward", () => {
  it.each([
    ["M1", "M1", "M"],
    ["bt1", "BT1", "BT"],
    ["LS10", "LS10", "LS"],
    ["SW1A", "SW1A", "SW"],
    [" ec1a ", "EC1A", "EC"],
  ])("%s → %s in area %s", (text, code, area) => {
    expect(parseOutward(text)).toMatchObject({ code, outward: code, inward: null, area: { area } });
  });

  it.each(["A1", "XX1", "M", "BT", "1AB", "M1 1AA", "Leeds", ""])("rejects %j", (text) => {
    expect(parseOutward(text)).toBeNull();
  });
});

describe("findFullPostcode", () => {
  it.each([
    ["Manchester M17 1AB", "M17 1AB", 11],
    ["m171ab", "M17 1AB", 0],
    ["10 Downing St, London SW1A 2AA, UK", "SW1A 2AA", 22],
    ["BT1 1AA then BT48 7AA", "BT48 7AA", 13],
  ])("%j → %s at %i", (text, code, start) => {
    expect(findFullPostcode(text)).toMatchObject({ postcode: { code }, start });
  });

  it.each(["Unit 4, Trafford Park", "ZZ1 1AA", "M17", "AM17 1AB2"])("finds none in %j", (text) => {
    expect(findFullPostcode(text)).toBeNull();
  });
});

describe("parseTypedPostcode (a postcode while it is being typed)", () => {
  it.each([
    ["BT1", "BT1"],
    ["m17 1", "M17"],
    ["M17 1A", "M17"],
    ["M17 1AB", "M17 1AB"],
    ["  ls10  ", "LS10"],
  ])("%j → %s", (query, code) => {
    expect(parseTypedPostcode(query)?.code).toBe(code);
  });

  it.each(["BT", "Bel", "M17 1AB Manchester", "XX1"])("%j is not one", (query) => {
    expect(parseTypedPostcode(query)).toBeNull();
  });
});
