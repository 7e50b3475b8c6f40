// Percentiles of whole-pence amounts, exactly. The method is linear interpolation between the
// closest ranks (the "inclusive" method: Excel's PERCENTILE.INC, R's type 7, NumPy's default): for
// n sorted values the p-th percentile sits at rank h = (n − 1) × p / 100, between the values at
// floor(h) and ceil(h). Only quarters are asked for (25th, 50th, 75th), so h × 4 is a whole number
// and the result is a whole number of quarter-pence: it is rounded to whole pence, halves up, with
// integer arithmetic only, so no floating-point error can move a penny.

export type Quartile = 1 | 2 | 3;

/** The `quartile`-th quarter point (1: 25th, 2: median, 3: 75th) of whole-pence values, in whole pence. */
export function quartileOf(values: readonly number[], quartile: Quartile): number {
  if (values.length === 0) throw new Error("quartileOf needs at least one value");
  const sorted = [...values].sort((a, b) => a - b);
  const quarters = (sorted.length - 1) * quartile; // h × 4
  const low = Math.floor(quarters / 4);
  const share = quarters % 4; // quarters of the step from the low value to the next
  const lowValue = sorted[low]!;
  const highValue = sorted[Math.min(low + 1, sorted.length - 1)]!;
  const inQuarterPence = 4 * lowValue + (highValue - lowValue) * share;
  return Math.floor((inQuarterPence + 2) / 4);
}

export type Spread = { median: number; lower: number; upper: number };

/** The median and the middle half (25th to 75th percentile) of whole-pence values. */
export function spreadOf(values: readonly number[]): Spread {
  return { median: quartileOf(values, 2), lower: quartileOf(values, 1), upper: quartileOf(values, 3) };
}
