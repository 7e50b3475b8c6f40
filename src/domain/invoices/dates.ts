// An invoice's dates are calendar days in the UK (Europe/London), written "yyyy-mm-dd".
//
// Due date: the tax point (the time of supply, VAT Notice 700 "Time of supply") plus the terms in
// calendar days, weekends and bank holidays included. Where no terms were agreed the Late Payment of
// Commercial Debts (Interest) Act 1998 makes a payment late after 30 days, hence the default.
//
// Overdue: a debt paid on its due date is on time; it is overdue from the next day, the day
// statutory interest starts to run (the Act, s.4: "the day after the relevant date").

import { addDays, daysBetween } from "#domain/format/calendar.ts";
import { parseIsoDate } from "#domain/format/date-input.ts";
import { UK_TIME_ZONE, toDateInputValue } from "#domain/format/dates.ts";
import { assertNonNegativeWhole } from "./pence.ts";

/** The Act's default period, and BillingDetails.paymentTermsDays' default. */
export const DEFAULT_PAYMENT_TERMS_DAYS = 30;

function assertDate(isoDate: string, name: string): void {
  if (parseIsoDate(isoDate) !== isoDate) throw new RangeError(`${name} must be a date written yyyy-mm-dd, not ${JSON.stringify(isoDate)}`);
}

/** The UK calendar day of an instant: 2027-06-30T23:30Z is 1 July in London (summer time). */
export function ukDate(instant: Date): string {
  return toDateInputValue(instant, UK_TIME_ZONE);
}

/** Tax point + terms days: ("2027-01-31", 30) → "2027-03-02". */
export function dueDate(taxPoint: string, termsDays: number): string {
  assertDate(taxPoint, "taxPoint");
  assertNonNegativeWhole(termsDays, "termsDays");
  return addDays(taxPoint, termsDays);
}

/** True from the day after the due date. */
export function isOverdue(due: string, today: string): boolean {
  return daysLate(due, today) > 0;
}

/** Whole days since the due date: 0 on or before it, 1 on the day after, and so on. */
export function daysLate(due: string, today: string): number {
  assertDate(due, "due");
  assertDate(today, "today");
  return Math.max(0, daysBetween(due, today));
}
