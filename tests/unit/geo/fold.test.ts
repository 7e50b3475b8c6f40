import { describe, expect, it } from "vitest";
import { foldName, saintVariants } from "../../../src/geo/fold.ts";

describe("foldName", () => {
  it.each([
    ["Köln", "koln"],
    ["MÁLAGA", "malaga"],
    ["Łódź", "lodz"],
    ["Göteborg", "goteborg"],
    ["København", "kobenhavn"],
    ["Straße", "strasse"],
    ["Stoke-on-Trent", "stoke on trent"],
    ["St. Albans", "st albans"],
    ["'s-Gravenhage", "s gravenhage"],
    ["  Newcastle   upon Tyne ", "newcastle upon tyne"],
    ["Iaşi", "iasi"],
  ])("%j → %j", (name, key) => {
    expect(foldName(name)).toBe(key);
  });
});

describe("saintVariants", () => {
  it.each([
    ["st albans", ["st albans", "saint albans"]],
    ["saint helier", ["saint helier", "st helier"]],
    ["stoke", ["stoke"]],
  ])("%j → %j", (key, variants) => {
    expect(saintVariants(key)).toEqual(variants);
  });
});
