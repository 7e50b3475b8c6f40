import { describe, expect, it } from "vitest";
import { co2eGramsOf, co2eKgOfGrams } from "#domain/charts/co2e.ts";

describe("CO2e as stored and added up", () => {
  it.each([
    [300.7, 300_700],
    [0.0004, 0],
    [0.0005, 1],
    [1234.56789, 1_234_568],
    [0, 0],
    [-3, 0],
    [null, 0],
  ])("%s kg is stored as %s g", (kg, grams) => {
    expect(co2eGramsOf(kg)).toBe(grams);
  });

  it.each([
    [0, 0],
    [499, 0],
    [500, 1],
    [1_234_568, 1235],
  ])("%s g is shown as %s kg", (grams, kg) => {
    expect(co2eKgOfGrams(grams)).toBe(kg);
  });
});
