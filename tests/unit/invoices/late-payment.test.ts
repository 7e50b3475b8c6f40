import { describe, expect, it } from "vitest";
import {
  STATUTORY_MARGIN_BP, baseRateReferenceDate, fixedCompensationPence, statutoryInterest, statutoryRateBp,
} from "#domain/invoices/late-payment.ts";

describe("statutory interest: principal × (base + 8%) × days ÷ 365, simple, rounded down to the penny", () => {
  it.each([
    // gov.uk's example (£1,000, base 0.5%, 50 days) gives £11.50 because it rounds the daily 23.29p
    // to 23p first; worked in one division it is £11.6438…, so £11.64.
    { principal: 100_000, base: 50, days: 50, interest: 1_164 },
    { principal: 100_000, base: 0, days: 365, interest: 8_000 }, // 8% of £1,000 for a year
    { principal: 100_000, base: 425, days: 1, interest: 33 }, // 12.25% ÷ 365 = 33.56p → 33p
    { principal: 100_000, base: 425, days: 30, interest: 1_006 }, // 1,006.8p → 1,006p
    { principal: 54_000, base: 525, days: 14, interest: 274 }, // 13.25%: 274.44p
    { principal: 100_000, base: 425, days: 0, interest: 0 },
    { principal: 1, base: 0, days: 1, interest: 0 }, // a fraction of a penny is not claimed
    { principal: 0, base: 525, days: 100, interest: 0 },
    { principal: 100_000_000, base: 500, days: 366, interest: 13_035_616 }, // £1,000,000, 13%, a leap year's days
    // £100,000,000 for 10 years: the product passes 2^53 and stays exact.
    { principal: 10_000_000_000, base: 525, days: 3_650, interest: 13_250_000_000 },
  ])("$principal pence, base $base bp, $days days → $interest pence", ({ principal, base, days, interest }) => {
    expect(statutoryInterest({ principalPence: principal, baseRateBp: base, daysLate: days })).toBe(interest);
  });

  it.each([
    { principal: -1, base: 425, days: 10 },
    { principal: 100.5, base: 425, days: 10 },
    { principal: 100, base: -25, days: 10 },
    { principal: 100, base: 425, days: -1 },
    { principal: 100, base: 425, days: 1.5 },
  ])("refuses $principal pence, base $base bp, $days days", ({ principal, base, days }) => {
    expect(() => statutoryInterest({ principalPence: principal, baseRateBp: base, daysLate: days })).toThrow(RangeError);
  });

  it.each([
    { base: 0, rate: 800 },
    { base: 50, rate: 850 },
    { base: 425, rate: 1225 },
    { base: 525, rate: 1325 },
  ])("base $base bp → statutory $rate bp", ({ base, rate }) => {
    expect(statutoryRateBp(base)).toBe(rate);
    expect(STATUTORY_MARGIN_BP).toBe(800);
  });
});

describe("the base rate's reference date: 31 December or 30 June just before interest starts", () => {
  it.each([
    { starts: "2027-01-01", reference: "2026-12-31" },
    { starts: "2027-03-15", reference: "2026-12-31" },
    { starts: "2027-06-30", reference: "2026-12-31" },
    { starts: "2027-07-01", reference: "2027-06-30" },
    { starts: "2027-12-31", reference: "2027-06-30" },
  ])("interest starting $starts uses the rate on $reference", ({ starts, reference }) => {
    expect(baseRateReferenceDate(starts)).toBe(reference);
  });

  it.each(["", "2027-13-01", "01/07/2027"])("refuses %j", (starts) => {
    expect(() => baseRateReferenceDate(starts)).toThrow(RangeError);
  });
});

describe("fixed compensation by the debt's size (the Act, s.5A)", () => {
  it.each([
    { debt: 0, compensation: 0 },
    { debt: 1, compensation: 4_000 },
    { debt: 50_000, compensation: 4_000 },
    { debt: 99_999, compensation: 4_000 }, // £999.99
    { debt: 100_000, compensation: 7_000 }, // £1,000.00
    { debt: 500_000, compensation: 7_000 },
    { debt: 999_999, compensation: 7_000 }, // £9,999.99
    { debt: 1_000_000, compensation: 10_000 }, // £10,000.00
    { debt: 100_000_000, compensation: 10_000 }, // £1,000,000
  ])("a debt of $debt pence → $compensation pence", ({ debt, compensation }) => {
    expect(fixedCompensationPence(debt)).toBe(compensation);
  });

  it("refuses a fraction of a penny", () => {
    expect(() => fixedCompensationPence(99_999.5)).toThrow(RangeError);
  });
});
