import { UK_TIME_ZONE, toDateInputValue, zonedDateTimeToUtc } from "#domain/format/dates.ts";
import { routeOf } from "#domain/loads/stops.ts";

// When a job's journey starts and ends, for counting charging days: the first collection's day and
// window opening, and the last delivery's day and window close, in the job's time zone. A window
// with no time is taken as a working day's start (collection) or end (delivery); a delivery with no
// day is the collection's day; a job with no days at all (a schedule's runs) is priced as one day,
// today, and says so.

export const ASSUMED_COLLECTION_TIME = "08:00";
export const ASSUMED_DELIVERY_TIME = "17:00";

export type TimedPlace = {
  id: number; kind: string; position: number; windowDate: Date | null; windowFrom: string | null; windowTo: string | null;
};
export type JourneyTimes = { startMs: number; endMs: number; datesKnown: boolean };

/** The stored window day ("the day of collection", kept at midnight UTC) as "YYYY-MM-DD". */
const dayOf = (windowDate: Date) => windowDate.toISOString().slice(0, 10);

function instant(day: string, time: string | null, fallback: string, timeZone: string): number | null {
  const local = `${day}T${time && /^\d{2}:\d{2}$/.test(time) ? time : fallback}`;
  return (zonedDateTimeToUtc(local, timeZone) ?? zonedDateTimeToUtc(`${day}T${fallback}`, timeZone))?.getTime() ?? null;
}

export function journeyTimes(places: readonly TimedPlace[], timeZone: string, nowMs: number): JourneyTimes {
  const ordered = routeOf(places);
  const first = ordered.find((place) => place.kind === "pickup" && place.windowDate);
  const last = ordered.findLast((place) => place.kind !== "pickup" && place.windowDate);
  const zone = timeZone || UK_TIME_ZONE;
  const startDay = first?.windowDate ? dayOf(first.windowDate) : last?.windowDate ? dayOf(last.windowDate) : null;
  if (!startDay) {
    const today = toDateInputValue(new Date(nowMs), zone);
    const start = instant(today, null, ASSUMED_COLLECTION_TIME, zone) ?? nowMs;
    return { startMs: start, endMs: instant(today, null, ASSUMED_DELIVERY_TIME, zone) ?? start, datesKnown: false };
  }
  const startMs = instant(startDay, first?.windowFrom ?? null, ASSUMED_COLLECTION_TIME, zone) ?? nowMs;
  const endDay = last?.windowDate ? dayOf(last.windowDate) : startDay;
  const endMs = instant(endDay, last?.windowTo ?? last?.windowFrom ?? null, ASSUMED_DELIVERY_TIME, zone) ?? startMs;
  return { startMs, endMs: Math.max(startMs, endMs), datesKnown: true };
}
