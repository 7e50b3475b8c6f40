import { describe, expect, it } from "vitest";
import { isParsedAddressEmpty, parsedAddress, type AddressComponent } from "#domain/geo/address-result.ts";

const result = (address_components: AddressComponent[]) => ({ address_components, formatted_address: "" });
const c = (long_name: string, ...types: AddressComponent["types"]): AddressComponent => ({ long_name, short_name: long_name, types });

describe("parsedAddress (geocode result → address form fields)", () => {
  it("reads a full UK address", () => {
    const parsed = parsedAddress(
      result([
        c("Unit 4", "premise"),
        c("Trafford Park", "sublocality", "political"),
        c("Manchester", "locality", "political"),
        c("England", "administrative_area_level_1", "political"),
        { long_name: "United Kingdom", short_name: "GB", types: ["country", "political"] },
        c("M17 1AB", "postal_code"),
      ]),
    );
    expect(parsed).toEqual({ address: "Unit 4, Trafford Park", city: "Manchester", post_code: "M17 1AB", region: "England", country_code: "GB" });
  });

  it("joins the street number to its road", () => {
    const parsed = parsedAddress(result([c("10", "street_number"), c("Downing Street", "route"), c("London", "locality")]));
    expect(parsed.address).toBe("10 Downing Street");
  });

  it.each([
    { why: "locality wins over postal town", components: [c("Salford", "locality"), c("Manchester", "postal_town")], city: "Salford" },
    { why: "postal town when there is no locality", components: [c("Belfast", "postal_town")], city: "Belfast" },
    { why: "neither", components: [c("Wales", "administrative_area_level_1")], city: "" },
  ])("city: $why", ({ components, city }) => {
    expect(parsedAddress(result(components)).city).toBe(city);
  });

  it("takes the country's code, not its name", () => {
    const parsed = parsedAddress(result([{ long_name: "Netherlands", short_name: "NL", types: ["country", "political"] }]));
    expect(parsed.country_code).toBe("NL");
  });

  it("gives empty strings for an empty result", () => {
    expect(parsedAddress(result([]))).toEqual({ address: "", city: "", post_code: "", region: "", country_code: "" });
  });
});

describe("isParsedAddressEmpty (an empty parse marks the full-address field invalid)", () => {
  const blank = { address: "", city: "", post_code: "", region: "", country_code: "" };
  it.each([
    { why: "nothing", parsed: blank, empty: true },
    { why: "only address lines", parsed: { ...blank, address: "Unit 4" }, empty: true },
    { why: "only a region", parsed: { ...blank, region: "Wales" }, empty: true },
    { why: "a city", parsed: { ...blank, city: "Leeds" }, empty: false },
    { why: "a post code", parsed: { ...blank, post_code: "LS1" }, empty: false },
    { why: "a country", parsed: { ...blank, country_code: "FR" }, empty: false },
  ])("$why → $empty", ({ parsed, empty }) => {
    expect(isParsedAddressEmpty(parsed)).toBe(empty);
  });
});
