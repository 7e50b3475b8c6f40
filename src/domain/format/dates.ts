// en-GB date formatting, in Europe/London unless told otherwise. Month names come from fixed lists
// rather than Intl so the server and every browser print exactly the same text ("Sep", not "Sept").

import { isoDateFromParts } from "./calendar.ts";
import { parseDateTimeLocal, parseIsoDate } from "./date-input.ts";

export const UK_TIME_ZONE = "Europe/London";

export const MONTH_NAMES = [
  "January", "February", "March", "April", "May", "June",
  "July", "August", "September", "October", "November", "December",
] as const;
const SHORT_MONTH_NAMES = MONTH_NAMES.map((name) => name.slice(0, 3));

/** A moment: a Date, epoch milliseconds, or an ISO timestamp. A bare "yyyy-mm-dd" is a calendar date. */
export type DateLike = Date | number | string;

type WallClock = { year: number; month: number; day: number; hour: number; minute: number };

const partFormatters = new Map<string, Intl.DateTimeFormat>();

// Reading a wall clock through Intl (formatToParts) is slow next to everything else a page does, and
// a page reads the same few instants again and again (a board's 20 jobs share a handful of dates).
// So the clock of each instant is remembered, by time zone and exact millisecond: the answer for an
// instant never changes. At most KEPT_CLOCKS per zone; when full, it starts again.
const KEPT_CLOCKS = 5_000;
const keptClocks = new Map<string, Map<number, Readonly<WallClock>>>();

function wallClock(instant: Date, timeZone: string): Readonly<WallClock> {
  let kept = keptClocks.get(timeZone);
  if (!kept) keptClocks.set(timeZone, (kept = new Map()));
  const ms = instant.getTime();
  let clock = kept.get(ms);
  if (!clock) {
    if (kept.size >= KEPT_CLOCKS) kept.clear();
    clock = Object.freeze(readWallClock(instant, timeZone));
    kept.set(ms, clock);
  }
  return clock;
}

function readWallClock(instant: Date, timeZone: string): WallClock {
  let formatter = partFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-GB", {
      timeZone, hourCycle: "h23", year: "numeric", month: "numeric", day: "numeric", hour: "numeric", minute: "numeric",
    });
    partFormatters.set(timeZone, formatter);
  }
  const parts = Object.fromEntries(formatter.formatToParts(instant).map((part) => [part.type, Number(part.value)]));
  return { year: parts.year ?? 0, month: parts.month ?? 0, day: parts.day ?? 0, hour: parts.hour ?? 0, minute: parts.minute ?? 0 };
}

function calendarOrWallClock(value: DateLike, timeZone: string): Readonly<WallClock> | null {
  if (typeof value === "string") {
    const calendarDate = parseIsoDate(value);
    if (calendarDate) {
      const [year, month, day] = calendarDate.split("-").map(Number);
      return { year: year ?? 0, month: month ?? 0, day: day ?? 0, hour: 0, minute: 0 };
    }
  }
  const instant = value instanceof Date ? value : new Date(value);
  return Number.isNaN(instant.getTime()) ? null : wallClock(instant, timeZone);
}

function pad(n: number): string {
  return String(n).padStart(2, "0");
}

/** "3 Mar 2027"; "" for a missing or unreadable value. */
export function formatDate(value: DateLike | null | undefined, timeZone = UK_TIME_ZONE): string {
  const clock = value === null || value === undefined ? null : calendarOrWallClock(value, timeZone);
  return clock ? `${clock.day} ${SHORT_MONTH_NAMES[clock.month - 1]} ${clock.year}` : "";
}

/** "3 March 2027". */
export function formatLongDate(value: DateLike | null | undefined, timeZone = UK_TIME_ZONE): string {
  const clock = value === null || value === undefined ? null : calendarOrWallClock(value, timeZone);
  return clock ? `${clock.day} ${MONTH_NAMES[clock.month - 1]} ${clock.year}` : "";
}

/** "14:05" (24-hour clock). */
export function formatTime(value: DateLike | null | undefined, timeZone = UK_TIME_ZONE): string {
  const clock = value === null || value === undefined ? null : calendarOrWallClock(value, timeZone);
  return clock ? `${pad(clock.hour)}:${pad(clock.minute)}` : "";
}

/** "3 Mar 2027, 14:05". */
export function formatDateTime(value: DateLike | null | undefined, timeZone = UK_TIME_ZONE): string {
  const date = formatDate(value, timeZone);
  return date ? `${date}, ${formatTime(value, timeZone)}` : "";
}

/** "2027-03" → "March 2027" (British English long month and year). */
export function formatMonthYear(month: string): string {
  const [year, monthNumber] = month.split("-").map(Number);
  const name = MONTH_NAMES[(monthNumber ?? 0) - 1];
  return name && year ? `${name} ${year}` : "";
}

/** The value for `<input type="date">`: the calendar day of `instant` in `timeZone`. */
export function toDateInputValue(instant: Date, timeZone = UK_TIME_ZONE): string {
  const clock = wallClock(instant, timeZone);
  return isoDateFromParts(clock.year, clock.month, clock.day);
}

/** The value for `<input type="datetime-local">`: "2027-03-03T14:05" in `timeZone`. */
export function toDateTimeLocalValue(instant: Date, timeZone = UK_TIME_ZONE): string {
  const clock = wallClock(instant, timeZone);
  return `${isoDateFromParts(clock.year, clock.month, clock.day)}T${pad(clock.hour)}:${pad(clock.minute)}`;
}

function offsetMs(instantMs: number, timeZone: string): number {
  const clock = wallClock(new Date(instantMs), timeZone);
  const asUtc = Date.UTC(clock.year, clock.month - 1, clock.day, clock.hour, clock.minute);
  return asUtc - Math.floor(instantMs / 60_000) * 60_000;
}

/**
 * The instant at which clocks in `timeZone` show `local` ("2027-03-14T09:30"), or null if unreadable.
 * A time skipped by the spring clock change reads as the hour after; a repeated autumn time as the second (GMT).
 */
export function zonedDateTimeToUtc(local: string, timeZone = UK_TIME_ZONE): Date | null {
  const normalised = parseDateTimeLocal(local);
  if (!normalised) return null;
  const [date = "", time = ""] = normalised.split("T");
  const [year, month, day] = date.split("-").map(Number);
  const [hour, minute] = time.split(":").map(Number);
  const asUtc = Date.UTC(year ?? 0, (month ?? 1) - 1, day ?? 1, hour ?? 0, minute ?? 0);
  const guess = asUtc - offsetMs(asUtc, timeZone);
  const corrected = asUtc - offsetMs(guess, timeZone);
  return new Date(corrected);
}
