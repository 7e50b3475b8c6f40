import { describe, expect, it } from "vitest";
import { areaInAddress, laneAreaOf, postcodeAreaOf } from "#domain/price-guide/postcode-area.ts";

describe("the postcode area of a UK postcode", () => {
  it.each([
    ["LS9 0RS", "LS"],
    ["B46 1AL", "B"],
    ["BT3 9AR", "BT"],
    ["ls90rs", "LS"],
    ["  bs1 4dj ", "BS"],
    ["SW1A 1AA", "SW"],
    ["EC1A 1BB", "EC"],
    ["M17 1AB", "M"],
    ["G2 1DU", "G"],
    ["LS9", "LS"],
    ["W1", "W"],
  ])("%j is in area %j", (postcode, area) => {
    expect(postcodeAreaOf(postcode)).toBe(area);
  });

  it.each([
    ["", "missing"],
    [null, "missing"],
    [undefined, "missing"],
    ["75001", "a French code"],
    ["D02 X285", "an Eircode (no D area in the UK)"],
    ["GY1 1AA", "Guernsey, not the UK"],
    ["JE2 3AB", "Jersey, not the UK"],
    ["IM1 1AA", "the Isle of Man, not the UK"],
    ["QQ1 1AA", "no such area"],
    ["LS9 0R", "half an inward code"],
    ["Leeds", "a town, not a postcode"],
    ["LS", "an area alone is not a postcode"],
  ])("%j gives no area (%s)", (postcode, _why: string) => {
    expect(postcodeAreaOf(postcode)).toBeNull();
  });
});

describe("an area as the API is asked for it", () => {
  it.each([
    ["LS", "LS"],
    ["ls", "LS"],
    [" bs ", "BS"],
    ["B", "B"],
    ["LS9 0RS", "LS"],
    ["ZZ", null],
    ["GY", null],
    ["", null],
    ["L S", null],
  ])("%j is read as %j", (text, area) => {
    expect(laneAreaOf(text)).toBe(area);
  });
});

describe("the area of the postcode in an address line", () => {
  it.each([
    ["1 Wellington St, Leeds LS1 4AP", "LS"],
    ["Temple Way, Bristol, bs16qf", "BS"],
    ["Unit 4, B46 1AL, then to BT3 9AR", "BT"],
    ["Depot, Rue de Rivoli, 75001 Paris", null],
    ["St Peter Port GY1 1AA", null],
    ["Leeds", null],
    ["", null],
    [null, null],
    ["XLS1 4AP", null],
  ])("%j: %j", (text, area) => {
    expect(areaInAddress(text)).toBe(area);
  });
});
