import { describe, expect, it } from "vitest";
import { compareText } from "#domain/format/compare-text.ts";

describe("sorting names", () => {
  it.each([
    ["alphabetical", "Alpha Haulage", "Beta Freight"],
    ["case is not first", "bristol", "Cardiff"],
    ["accents sort with their letters", "Élan Logistics", "Fenland Carriers"],
    ["numbers as written", "Depot 10", "Depot 9"],
    ["a prefix first", "Road", "Roadline"],
  ])("%s: as localeCompare in en-GB", (_case, first, second) => {
    expect(Math.sign(compareText(first, second))).toBe(Math.sign(first.localeCompare(second, "en-GB")));
    expect(Math.sign(compareText(second, first))).toBe(-Math.sign(first.localeCompare(second, "en-GB")));
  });

  it("orders a list as British readers expect", () => {
    expect(["Zeta", "alpha", "Élan", "beta"].sort(compareText)).toEqual(["alpha", "beta", "Élan", "Zeta"]);
  });

  it("finds equal names equal", () => {
    expect(compareText("Pennine Haulage", "Pennine Haulage")).toBe(0);
  });
});
