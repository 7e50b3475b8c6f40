import type { LatLng } from "#domain/maps/polyline.ts";

// Distances and progress along a route, in miles: great-circle (haversine) legs between the route's
// points. Shared by the server (ETA, arrival) and the map island (the progress marker).

const EARTH_RADIUS_MILES = 3958.7613;
const toRadians = (degrees: number) => (degrees * Math.PI) / 180;

/** Miles between two points along the Earth's surface. */
export function milesBetween(a: LatLng, b: LatLng): number {
  const dLat = toRadians(b[0] - a[0]);
  const dLng = toRadians(b[1] - a[1]);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(toRadians(a[0])) * Math.cos(toRadians(b[0])) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** The route's length in miles (0 for fewer than two points). */
export function routeMiles(route: readonly LatLng[]): number {
  let miles = 0;
  for (let i = 1; i < route.length; i++) miles += milesBetween(route[i - 1]!, route[i]!);
  return miles;
}

/**
 * The point `percent` (0–100, clamped) of the way along the route, measured in miles; null for a
 * route of fewer than two points, which has no way along it.
 */
export function pointAlong(route: readonly LatLng[], percent: number): LatLng | null {
  if (route.length < 2) return null;
  if (percent <= 0) return route[0]!;
  if (percent >= 100) return route[route.length - 1]!;
  const target = (routeMiles(route) * percent) / 100;
  let travelled = 0;
  for (let i = 1; i < route.length; i++) {
    const [from, to] = [route[i - 1]!, route[i]!];
    const leg = milesBetween(from, to);
    if (travelled + leg >= target && leg > 0) {
      const share = (target - travelled) / leg;
      return [from[0] + (to[0] - from[0]) * share, from[1] + (to[1] - from[1]) * share];
    }
    travelled += leg;
  }
  return route[route.length - 1]!;
}

/**
 * Where a position falls on one leg, 0–1: its projection onto the leg, on a flat map whose
 * longitudes are narrowed by the cosine of the latitude (true enough within a leg of a UK route).
 */
function shareOfLeg(from: LatLng, to: LatLng, position: LatLng): number {
  const narrowing = Math.cos(toRadians((from[0] + to[0]) / 2));
  const [dx, dy] = [(to[1] - from[1]) * narrowing, to[0] - from[0]];
  const [px, py] = [(position[1] - from[1]) * narrowing, position[0] - from[0]];
  const length = dx * dx + dy * dy;
  return length === 0 ? 0 : Math.min(1, Math.max(0, (px * dx + py * dy) / length));
}

/**
 * How far along the route a position is, 0–100, in miles: the position is placed at the nearest
 * point of the nearest leg. null for a route of fewer than two points.
 */
export function progressAt(route: readonly LatLng[], position: LatLng): number | null {
  if (route.length < 2) return null;
  const total = routeMiles(route);
  if (total === 0) return 100;
  let best = { distance: Infinity, milesDone: 0 };
  let travelled = 0;
  for (let i = 1; i < route.length; i++) {
    const [from, to] = [route[i - 1]!, route[i]!];
    const leg = milesBetween(from, to);
    const share = shareOfLeg(from, to, position);
    const nearest: LatLng = [from[0] + (to[0] - from[0]) * share, from[1] + (to[1] - from[1]) * share];
    const distance = milesBetween(nearest, position);
    if (distance < best.distance) best = { distance, milesDone: travelled + leg * share };
    travelled += leg;
  }
  return (best.milesDone / total) * 100;
}
