import { describe, expect, it } from "vitest";
import { formatMoney, formatMoneyWhole, penceFromWholePounds, wholePoundsFromPence } from "#domain/format/money.ts";

describe("formatMoney", () => {
  it.each([
    { pence: 123450, text: "£1,234.50" },
    { pence: 0, text: "£0.00" },
    { pence: 5, text: "£0.05" },
    { pence: 100, text: "£1.00" },
    { pence: 123456789, text: "£1,234,567.89" },
    { pence: -500, text: "-£5.00" },
  ])("$pence pence → $text", ({ pence, text }) => {
    expect(formatMoney(pence)).toBe(text);
  });

  it.each([
    { pence: 123450, text: "£1,235" },
    { pence: 45000, text: "£450" },
  ])("whole pounds: $pence pence → $text", ({ pence, text }) => {
    expect(formatMoneyWhole(pence)).toBe(text);
  });
});

describe("penceFromWholePounds", () => {
  it.each([
    { input: "450", pence: 45000 },
    { input: " 450 ", pence: 45000 },
    { input: "£450", pence: 45000 },
    { input: "£ 1,200", pence: 120000 },
    { input: "1,234,567", pence: 123456700 },
    { input: "0", pence: 0 },
    { input: "12.50", pence: null },
    { input: "12.00", pence: null },
    { input: "-5", pence: null },
    { input: "1,20", pence: null },
    { input: "12abc", pence: null },
    { input: "abc", pence: null },
    { input: "", pence: null },
    { input: null, pence: null },
    { input: "99999999999999999999", pence: null },
  ])("'$input' → $pence", ({ input, pence }) => {
    expect(penceFromWholePounds(input)).toBe(pence);
  });

  it.each([
    { pence: 45000, text: "450" },
    { pence: null, text: "" },
  ])("puts $pence back in the box as '$text'", ({ pence, text }) => {
    expect(wholePoundsFromPence(pence)).toBe(text);
  });
});
