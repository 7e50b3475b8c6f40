// How quickly a shipper pays: the average number of whole days from an invoice's tax point (the UK
// day of the delivery) to the day it was paid, over the invoices paid in the last 12 months, so an
// old habit fades. The average is rounded to the nearest whole day, a half day up; none paid is null
// (not 0, which would mean paying on the day).

import { addMonths, daysBetween } from "#domain/format/calendar.ts";
import { count } from "#domain/format/count.ts";
import { divideHalfUp } from "./pence.ts";

export type PaidDays = { taxPointDay: string; paidDay: string };

/** The first UK day whose payments count on `today`: the same day 12 months before. */
export const daysToPayFrom = (today: string) => addMonths(today, -12);

/** The average whole days from tax point to payment; a payment before the tax point counts as 0 days. */
export function averageDaysToPay(paid: readonly PaidDays[]): number | null {
  if (!paid.length) return null;
  const total = paid.reduce((sum, invoice) => sum + Math.max(0, daysBetween(invoice.taxPointDay, invoice.paidDay)), 0);
  return divideHalfUp(BigInt(total), BigInt(paid.length));
}

/** "Pays in 23 days on average"; "Pays on the day on average" for 0; null when nothing was paid. */
export function daysToPayText(days: number | null): string | null {
  if (days === null) return null;
  return days === 0 ? "Pays on the day on average" : `Pays in ${count(days, "day")} on average`;
}
