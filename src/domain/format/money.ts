// Money is integer pence everywhere; these turn it into en-GB text and back.

const GBP = new Intl.NumberFormat("en-GB", { style: "currency", currency: "GBP" });
const WHOLE_GBP = new Intl.NumberFormat("en-GB", { style: "currency", currency: "GBP", maximumFractionDigits: 0 });

/** 123450 → "£1,234.50"; -500 → "-£5.00". */
export function formatMoney(pence: number): string {
  return GBP.format(Math.round(pence) / 100);
}

/** 123450 → "£1,235": for tight spaces such as chart axes and badges. */
export function formatMoneyWhole(pence: number): string {
  return WHOLE_GBP.format(Math.round(pence) / 100);
}

const WHOLE_POUNDS = /^£?\s*(\d{1,3}(?:,\d{3})+|\d+)$/;

/**
 * Strict reading of a price typed in whole pounds (pounds × 100): "450", "£1,200"
 * → pence; anything else (pence, "12.50", "abc", "") → null so the form can say why.
 */
export function penceFromWholePounds(input: string | null | undefined): number | null {
  const match = WHOLE_POUNDS.exec((input ?? "").trim());
  if (!match?.[1]) return null;
  const pounds = Number(match[1].replaceAll(",", ""));
  return Number.isSafeInteger(pounds * 100) ? pounds * 100 : null;
}

/** What an edit form puts back in a whole-pounds box: 45000 → "450". */
export function wholePoundsFromPence(pence: number | null | undefined): string {
  return pence === null || pence === undefined ? "" : String(Math.round(pence / 100));
}
