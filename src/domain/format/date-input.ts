// Strict readers for dates and times typed into forms. Each answers a normalised string, or null when
// the text is not exactly the expected format or names a day that does not exist (31/02/2027).

import { daysInMonth, isoDateFromParts } from "./calendar.ts";

const UK_DATE = /^(\d{2})\/(\d{2})\/(\d{4})$/;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME_OF_DAY = /^([01]\d|2[0-3]):([0-5]\d)(?::[0-5]\d(?:\.\d{1,3})?)?$/;
const DATE_TIME_LOCAL = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2}(?::\d{2}(?:\.\d{1,3})?)?)$/;

function calendarDate(year: number, month: number, day: number): string | null {
  if (year < 1000 || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null;
  return isoDateFromParts(year, month, day);
}

/** "14/03/2027" → "2027-03-14". Exactly two-digit day and month and a four-digit year. */
export function parseUkDate(value: string | null | undefined): string | null {
  const match = UK_DATE.exec((value ?? "").trim());
  return match ? calendarDate(Number(match[3]), Number(match[2]), Number(match[1])) : null;
}

/** "2027-03-14" (what `<input type="date">` posts) → the same string, if that day exists. */
export function parseIsoDate(value: string | null | undefined): string | null {
  const match = ISO_DATE.exec((value ?? "").trim());
  return match ? calendarDate(Number(match[1]), Number(match[2]), Number(match[3])) : null;
}

/** Either form above; both are unambiguous, so a date picker and typed text both work. */
export function parseDateInput(value: string | null | undefined): string | null {
  return parseIsoDate(value) ?? parseUkDate(value);
}

/** "09:30" or "09:30:00" (what `<input type="time">` posts) → "09:30". */
export function parseTimeOfDay(value: string | null | undefined): string | null {
  const match = TIME_OF_DAY.exec((value ?? "").trim());
  return match ? `${match[1]}:${match[2]}` : null;
}

/** "2027-03-14T09:30" (what `<input type="datetime-local">` posts) → that wall-clock time, normalised. */
export function parseDateTimeLocal(value: string | null | undefined): string | null {
  const match = DATE_TIME_LOCAL.exec((value ?? "").trim());
  if (!match) return null;
  const date = parseIsoDate(match[1]);
  const time = parseTimeOfDay(match[2]);
  return date && time ? `${date}T${time}` : null;
}

export function isValidTimeZone(timeZone: string | null | undefined): boolean {
  if (!timeZone) return false;
  try {
    new Intl.DateTimeFormat("en-GB", { timeZone });
    return true;
  } catch {
    return false;
  }
}
