// How chart figures are written: en-GB, with no fraction digits forced (1,200 not 1,200.00; 12.5
// stays 12.5), as a plain number or as money in the chart's currency.

export type ChartFormat = "number" | "currency";

const formatters = new Map<string, Intl.NumberFormat>();

function formatterFor(format: ChartFormat, currency: string): Intl.NumberFormat {
  const key = `${format}:${currency}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat("en-GB", format === "currency" ? { style: "currency", currency, minimumFractionDigits: 0 } : { minimumFractionDigits: 0 });
    formatters.set(key, formatter);
  }
  return formatter;
}

/** 1234.5 → "1,234.5"; as currency (GBP) → "£1,234.5"; 1200 → "£1,200". */
export function formatChartNumber(value: number, format: ChartFormat = "number", currency = "GBP"): string {
  return formatterFor(format, currency).format(value);
}

/** Pence as the pounds a chart plots: 123456 → 1234.56. */
export const poundsFromPence = (pence: number): number => Math.round(pence) / 100;
