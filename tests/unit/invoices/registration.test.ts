import { describe, expect, it } from "vitest";
import { NOT_VAT_REGISTERED_STATEMENT, isVatRegistered, supplierRateBp } from "#domain/invoices/registration.ts";

// A supplier with no VAT number is not VAT-registered and charges no VAT on any line, whatever the
// leg's rate would be; a registered one charges the leg's rate.

describe("the rate a supplier's line carries", () => {
  it.each([
    { vatNumber: "GB987654321", leg: 2000, rate: 2000 },
    { vatNumber: "GB 987 6543 21", leg: 2000, rate: 2000 },
    { vatNumber: "GB987654321", leg: 0, rate: 0 }, // zero-rated leg (an export)
    { vatNumber: null, leg: 2000, rate: 0 },
    { vatNumber: "", leg: 2000, rate: 0 },
    { vatNumber: "  ", leg: 2000, rate: 0 },
    { vatNumber: undefined, leg: 0, rate: 0 },
  ])("VAT number $vatNumber, leg $leg bp → $rate bp", ({ vatNumber, leg, rate }) => {
    expect(supplierRateBp(leg, vatNumber)).toBe(rate);
    expect(isVatRegistered(vatNumber)).toBe(rate === leg && Boolean(vatNumber?.trim()));
  });

  it("says why no VAT is charged", () => {
    expect(NOT_VAT_REGISTERED_STATEMENT).toBe("No VAT is charged: the supplier is not VAT-registered");
  });
});
