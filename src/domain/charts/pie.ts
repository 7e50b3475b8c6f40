// A pie slice's label is its share of the whole as a whole percentage. Rounding each share on its
// own can make the labels add up to 99 or 101, so the points lost to rounding go to the slices that
// lost the most (largest remainder), and the labels always add up to 100.

/** Whole percentages of the total, summing to exactly 100 (all zeros when the total is 0). */
export function piePercentages(values: readonly number[]): number[] {
  const clean = values.map((value) => (Number.isFinite(value) && value > 0 ? value : 0));
  const total = clean.reduce((sum, value) => sum + value, 0);
  if (total === 0) return clean.map(() => 0);
  const exact = clean.map((value) => (value / total) * 100);
  const floors = exact.map(Math.floor);
  let missing = 100 - floors.reduce((sum, value) => sum + value, 0);
  const byRemainder = exact.map((value, index) => ({ index, remainder: value - Math.floor(value) })).sort((a, b) => b.remainder - a.remainder || a.index - b.index);
  for (const { index } of byRemainder) {
    if (missing <= 0) break;
    floors[index]! += 1;
    missing -= 1;
  }
  return floors;
}

/** "Delivered: 42 (60%)". */
export function pieLabel(label: string, formattedValue: string, percentage: number): string {
  return `${label}: ${formattedValue} (${percentage}%)`;
}
