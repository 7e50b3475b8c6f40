// Counted nouns in en-GB: "1 load", "2 loads", "1,000 loads". Every "N thing(s)" text on a page,
// in a message or in an island is built here so they never disagree.

const NUMBER = new Intl.NumberFormat("en-GB");

/** 1200 → "1,200". */
export function formatNumber(n: number): string {
  return NUMBER.format(n);
}

/** `count(3, "load")` → "3 loads"; give the plural when it is not the word plus "s". */
export function count(n: number, singular: string, plural = `${singular}s`): string {
  return `${formatNumber(n)} ${n === 1 ? singular : plural}`;
}

/** Every one of `n` things: "the load", "all 3 loads" (never "all 1 loads"). */
export function allOf(n: number, singular: string, plural = `${singular}s`): string {
  return n === 1 ? `the ${singular}` : `all ${count(n, singular, plural)}`;
}
