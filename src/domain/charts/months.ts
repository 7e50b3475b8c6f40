// Chart months are calendar months in Europe/London: a load delivered at 23:30 on 31 March (BST,
// 22:30 UTC) was delivered in March. The database keeps UTC instants, so each month is handed to
// it as the pair of instants where London's month starts and ends, and it buckets between them.

import { addMonths } from "#domain/format/calendar.ts";
import { MONTH_NAMES, toDateInputValue, zonedDateTimeToUtc } from "#domain/format/dates.ts";

/** A month "yyyy-mm" with the UTC instants (ms) of its London start and end, and of its calendar
 * dates as stored (UTC midnight of the 1st, of the next month's 1st). */
export type MonthBucket = { month: string; startsAt: number; endsAt: number; firstDay: number; nextFirstDay: number };

export const MONTH_PATTERN = /^(\d{4})-(0[1-9]|1[0-2])$/;

/** The London month an instant falls in. */
export const monthOfInstant = (instant: Date): string => toDateInputValue(instant).slice(0, 7);

export const addToMonth = (month: string, months: number): string => addMonths(`${month}-01`, months).slice(0, 7);

/** `count` months ending with `last`, oldest first. */
export function monthsEndingWith(last: string, count: number): string[] {
  return Array.from({ length: count }, (_, index) => addToMonth(last, index - count + 1));
}

/** Months from `from` to `to` inclusive ([] when `to` is before `from`). */
export function monthsBetween(from: string, to: string): string[] {
  const months: string[] = [];
  for (let month = from; month <= to; month = addToMonth(month, 1)) months.push(month);
  return months;
}

const londonMidnight = (month: string) => zonedDateTimeToUtc(`${month}-01T00:00`)!.getTime();
const utcMidnight = (month: string) => Date.parse(`${month}-01T00:00:00.000Z`);

export function monthBucket(month: string): MonthBucket {
  const next = addToMonth(month, 1);
  return { month, startsAt: londonMidnight(month), endsAt: londonMidnight(next), firstDay: utcMidnight(month), nextFirstDay: utcMidnight(next) };
}

/** "2026-03" → "Mar 2026": short enough for an axis. */
export function shortMonthLabel(month: string): string {
  const [year, number] = month.split("-").map(Number);
  return `${MONTH_NAMES[(number ?? 1) - 1]!.slice(0, 3)} ${year}`;
}

const lastSundayOf = (year: number, monthIndex: number) => {
  const last = new Date(Date.UTC(year, monthIndex + 1, 0));
  return Date.UTC(year, monthIndex, last.getUTCDate() - last.getUTCDay());
};

/**
 * The calendar days (as stored: UTC midnight) whose London midnight is in summer time, for one
 * year: after the last Sunday of March up to and including the last Sunday of October (clocks
 * change at 01:00 UTC on those Sundays, so the March one starts at GMT midnight, the October one
 * at BST midnight). A day D ends in London at D + 24 h, less an hour when D + 1 is such a day.
 */
export function summerTimeDays(year: number): { after: number; through: number } {
  return { after: lastSundayOf(year, 2), through: lastSundayOf(year, 9) };
}
