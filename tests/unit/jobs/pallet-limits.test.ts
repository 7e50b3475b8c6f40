import { describe, expect, it } from "vitest";
import {
  DEFAULT_MAX_PALLETS,
  isPalletType,
  isQuantityOptionAllowed,
  MAX_PALLETS,
  maxPalletsFor,
  PALLET_TYPES,
  QUANTITY_FIELDS,
  QUANTITY_OPTION_CEILING,
} from "#domain/jobs/pallet-limits.ts";

describe("maxPalletsFor", () => {
  it.each([
    { type: "eu", max: 33 },
    { type: "standard", max: 26 },
    { type: "eu_double", max: 66 },
    { type: "standard_double", max: 52 },
    { type: "other", max: 64 },
    { type: "half_pallet", max: 64 },
    { type: "", max: 64 },
    { type: null, max: 64 },
    { type: undefined, max: 64 },
    { type: "constructor", max: 64 },
    { type: "toString", max: 64 },
  ])("a vehicle takes at most $max pallets of type '$type'", ({ type, max }) => {
    expect(maxPalletsFor(type)).toBe(max);
  });

  it("uses the constants", () => {
    expect(MAX_PALLETS).toEqual({ eu: 33, standard: 26, eu_double: 66, standard_double: 52 });
    expect(DEFAULT_MAX_PALLETS).toBe(64);
    expect(PALLET_TYPES).toEqual(["eu", "standard", "eu_double", "standard_double", "other"]);
  });
});

describe("isQuantityOptionAllowed", () => {
  it.each([
    { type: "eu", n: 33, allowed: true },
    { type: "eu", n: 34, allowed: false },
    { type: "standard", n: 26, allowed: true },
    { type: "standard", n: 27, allowed: false },
    { type: "eu_double", n: 66, allowed: true },
    { type: "eu_double", n: 67, allowed: false },
    { type: "standard_double", n: 52, allowed: true },
    { type: "standard_double", n: 53, allowed: false },
    { type: "other", n: 64, allowed: true },
    { type: "other", n: 65, allowed: false },
    { type: "unknown_type", n: 64, allowed: true },
    { type: "unknown_type", n: 65, allowed: false },
    { type: "eu", n: 0, allowed: true },
    { type: "eu", n: 1, allowed: true },
    { type: "eu", n: -1, allowed: false },
    { type: "eu", n: 2.5, allowed: false },
  ])("option $n for '$type' pallets: allowed = $allowed", ({ type, n, allowed }) => {
    expect(isQuantityOptionAllowed(type, n)).toBe(allowed);
  });

  it("renders options up to the largest maximum of any type", () => {
    expect(QUANTITY_OPTION_CEILING).toBe(66);
  });
});

describe("pallet types", () => {
  it.each(PALLET_TYPES)("%s has its own quantity field", (type) => {
    expect(QUANTITY_FIELDS[type]).toBe(`quantity_${type}`);
    expect(isPalletType(type)).toBe(true);
  });

  it("does not take unknown names for pallet types", () => {
    expect(isPalletType("pallet")).toBe(false);
  });
});
