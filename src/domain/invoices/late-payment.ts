// Statutory interest and fixed compensation on a late commercial debt: the Late Payment of
// Commercial Debts (Interest) Act 1998 (s.4 interest, s.5A compensation), the Late Payment of
// Commercial Debts (Rate of Interest) (No. 3) Order 2002, and gov.uk's "Late commercial payments:
// charging interest and debt recovery".
//
// Rate: 8% a year over the Bank of England base rate in force on 31 December (for interest that
// starts to run from 1 January to 30 June) or on 30 June (from 1 July to 31 December) just before
// the day interest starts. The base rate is an input (the app's setting, in basis points), since
// the domain cannot look it up. Interest is simple: principal × rate × days late ÷ 365 (every year,
// as gov.uk's worked example divides by 365), worked out in one integer division and rounded down
// to the penny, so we never claim a fraction of a penny more than the Act allows.

import { parseIsoDate } from "#domain/format/date-input.ts";
import { assertNonNegativeWhole, assertWhole, divideDown } from "./pence.ts";

/** 8% a year over base rate. */
export const STATUTORY_MARGIN_BP = 800;
const BASIS_POINTS = 10_000n;
const DAYS_A_YEAR = 365n;

/** Base rate + 8%, in basis points: 425 → 1225 (12.25%). */
export function statutoryRateBp(baseRateBp: number): number {
  assertNonNegativeWhole(baseRateBp, "baseRateBp");
  return baseRateBp + STATUTORY_MARGIN_BP;
}

export type InterestClaim = { principalPence: number; baseRateBp: number; daysLate: number };

/** Simple interest for the days late, rounded down to the penny. */
export function statutoryInterest({ principalPence, baseRateBp, daysLate }: InterestClaim): number {
  assertNonNegativeWhole(principalPence, "principalPence");
  assertNonNegativeWhole(daysLate, "daysLate");
  const rateBp = BigInt(statutoryRateBp(baseRateBp));
  return divideDown(BigInt(principalPence) * rateBp * BigInt(daysLate), BASIS_POINTS * DAYS_A_YEAR);
}

/**
 * The day whose base rate sets the statutory rate for interest starting on `interestStarts`:
 * 31 December before, for a start from 1 January to 30 June; 30 June, for 1 July to 31 December.
 */
export function baseRateReferenceDate(interestStarts: string): string {
  if (parseIsoDate(interestStarts) !== interestStarts) throw new RangeError(`not a date written yyyy-mm-dd: ${interestStarts}`);
  const year = Number(interestStarts.slice(0, 4));
  const month = Number(interestStarts.slice(5, 7));
  return month <= 6 ? `${String(year - 1).padStart(4, "0")}-12-31` : `${interestStarts.slice(0, 4)}-06-30`;
}

/** Debts below these (in pence) carry the smaller fixed sums: under £1,000 → £40; under £10,000 → £70. */
const COMPENSATION_BANDS: readonly { belowPence: number; compensationPence: number }[] = [
  { belowPence: 100_000, compensationPence: 4_000 },
  { belowPence: 1_000_000, compensationPence: 7_000 },
];
const LARGEST_COMPENSATION_PENCE = 10_000;

/** The Act's fixed sum for recovering a late debt (s.5A): £40, £70 or £100 by the debt's size. */
export function fixedCompensationPence(debtPence: number): number {
  assertWhole(debtPence, "debtPence");
  if (debtPence <= 0) return 0;
  return COMPENSATION_BANDS.find((band) => debtPence < band.belowPence)?.compensationPence ?? LARGEST_COMPENSATION_PENCE;
}
