import { describe, expect, it } from "vitest";
import { creditNoteParts, creditParts, creditPartsWithVat, creditTotals, shareByRate } from "#domain/invoices/credit-note-vat.ts";

const STANDARD = 2000;
const ZERO = 0;

describe("a credit shared between the invoice's rates, pro rata to each rate's gross, in whole pence that add up", () => {
  it.each([
    { case: "one rate takes all", amount: 6_000, rates: [{ rateBp: STANDARD, grossPence: 12_000 }], shares: [6_000] },
    { case: "half and half", amount: 1_000, rates: [{ rateBp: STANDARD, grossPence: 6_000 }, { rateBp: ZERO, grossPence: 6_000 }], shares: [500, 500] },
    { case: "an odd penny goes to the higher rate on a tie", amount: 1_001, rates: [{ rateBp: ZERO, grossPence: 6_000 }, { rateBp: STANDARD, grossPence: 6_000 }], shares: [501, 500] },
    { case: "thirds: the largest fraction takes the penny", amount: 100, rates: [{ rateBp: STANDARD, grossPence: 200 }, { rateBp: ZERO, grossPence: 100 }], shares: [67, 33] },
    { case: "a small share rounds to nothing", amount: 1, rates: [{ rateBp: STANDARD, grossPence: 99_900 }, { rateBp: ZERO, grossPence: 100 }], shares: [1, 0] },
    { case: "three rates", amount: 10, rates: [{ rateBp: STANDARD, grossPence: 1 }, { rateBp: 500, grossPence: 1 }, { rateBp: ZERO, grossPence: 1 }], shares: [4, 3, 3] },
  ])("$case", ({ amount, rates, shares }) => {
    const shared = shareByRate(amount, rates);
    expect(shared.map((share) => share.grossPence)).toEqual(shares);
    expect(shared.reduce((sum, share) => sum + share.grossPence, 0)).toBe(amount);
  });

  it("refuses an invoice with no gross, and a fraction of a penny", () => {
    expect(() => shareByRate(100, [])).toThrow(RangeError);
    expect(() => shareByRate(10.5, [{ rateBp: STANDARD, grossPence: 100 }])).toThrow(RangeError);
  });
});

describe("the VAT inside each part of a credit (vatInGross at its rate)", () => {
  it.each([
    { case: "£60 at 20%: £10 VAT", amount: 6_000, rates: [{ rateBp: STANDARD, grossPence: 12_000 }], parts: [{ rateBp: STANDARD, grossPence: 6_000, vatPence: 1_000, netPence: 5_000 }] },
    { case: "£1.01 at 20%: 16.83p rounds to 17p", amount: 101, rates: [{ rateBp: STANDARD, grossPence: 12_000 }], parts: [{ rateBp: STANDARD, grossPence: 101, vatPence: 17, netPence: 84 }] },
    { case: "zero-rated: no VAT", amount: 5_000, rates: [{ rateBp: ZERO, grossPence: 9_000 }], parts: [{ rateBp: ZERO, grossPence: 5_000, vatPence: 0, netPence: 5_000 }] },
    {
      case: "£100 of an invoice of £120 at 20% and £120 zero-rated: £50 each, £8.33 VAT",
      amount: 10_000,
      rates: [{ rateBp: STANDARD, grossPence: 12_000 }, { rateBp: ZERO, grossPence: 12_000 }],
      parts: [{ rateBp: STANDARD, grossPence: 5_000, vatPence: 833, netPence: 4_167 }, { rateBp: ZERO, grossPence: 5_000, vatPence: 0, netPence: 5_000 }],
    },
  ])("$case", ({ amount, rates, parts }) => {
    expect(creditParts(amount, rates)).toEqual(parts);
  });
});

describe("the credit that clears the invoice takes the VAT still uncredited, so the credit notes add up to the invoice", () => {
  // Three 3p lines at 20% carry 1p of VAT each: 12p gross, 3p VAT; vatInGross(12p) would say 2p.
  const tiny = { grossPence: 12, vatPence: 3, creditedPence: 0, creditedVatPence: 0, rates: [{ rateBp: STANDARD, grossPence: 12 }] };
  it.each([
    { case: "a whole credit of a 3 × 3p invoice credits its 3p VAT, not 2p", amount: 12, invoice: tiny, vat: 3 },
    { case: "a part credit is worked out on its own", amount: 6, invoice: tiny, vat: 1 },
    { case: "the rest after a part credit of 6p (1p VAT) takes the other 2p", amount: 6, invoice: { ...tiny, creditedPence: 6, creditedVatPence: 1 }, vat: 2 },
    { case: "£1,234.57 at 20% in one credit", amount: 148_148, invoice: { grossPence: 148_148, vatPence: 24_691, creditedPence: 0, creditedVatPence: 0, rates: [{ rateBp: STANDARD, grossPence: 148_148 }] }, vat: 24_691 },
    { case: "zero-rated whole credit: no VAT", amount: 500, invoice: { grossPence: 500, vatPence: 0, creditedPence: 0, creditedVatPence: 0, rates: [{ rateBp: ZERO, grossPence: 500 }] }, vat: 0 },
  ])("$case", ({ amount, invoice, vat }) => {
    const totals = creditTotals(creditNoteParts(amount, invoice));
    expect(totals).toEqual({ grossPence: amount, vatPence: vat, netPence: amount - vat });
  });
});

describe("a stored credit note's parts, read back with the VAT it credited", () => {
  const mixed = [{ rateBp: STANDARD, grossPence: 12_000 }, { rateBp: ZERO, grossPence: 12_000 }];
  it.each([
    { case: "its own VAT: unchanged", amount: 10_000, vat: 833, rates: mixed, vats: [833, 0] },
    { case: "a penny more: on the 20% part", amount: 10_000, vat: 834, rates: mixed, vats: [834, 0] },
    { case: "all zero-rated: nothing to move", amount: 500, vat: 0, rates: [{ rateBp: ZERO, grossPence: 900 }], vats: [0] },
  ])("$case", ({ amount, vat, rates, vats }) => {
    const parts = creditPartsWithVat(amount, vat, rates);
    expect(parts.map((part) => part.vatPence)).toEqual(vats);
    expect(creditTotals(parts)).toEqual({ grossPence: amount, vatPence: vat, netPence: amount - vat });
  });
});
