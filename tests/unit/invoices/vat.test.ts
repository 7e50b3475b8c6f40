import { describe, expect, it } from "vitest";
import {
  STANDARD_RATE_BP, ZERO_RATE_BP, invoiceTotals, isUkCountry, lineVat, vatBreakdown, vatInGross, vatRateForLeg, vatRateLabel,
} from "#domain/invoices/vat.ts";

describe("the VAT rate of a haulage leg (VAT Notice 744B: a leg into or out of the UK is zero-rated)", () => {
  it.each([
    { from: "GB", to: "GB", rateBp: 2000 },
    { from: "gb", to: " UK ", rateBp: 2000 },
    { from: "UK", to: "UK", rateBp: 2000 },
    { from: "GB", to: "XI", rateBp: 2000 }, // Great Britain to Northern Ireland: both in the UK
    { from: "XI", to: "GB", rateBp: 2000 },
    { from: "GB", to: null, rateBp: 2000 }, // no evidence of a border crossing
    { from: "", to: "", rateBp: 2000 },
    { from: "GB", to: "FR", rateBp: 0 }, // out of the UK
    { from: "DE", to: "GB", rateBp: 0 }, // into the UK
    { from: "XI", to: "IE", rateBp: 0 }, // Northern Ireland to the Republic of Ireland
    { from: "NL", to: "BE", rateBp: 0 },
  ])("$from → $to: $rateBp bp", ({ from, to, rateBp }) => {
    expect(vatRateForLeg({ collectionCountry: from, deliveryCountry: to })).toBe(rateBp);
  });

  it.each([
    { code: "GB", uk: true },
    { code: "XI", uk: true },
    { code: undefined, uk: true },
    { code: "IE", uk: false },
    { code: "NI", uk: false }, // Nicaragua, not Northern Ireland
  ])("$code is in the UK: $uk", ({ code, uk }) => {
    expect(isUkCountry(code)).toBe(uk);
  });

  it("names the two rates", () => {
    expect([STANDARD_RATE_BP, ZERO_RATE_BP]).toEqual([2000, 0]);
  });
});

describe("lineVat: net × rate, to the nearest penny, a half penny up", () => {
  it.each([
    { net: 0, rateBp: 2000, vat: 0 },
    { net: 1, rateBp: 2000, vat: 0 }, // 0.2p
    { net: 2, rateBp: 2000, vat: 0 }, // 0.4p
    { net: 3, rateBp: 2000, vat: 1 }, // 0.6p
    { net: 4, rateBp: 2000, vat: 1 }, // 0.8p
    { net: 5, rateBp: 2000, vat: 1 },
    { net: 12, rateBp: 2000, vat: 2 }, // 2.4p
    { net: 13, rateBp: 2000, vat: 3 }, // 2.6p
    { net: 10, rateBp: 500, vat: 1 }, // 0.5p: half up
    { net: 9, rateBp: 500, vat: 0 }, // 0.45p
    { net: 50, rateBp: 500, vat: 3 }, // 2.5p: half up
    { net: 70, rateBp: 500, vat: 4 }, // 3.5p: half up (not to even)
    { net: 20, rateBp: 1750, vat: 4 }, // 3.5p
    { net: 2, rateBp: 1750, vat: 0 }, // 0.35p
    { net: 12_345, rateBp: 2000, vat: 2_469 }, // £123.45 → £24.69
    { net: 45_000, rateBp: 2000, vat: 9_000 }, // £450.00 → £90.00
    { net: 99_999, rateBp: 2000, vat: 20_000 }, // £999.99 → £199.998 → £200.00
    { net: 100_000_000, rateBp: 2000, vat: 20_000_000 }, // £1,000,000
    { net: 123_456_789_012, rateBp: 2000, vat: 24_691_357_802 }, // £1,234,567,890.12
    { net: 123_456_789_012, rateBp: 0, vat: 0 },
    { net: -3, rateBp: 2000, vat: -1 }, // a credit line mirrors its invoice line
    { net: -10, rateBp: 500, vat: -1 },
  ])("$net pence at $rateBp bp → $vat pence", ({ net, rateBp, vat }) => {
    expect(lineVat(net, rateBp)).toBe(vat);
  });

  it.each([
    { net: 1.5, rateBp: 2000 },
    { net: Number.NaN, rateBp: 2000 },
    { net: 100, rateBp: -1 },
    { net: 100, rateBp: 10_001 },
    { net: 100, rateBp: 20.5 },
  ])("refuses $net pence at $rateBp bp", ({ net, rateBp }) => {
    expect(() => lineVat(net, rateBp)).toThrow(RangeError);
  });
});

