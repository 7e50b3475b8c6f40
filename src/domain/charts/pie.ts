// A pie slice's label is its share of the whole, rounded to a whole percentage. Each share is rounded
// on its own (half up), as the label says what that slice is: three equal slices read 33% each, and the
// labels may add up to 99 or 101 rather than one slice being shown a point larger than it is.

/** Each value's share of the total as a whole percentage, rounded on its own (all zeros when the total is 0). */
export function piePercentages(values: readonly number[]): number[] {
  const clean = values.map((value) => (Number.isFinite(value) && value > 0 ? value : 0));
  const total = clean.reduce((sum, value) => sum + value, 0);
  if (total === 0) return clean.map(() => 0);
  return clean.map((value) => Math.round((value / total) * 100));
}

/** "Delivered: 42 (60%)". */
export function pieLabel(label: string, formattedValue: string, percentage: number): string {
  return `${label}: ${formattedValue} (${percentage}%)`;
}
