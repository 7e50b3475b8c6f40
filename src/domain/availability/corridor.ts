import { type Box, MILES_PER_DEGREE_LATITUDE, boundingBox, milesApart, type Point } from "#domain/return-loads/geometry.ts";

// The corridor of a planned empty journey: the straight line from where the vehicle is free to where
// it is heading, and every place within CORRIDOR_MILES of it. Distances to the line are measured on a
// flat map centred on the three points (a degree of longitude shortened by the cosine of their mean
// latitude): across Great Britain that is within a mile or two of the great circle, plenty for
// "within 15 miles". Miles between two places are great-circle miles, as the maps show.

/** How far off the straight route a collection may be. */
export const CORRIDOR_MILES = 15;

export type Segment = { from: Point; to: Point };
/** Where a place is relative to the route: miles off it, and miles along it to the nearest point. */
export type OffRoute = { offMiles: number; alongMiles: number };

/** The place's distance from the segment (to its nearest point, an end when it lies beyond one). */
export function offRoute(route: Segment, place: Point): OffRoute {
  const cos = Math.cos((((route.from.latitude + route.to.latitude + place.latitude) / 3) * Math.PI) / 180);
  const flat = (p: Point) => ({ x: p.longitude * cos * MILES_PER_DEGREE_LATITUDE, y: p.latitude * MILES_PER_DEGREE_LATITUDE });
  const [a, b, p] = [flat(route.from), flat(route.to), flat(place)];
  const [dx, dy] = [b.x - a.x, b.y - a.y];
  const lengthSquared = dx * dx + dy * dy;
  // A journey that starts and ends in one place is a point: the distance to it.
  const t = lengthSquared === 0 ? 0 : Math.min(1, Math.max(0, ((p.x - a.x) * dx + (p.y - a.y) * dy) / lengthSquared));
  const [nx, ny] = [a.x + t * dx, a.y + t * dy];
  return { offMiles: Math.hypot(p.x - nx, p.y - ny), alongMiles: t * Math.sqrt(lengthSquared) };
}

/** The collection is within the corridor's width of the route (edge included). */
export function inCorridor(route: Segment, place: Point, widthMiles = CORRIDOR_MILES): boolean {
  return offRoute(route, place).offMiles <= widthMiles;
}

/**
 * The route's box widened by the corridor on every side: both ends' boxes joined. A place within the
 * corridor is within its width of some point of the segment, and that point lies between the ends.
 */
export function corridorBox(route: Segment, widthMiles = CORRIDOR_MILES): Box {
  const [a, b] = [boundingBox(route.from, widthMiles), boundingBox(route.to, widthMiles)];
  return {
    minLatitude: Math.min(a.minLatitude, b.minLatitude), maxLatitude: Math.max(a.maxLatitude, b.maxLatitude),
    minLongitude: Math.min(a.minLongitude, b.minLongitude), maxLongitude: Math.max(a.maxLongitude, b.maxLongitude),
  };
}

/** Two boxes overlap (touching counts). */
export function boxesOverlap(a: Box, b: Box): boolean {
  return a.minLatitude <= b.maxLatitude && b.minLatitude <= a.maxLatitude && a.minLongitude <= b.maxLongitude && b.minLongitude <= a.maxLongitude;
}

/** The extra miles of calling at the collection on the way: from → collection → to, less from → to. */
export function detourMiles(route: Segment, place: Point): number {
  return Math.max(0, milesApart(route.from, place) + milesApart(place, route.to) - milesApart(route.from, route.to));
}
