// How billing details read on a page: the invoice groupings a shipper chooses between, a job's
// payment terms (on the job page and the carrier's job board), a sort code written the bank's way.

export const INVOICE_GROUPINGS = [
  { value: "per_load", label: "One invoice per load" },
  { value: "weekly", label: "One invoice per carrier each week" },
] as const;
export type InvoiceGrouping = (typeof INVOICE_GROUPINGS)[number]["value"];
export const INVOICE_GROUPING_VALUES = INVOICE_GROUPINGS.map((option) => option.value) as [
  InvoiceGrouping,
  ...InvoiceGrouping[],
];

/** A shipper's terms until it says otherwise, and the terms of a job posted by one with no billing details. */
export const DEFAULT_PAYMENT_TERMS_DAYS = 30;
export const MIN_PAYMENT_TERMS_DAYS = 1;
/** Beyond four months a term is a typing slip (an extra 0), not a term a carrier should be held to. */
export const MAX_PAYMENT_TERMS_DAYS = 120;

const days = (n: number) => `${n} ${n === 1 ? "day" : "days"}`;

/** The job page's fact: "30 days from delivery"; null for a job posted before terms were kept. */
export function paymentTermsText(termsDays: number | null | undefined): string | null {
  return termsDays ? `${days(termsDays)} from delivery` : null;
}

/** The job board row's line: "Paid in 30 days"; null for a job with no terms (the row shows nothing). */
export function paidInText(termsDays: number | null | undefined): string | null {
  return termsDays ? `Paid in ${days(termsDays)}` : null;
}

/** The job page's "Payment terms" fact, or null when the job has none. */
export function paymentTermsFact(termsDays: number | null | undefined): { label: string; value: string } | null {
  const value = paymentTermsText(termsDays);
  return value ? { label: "Payment terms", value } : null;
}

/** "123456" → "12-34-56", as banks print a sort code; anything else as it is. */
export function formatSortCode(sortCode: string | null | undefined): string {
  if (!sortCode) return "";
  const pairs = /^([0-9]{2})([0-9]{2})([0-9]{2})$/.exec(sortCode);
  return pairs ? pairs.slice(1).join("-") : sortCode;
}

/** "31926819" → "ending 6819": enough to recognise an account on a page that must not show it whole. */
export const accountNumberEnding = (accountNumber: string | null | undefined) =>
  accountNumber ? `ending ${accountNumber.slice(-4)}` : "";
