// A contract job breaks its estimated loads down per month, from the month of the start
// date for as many months as the contract duration gives. one_year_plus_one counts 12: the option
// year is not estimated until it is taken up.

import { addDays, addMonths, monthOf } from "#domain/format/calendar.ts";
import { parseDateInput } from "#domain/format/date-input.ts";
import { formatMonthYear } from "#domain/format/dates.ts";

export const CONTRACT_DURATION_MONTHS = { six_months: 6, one_year: 12, one_year_plus_one: 12, two_years: 24 } as const;
export type ContractDurationKey = keyof typeof CONTRACT_DURATION_MONTHS;

export const SPECIFY_DATES_FIRST = "Specify start/end date first";

export type ContractMonth = { month: string; label: string };

/** Thrown with SPECIFY_DATES_FIRST as its message; the browser shows it in an alert. */
export class ContractMonthsInputError extends Error {
  constructor() {
    super(SPECIFY_DATES_FIRST);
    this.name = "ContractMonthsInputError";
  }
}

export function contractMonthsFor(duration: string | null | undefined): number | null {
  return duration && Object.hasOwn(CONTRACT_DURATION_MONTHS, duration)
    ? CONTRACT_DURATION_MONTHS[duration as ContractDurationKey]
    : null;
}

/**
 * The month rows of the breakdown: [{ month: "2027-03", label: "March 2027" }, …].
 * `startDate` is dd/mm/yyyy (as people write it) or yyyy-mm-dd (as a date input posts it).
 * Throws ContractMonthsInputError when the start date or the duration is missing or unreadable.
 */
export function contractMonths(startDate: string | null | undefined, duration: string | null | undefined): ContractMonth[] {
  const start = parseDateInput(startDate);
  const count = contractMonthsFor(duration);
  if (!start || count === null) throw new ContractMonthsInputError();
  const firstOfMonth = `${monthOf(start)}-01`;
  return Array.from({ length: count }, (_, index) => {
    const month = monthOf(addMonths(firstOfMonth, index));
    return { month, label: formatMonthYear(month) };
  });
}

/** The last day the estimates cover: the day before the start date plus the duration's months. */
export function contractEndDate(startDate: string | null | undefined, duration: string | null | undefined): string | null {
  const start = parseDateInput(startDate);
  const count = contractMonthsFor(duration);
  return start && count !== null ? addDays(addMonths(start, count), -1) : null;
}
