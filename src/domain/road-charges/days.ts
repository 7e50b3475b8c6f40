import { addDays, daysBetween } from "#domain/format/calendar.ts";
import { UK_TIME_ZONE, toDateTimeLocalValue } from "#domain/format/dates.ts";
import { milesBetween } from "#domain/maps/route.ts";
import type { IsoDay, LatLngPoint } from "./zones.ts";

// When the vehicle is where on its route. A charging day runs midnight to midnight UK time
// (Europe/London, so British Summer Time counts), and a load pays for each calendar day it is in a
// zone. Between collection and delivery the journey is spread evenly over the route's miles: the
// moment the route meets a zone is estimated from how far along the route it is.

/** The UK calendar day of an instant: "2026-03-29". */
export const ukDay = (ms: number): IsoDay => toDateTimeLocalValue(new Date(ms), UK_TIME_ZONE).slice(0, 10);

/** The UK clock hour (0–23) at an instant. */
export const ukHour = (ms: number): number => Number(toDateTimeLocalValue(new Date(ms), UK_TIME_ZONE).slice(11, 13));

/** Every UK calendar day from the day of `fromMs` to the day of `toMs`, both included. */
export function daysSpanned(fromMs: number, toMs: number): IsoDay[] {
  const [first, last] = [ukDay(Math.min(fromMs, toMs)), ukDay(Math.max(fromMs, toMs))];
  return Array.from({ length: daysBetween(first, last) + 1 }, (_, n) => addDays(first, n));
}

/** The instants a route starts and ends: collection and delivery. */
export type Journey = { path: readonly LatLngPoint[]; startMs: number; endMs: number };

/** A function giving the instant at a share of the way along one of the path's segments. */
export type Clock = (segment: number, share: number) => number;

export function journeyClock({ path, startMs, endMs }: Journey): Clock {
  const reached = [0];
  for (let i = 1; i < path.length; i++) reached.push(reached[i - 1]! + milesBetween(path[i - 1]!, path[i]!));
  const total = reached.at(-1) ?? 0;
  return (segment, share) => {
    if (total === 0) return startMs;
    const before = reached[segment] ?? 0;
    const after = reached[segment + 1] ?? before;
    return startMs + ((endMs - startMs) * (before + (after - before) * share)) / total;
  };
}
