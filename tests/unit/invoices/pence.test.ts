import { describe, expect, it } from "vitest";
import { assertNonNegativeWhole, assertWhole, divideDown, divideHalfUp, poundsText } from "#domain/invoices/pence.ts";

describe("divideHalfUp: nearest whole number, a half away from zero", () => {
  it.each([
    { numerator: 0n, denominator: 10n, result: 0 },
    { numerator: 4n, denominator: 10n, result: 0 },
    { numerator: 5n, denominator: 10n, result: 1 },
    { numerator: 6n, denominator: 10n, result: 1 },
    { numerator: 15n, denominator: 10n, result: 2 },
    { numerator: 25n, denominator: 10n, result: 3 },
    { numerator: 24_999n, denominator: 10_000n, result: 2 },
    { numerator: -4n, denominator: 10n, result: 0 },
    { numerator: -5n, denominator: 10n, result: -1 },
    { numerator: -25n, denominator: 10n, result: -3 },
    { numerator: 1n, denominator: 3n, result: 0 },
    { numerator: 2n, denominator: 3n, result: 1 },
    { numerator: 10n ** 20n, denominator: 10n ** 6n, result: 10 ** 14 },
  ])("$numerator / $denominator → $result", ({ numerator, denominator, result }) => {
    expect(divideHalfUp(numerator, denominator)).toBe(result);
  });

  it.each([
    { numerator: 1n, denominator: 0n },
    { numerator: 1n, denominator: -2n },
    { numerator: 10n ** 30n, denominator: 1n },
  ])("refuses $numerator / $denominator", ({ numerator, denominator }) => {
    expect(() => divideHalfUp(numerator, denominator)).toThrow(RangeError);
  });
});

describe("divideDown: rounded down", () => {
  it.each([
    { numerator: 0n, denominator: 7n, result: 0 },
    { numerator: 6n, denominator: 7n, result: 0 },
    { numerator: 7n, denominator: 7n, result: 1 },
    { numerator: 13n, denominator: 7n, result: 1 },
    { numerator: 9_999_999n, denominator: 10n, result: 999_999 },
  ])("$numerator / $denominator → $result", ({ numerator, denominator, result }) => {
    expect(divideDown(numerator, denominator)).toBe(result);
  });

  it.each([
    { numerator: -1n, denominator: 7n },
    { numerator: 1n, denominator: 0n },
  ])("refuses $numerator / $denominator", ({ numerator, denominator }) => {
    expect(() => divideDown(numerator, denominator)).toThrow(RangeError);
  });
});

describe("poundsText: pence as pounds with two decimals, by integer arithmetic", () => {
  it.each([
    { pence: 0, text: "0.00" },
    { pence: 1, text: "0.01" },
    { pence: 5, text: "0.05" },
    { pence: 10, text: "0.10" },
    { pence: 99, text: "0.99" },
    { pence: 100, text: "1.00" },
    { pence: 123_456, text: "1234.56" },
    { pence: 100_000_000, text: "1000000.00" },
    { pence: Number.MAX_SAFE_INTEGER, text: "90071992547409.91" },
    { pence: -1, text: "-0.01" },
    { pence: -500, text: "-5.00" },
  ])("$pence → $text", ({ pence, text }) => {
    expect(poundsText(pence)).toBe(text);
  });

  it.each([0.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 53])("refuses %s", (pence) => {
    expect(() => poundsText(pence)).toThrow(RangeError);
  });
});

describe("whole-number guards", () => {
  it.each([
    { value: 0, whole: true, nonNegative: true },
    { value: 12, whole: true, nonNegative: true },
    { value: -1, whole: true, nonNegative: false },
    { value: 1.5, whole: false, nonNegative: false },
    { value: Number.NaN, whole: false, nonNegative: false },
  ])("$value: whole $whole, non-negative whole $nonNegative", ({ value, whole, nonNegative }) => {
    if (whole) expect(() => assertWhole(value, "value")).not.toThrow();
    else expect(() => assertWhole(value, "value")).toThrow(RangeError);
    if (nonNegative) expect(() => assertNonNegativeWhole(value, "value")).not.toThrow();
    else expect(() => assertNonNegativeWhole(value, "value")).toThrow(RangeError);
  });
});
