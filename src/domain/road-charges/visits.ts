import { journeyClock, type Journey, daysSpanned, ukDay } from "./days.ts";
import { crossingsOf, insidePolygon, spanInside } from "./geometry.ts";
import { CROSSINGS, type Crossing, type IsoDay, type LatLngPoint, ZONES, type Zone } from "./zones.ts";

// Which zones a route enters, on which UK days, and which crossings it makes when. The route is the
// router's polyline (a road router's roads, or the offline estimate's straight legs between the
// stops); the days come from spreading the journey evenly between collection and delivery.

export type ZoneVisit = { zone: Zone; days: IsoDay[] };
/** Each crossing of the line in either direction pays: one instant per crossing. */
export type CrossingVisit = { crossing: Crossing; instants: number[] };
export type RouteVisits = { zones: ZoneVisit[]; crossings: CrossingVisit[]; firstDay: IsoDay };

type Bounds = { south: number; north: number; west: number; east: number };

function boundsOf(points: readonly LatLngPoint[]): Bounds {
  const lats = points.map((point) => point[0]);
  const lngs = points.map((point) => point[1]);
  return { south: Math.min(...lats), north: Math.max(...lats), west: Math.min(...lngs), east: Math.max(...lngs) };
}

const overlap = (a: Bounds, b: Bounds) => a.south <= b.north && b.south <= a.north && a.west <= b.east && b.west <= a.east;

/** The segment from a to b is wholly on one side of the box (so it cannot meet what is inside it). */
const clear = (box: Bounds, [aLat, aLng]: LatLngPoint, [bLat, bLng]: LatLngPoint) =>
  (aLat < box.south && bLat < box.south) || (aLat > box.north && bLat > box.north) || (aLng < box.west && bLng < box.west) || (aLng > box.east && bLng > box.east);

/** The UK days the journey spends in the zone, in order (none when the route stays out). */
export function zoneDays(journey: Journey, zone: Zone, clock = journeyClock(journey)): IsoDay[] {
  const { path } = journey;
  if (path.length === 1) return insidePolygon(path[0]!, zone.polygon) ? [ukDay(journey.startMs)] : [];
  const days = new Set<IsoDay>();
  const box = boundsOf(zone.polygon);
  for (let i = 1; i < path.length; i++) {
    // A road router's route has thousands of points: most segments are nowhere near the zone.
    if (clear(box, path[i - 1]!, path[i]!)) continue;
    const span = spanInside(path[i - 1]!, path[i]!, zone.polygon);
    if (span) for (const day of daysSpanned(clock(i - 1, span[0]), clock(i - 1, span[1]))) days.add(day);
  }
  return [...days].sort();
}

export function routeVisits(journey: Journey, zones: readonly Zone[] = ZONES, crossings: readonly Crossing[] = CROSSINGS): RouteVisits {
  const routeBounds = journey.path.length ? boundsOf(journey.path) : null;
  const near = <T>(shape: readonly LatLngPoint[], item: T) => (routeBounds && overlap(routeBounds, boundsOf(shape)) ? [item] : []);
  const clock = journeyClock(journey);
  const zoneVisits = zones
    .flatMap((zone) => near(zone.polygon, zone))
    .map((zone) => ({ zone, days: zoneDays(journey, zone, clock) }))
    .filter((visit) => visit.days.length > 0);
  const crossingVisits = crossings
    .flatMap((crossing) => near(crossing.line, crossing))
    .map((crossing) => ({ crossing, instants: crossingsOf(journey.path, crossing.line).map(({ segment, share }) => clock(segment, share)) }))
    .filter((visit) => visit.instants.length > 0);
  return { zones: zoneVisits, crossings: crossingVisits, firstDay: ukDay(journey.startMs) };
}
