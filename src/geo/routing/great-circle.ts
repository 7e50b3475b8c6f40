import type { LatLng } from "#domain/maps/polyline.ts";
import { milesBetween } from "#domain/maps/route.ts";

// Points along the great circle (the shortest path over the Earth's surface) between two points, so
// a long straight leg drawn on the map curves as the real shortest path does instead of following a
// line of constant bearing.

const toRadians = (degrees: number) => (degrees * Math.PI) / 180;
const toDegrees = (radians: number) => (radians * 180) / Math.PI;

/** The point `fraction` (0–1) of the way from `a` to `b` along their great circle. */
export function greatCirclePoint(a: LatLng, b: LatLng, fraction: number): LatLng {
  const [lat1, lng1, lat2, lng2] = [toRadians(a[0]), toRadians(a[1]), toRadians(b[0]), toRadians(b[1])];
  const h = Math.sin((lat2 - lat1) / 2) ** 2 + Math.cos(lat1) * Math.cos(lat2) * Math.sin((lng2 - lng1) / 2) ** 2;
  const angle = 2 * Math.asin(Math.min(1, Math.sqrt(h)));
  // Same or opposite points have no one great circle; a straight blend is as good as any there.
  if (Math.sin(angle) < 1e-12) return [a[0] + (b[0] - a[0]) * fraction, a[1] + (b[1] - a[1]) * fraction];
  const wa = Math.sin((1 - fraction) * angle) / Math.sin(angle);
  const wb = Math.sin(fraction * angle) / Math.sin(angle);
  const x = wa * Math.cos(lat1) * Math.cos(lng1) + wb * Math.cos(lat2) * Math.cos(lng2);
  const y = wa * Math.cos(lat1) * Math.sin(lng1) + wb * Math.cos(lat2) * Math.sin(lng2);
  const z = wa * Math.sin(lat1) + wb * Math.sin(lat2);
  return [toDegrees(Math.atan2(z, Math.hypot(x, y))), toDegrees(Math.atan2(y, x))];
}

/**
 * The stops joined by great-circle legs: every stop exactly as given, and between two stops evenly
 * spaced points no more than `spacingMiles` apart.
 */
export function greatCirclePath(stops: readonly LatLng[], spacingMiles: number): LatLng[] {
  if (stops.length === 0) return [];
  const points: LatLng[] = [stops[0]!];
  for (let i = 1; i < stops.length; i++) {
    const [from, to] = [stops[i - 1]!, stops[i]!];
    const steps = Math.ceil(milesBetween(from, to) / spacingMiles);
    for (let step = 1; step < steps; step++) points.push(greatCirclePoint(from, to, step / steps));
    points.push(to);
  }
  return points;
}
