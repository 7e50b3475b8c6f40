import { UK_TIME_ZONE, toDateInputValue, zonedDateTimeToUtc } from "#domain/format/dates.ts";
import { routeOf } from "#domain/loads/stops.ts";

// When a job's journey starts and ends, for counting charging days: the first collection's day and
// window opening, and the last delivery's day and window close, in the job's time zone. A window
// with no time is taken as a working day's start (collection) or end (delivery); a delivery with no
// day is the collection's day; a job with no days at all (a schedule's runs) is priced as one day,
// today, and says so. A delivery before the collection ends at the collection; one more than 31
// days after it, 31 days after it.

export const ASSUMED_COLLECTION_TIME = "08:00";
export const ASSUMED_DELIVERY_TIME = "17:00";

/** No load is on the road longer than this: a later delivery day (a typing slip) is capped here. */
export const MAX_JOURNEY_MS = 31 * 86_400_000;

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

// Asking Intl whether it knows a zone builds a formatter, a large share of pricing one route: asked once a zone.
const zones = new Map<string, string>();

/** The job's time zone when the clock library knows it, else UK time (never an error on a page). */
function knownZone(timeZone: string): string {
  let known = zones.get(timeZone);
  if (known === undefined) {
    if (zones.size >= 1_000) zones.clear();
    zones.set(timeZone, (known = resolvedZone(timeZone)));
  }
  return known;
}

function resolvedZone(timeZone: string): string {
  try {
    return new Intl.DateTimeFormat("en-GB", { timeZone: timeZone || UK_TIME_ZONE }).resolvedOptions().timeZone;
  } catch {
    return UK_TIME_ZONE;
  }
}

export function journeyTimes(places: readonly TimedPlace[], timeZone: string, nowMs: number): JourneyTimes {
  const ordered = routeOf(places);
  const first = ordered.find((place) => place.kind === "pickup" && place.windowDate);
  const last = ordered.findLast((place) => place.kind !== "pickup" && place.windowDate);
  const zone = knownZone(timeZone);
  const startDay = first?.windowDate ? dayOf(first.windowDate) : last?.windowDate ? dayOf(last.windowDate) : null;
  if (!startDay) {
    const today = toDateInputValue(new Date(nowMs), zone);
    const start = instant(today, null, ASSUMED_COLLECTION_TIME, zone) ?? nowMs;
    return { startMs: start, endMs: instant(today, null, ASSUMED_DELIVERY_TIME, zone) ?? start, datesKnown: false };
  }
  const startMs = instant(startDay, first?.windowFrom ?? null, ASSUMED_COLLECTION_TIME, zone) ?? nowMs;
  const endDay = last?.windowDate ? dayOf(last.windowDate) : startDay;
  const endMs = instant(endDay, last?.windowTo ?? last?.windowFrom ?? null, ASSUMED_DELIVERY_TIME, zone) ?? startMs;
  return { startMs, endMs: Math.min(Math.max(startMs, endMs), startMs + MAX_JOURNEY_MS), datesKnown: true };
}
