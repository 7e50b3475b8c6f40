import { addDays } from "#domain/format/calendar.ts";
import { toDateInputValue, zonedDateTimeToUtc } from "#domain/format/dates.ts";
import { offRoute, type Segment } from "./corridor.ts";
import type { Point } from "#domain/return-loads/geometry.ts";

// When the vehicle can be at a collection. It leaves `from` at the time it is free and drives at the
// planning speed along the route to the point nearest the collection, then off the route to it (never
// shorter than the straight line, so the estimate errs on the late side). It reaches a collection day
// when it arrives before that UK day ends, and the day is not after the day it must be at `to`.

/** Planning speed for an empty lorry, stops and traffic included. */
export const PLANNING_MPH = 45;
const HOUR_MS = 3_600_000;

export type Journey = Segment & { availableFrom: Date; availableUntil: Date };

/** Miles driven from the start to the collection: along the route, then off it. */
export function milesToCollection(route: Segment, place: Point): number {
  const { offMiles, alongMiles } = offRoute(route, place);
  return alongMiles + offMiles;
}

/** When the vehicle arrives at the collection, leaving at `availableFrom`. */
export function arrivalAt(journey: Journey, place: Point): Date {
  return new Date(journey.availableFrom.getTime() + (milesToCollection(journey, place) / PLANNING_MPH) * HOUR_MS);
}

/** The first instant after a UK calendar day ("2027-03-03"): the next day's midnight in the UK. */
export const endOfUkDay = (day: string): Date => zonedDateTimeToUtc(`${addDays(day, 1)}T00:00`)!;

/** A stored collection day (midnight UTC of the date) as its calendar date. */
export const calendarDay = (stored: Date): string => stored.toISOString().slice(0, 10);

/** The vehicle gets to the collection on its day: arriving before the day ends, the day not after the journey's last. */
export function reachable(journey: Journey, place: Point, collectionDay: Date): boolean {
  const day = calendarDay(collectionDay);
  if (day > toDateInputValue(journey.availableUntil)) return false;
  return arrivalAt(journey, place) < endOfUkDay(day);
}

/**
 * The stored collection days a journey may reach, as a half-open range of stored dates: from the UK
 * day it is free to the UK day it must arrive. The database reads this range first.
 */
export function collectionDays(journey: Pick<Journey, "availableFrom" | "availableUntil">): { from: Date; before: Date } {
  return {
    from: new Date(`${toDateInputValue(journey.availableFrom)}T00:00:00Z`),
    before: new Date(`${addDays(toDateInputValue(journey.availableUntil), 1)}T00:00:00Z`),
  };
}

type StoredJourney = { fromLatitude: number; fromLongitude: number; toLatitude: number; toLongitude: number; availableFrom: Date; availableUntil: Date };

/** A stored journey as these rules read it. */
export const journeyOf = (row: StoredJourney): Journey => ({
  from: { latitude: row.fromLatitude, longitude: row.fromLongitude },
  to: { latitude: row.toLatitude, longitude: row.toLongitude },
  availableFrom: row.availableFrom,
  availableUntil: row.availableUntil,
});
