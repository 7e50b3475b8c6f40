// Arithmetic on calendar dates written as ISO "yyyy-mm-dd" and months as "yyyy-mm". A calendar date
// has no time zone: a collection on 3 March is 3 March wherever the server runs.

const MS_PER_DAY = 86_400_000;

export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

function pad(n: number, width = 2): string {
  return String(n).padStart(width, "0");
}

export function isoDateFromParts(year: number, month: number, day: number): string {
  return `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
}

function parts(isoDate: string): [number, number, number] {
  const [year, month, day] = isoDate.split("-").map(Number);
  return [year ?? Number.NaN, month ?? Number.NaN, day ?? Number.NaN];
}

function toUtcMs(isoDate: string): number {
  const [year, month, day] = parts(isoDate);
  return Date.UTC(year, month - 1, day);
}

function fromUtcMs(ms: number): string {
  const date = new Date(ms);
  return isoDateFromParts(date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate());
}

export function addDays(isoDate: string, days: number): string {
  return fromUtcMs(toUtcMs(isoDate) + days * MS_PER_DAY);
}

/** Same day of the month `months` later, or that month's last day when it is shorter (31 Jan → 28 Feb). */
export function addMonths(isoDate: string, months: number): string {
  const [year, month, dayOfMonth] = parts(isoDate);
  const index = year * 12 + (month - 1) + months;
  const targetYear = Math.floor(index / 12);
  const targetMonth = (index % 12) + 1;
  return isoDateFromParts(targetYear, targetMonth, Math.min(dayOfMonth, daysInMonth(targetYear, targetMonth)));
}

/** 0 = Sunday … 6 = Saturday. */
export function dayOfWeek(isoDate: string): number {
  return new Date(toUtcMs(isoDate)).getUTCDay();
}

/** "2027-03-14" → "2027-03". */
export function monthOf(isoDate: string): string {
  return isoDate.slice(0, 7);
}

export function daysBetween(fromIsoDate: string, toIsoDate: string): number {
  return Math.round((toUtcMs(toIsoDate) - toUtcMs(fromIsoDate)) / MS_PER_DAY);
}