describe("vatInGross: the VAT inside a VAT-inclusive amount", () => {
  it.each([
    { gross: 120, rateBp: 2000, vat: 20 },
    { gross: 12_000, rateBp: 2000, vat: 2_000 },
    { gross: 1, rateBp: 2000, vat: 0 }, // 1/6p
    { gross: 3, rateBp: 2000, vat: 1 }, // 0.5p: half up
    { gross: 100, rateBp: 2000, vat: 17 }, // 16.67p
    { gross: 600, rateBp: 0, vat: 0 },
    { gross: -120, rateBp: 2000, vat: -20 },
  ])("$gross pence at $rateBp bp holds $vat pence VAT", ({ gross, rateBp, vat }) => {
    expect(vatInGross(gross, rateBp)).toBe(vat);
  });
});

describe("invoice totals and the VAT breakdown: sums of the lines", () => {
  const mixed = [
    { netPence: 123_456, rateBp: 2000 }, // VAT 24,691.2 → 24,691
    { netPence: 50_000, rateBp: 0 }, // an international leg
    { netPence: 1, rateBp: 2000 }, // VAT 0.2 → 0
    { netPence: 3, rateBp: 2000 }, // VAT 0.6 → 1
  ];

  it.each([
    { name: "no lines", lines: [], totals: { netPence: 0, vatPence: 0, grossPence: 0 } },
    { name: "one line", lines: [{ netPence: 45_000, rateBp: 2000 }], totals: { netPence: 45_000, vatPence: 9_000, grossPence: 54_000 } },
    { name: "zero-rated only", lines: [{ netPence: 80_000, rateBp: 0 }], totals: { netPence: 80_000, vatPence: 0, grossPence: 80_000 } },
    { name: "a mixed invoice", lines: mixed, totals: { netPence: 173_460, vatPence: 24_692, grossPence: 198_152 } },
    // Rounded per line: three 3p lines carry 1p each (3p), where 9p on one line would carry 2p.
    { name: "three 3p lines", lines: [3, 3, 3].map((netPence) => ({ netPence, rateBp: 2000 })), totals: { netPence: 9, vatPence: 3, grossPence: 12 } },
    {
      name: "£1,000,000 and more",
      lines: [{ netPence: 100_000_000, rateBp: 2000 }, { netPence: 250_000_001, rateBp: 2000 }],
      totals: { netPence: 350_000_001, vatPence: 70_000_000, grossPence: 420_000_001 },
    },
  ])("$name", ({ lines, totals }) => {
    expect(invoiceTotals(lines)).toEqual(totals);
  });

  it("breaks a mixed invoice down by rate, highest first", () => {
    expect(vatBreakdown(mixed)).toEqual([
      { rateBp: 2000, netPence: 123_460, vatPence: 24_692, grossPence: 148_152 },
      { rateBp: 0, netPence: 50_000, vatPence: 0, grossPence: 50_000 },
    ]);
    expect(vatBreakdown([])).toEqual([]);
  });

  it("the breakdown adds up to the totals", () => {
    const rows = vatBreakdown(mixed);
    const sum = (key: "netPence" | "vatPence" | "grossPence") => rows.reduce((total, row) => total + row[key], 0);
    expect({ netPence: sum("netPence"), vatPence: sum("vatPence"), grossPence: sum("grossPence") }).toEqual(invoiceTotals(mixed));
  });
});

describe("vatRateLabel", () => {
  it.each([
    { rateBp: 2000, label: "20%" },
    { rateBp: 0, label: "0%" },
    { rateBp: 500, label: "5%" },
    { rateBp: 1750, label: "17.5%" },
    { rateBp: 1225, label: "12.25%" },
    { rateBp: 5, label: "0.05%" },
    { rateBp: 10_000, label: "100%" },
  ])("$rateBp bp → $label", ({ rateBp, label }) => {
    expect(vatRateLabel(rateBp)).toBe(label);
  });
});
