import type { LatLngPoint } from "./zones.ts";

// Where a route meets a zone or a crossing's line. Zones are a few miles across, so latitude and
// longitude are treated as flat coordinates: a straight segment stays straight and an
// intersection stays an intersection under that view, which is all these tests ask.

/** The point is inside the polygon (even-odd rule: a ray from it crosses the edges an odd number of times). */
export function insidePolygon(point: LatLngPoint, polygon: readonly LatLngPoint[]): boolean {
  const [y, x] = point;
  let inside = false;
  for (let i = 0, j = polygon.length - 1; i < polygon.length; j = i++) {
    const [yi, xi] = polygon[i]!;
    const [yj, xj] = polygon[j]!;
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

/**
 * Where segment a→b meets segment c→d: the share (0–1) of the way from a to b, or null when they do
 * not meet (parallel segments never count: a route running exactly along an edge is not across it).
 */
export function segmentsMeet(a: LatLngPoint, b: LatLngPoint, c: LatLngPoint, d: LatLngPoint): number | null {
  const [ry, rx] = [b[0] - a[0], b[1] - a[1]];
  const [sy, sx] = [d[0] - c[0], d[1] - c[1]];
  const denominator = rx * sy - ry * sx;
  if (denominator === 0) return null;
  const [qy, qx] = [c[0] - a[0], c[1] - a[1]];
  const t = (qx * sy - qy * sx) / denominator;
  const u = (qx * ry - qy * rx) / denominator;
  return t >= 0 && t <= 1 && u >= 0 && u <= 1 ? t : null;
}

/**
 * The part of segment a→b inside the polygon, as shares of the way [enter, leave], or null when it
 * never enters. A segment that leaves and comes back counts as inside between (a few hundred metres
 * at most with a road router's points).
 */
export function spanInside(a: LatLngPoint, b: LatLngPoint, polygon: readonly LatLngPoint[]): [number, number] | null {
  const shares: number[] = [];
  if (insidePolygon(a, polygon)) shares.push(0);
  if (insidePolygon(b, polygon)) shares.push(1);
  for (let i = 0, j = polygon.length - 1; i < polygon.length; j = i++) {
    const t = segmentsMeet(a, b, polygon[j]!, polygon[i]!);
    if (t !== null) shares.push(t);
  }
  return shares.length ? [Math.min(...shares), Math.max(...shares)] : null;
}

/** Each place the path crosses the line: the index of the path's segment and the share along it. */
export function crossingsOf(path: readonly LatLngPoint[], line: readonly LatLngPoint[]): { segment: number; share: number }[] {
  const found: { segment: number; share: number }[] = [];
  const lats = line.map((point) => point[0]);
  const lngs = line.map((point) => point[1]);
  const [south, north, west, east] = [Math.min(...lats), Math.max(...lats), Math.min(...lngs), Math.max(...lngs)];
  for (let i = 1; i < path.length; i++) {
    const [[aLat, aLng], [bLat, bLng]] = [path[i - 1]!, path[i]!];
    // Most of a long route is nowhere near the line: a segment wholly to one side of its box is skipped.
    if ((aLat < south && bLat < south) || (aLat > north && bLat > north) || (aLng < west && bLng < west) || (aLng > east && bLng > east)) continue;
    const shares = new Set<number>();
    for (let k = 1; k < line.length; k++) {
      const t = segmentsMeet(path[i - 1]!, path[i]!, line[k - 1]!, line[k]!);
      // A path through a vertex of the line meets both its edges there: one crossing, not two. A
      // point of the path on the line ends one segment and starts the next: it counts at the start.
      if (t !== null && (t < 1 || i === path.length - 1)) shares.add(Math.round(t * 1e9) / 1e9);
    }
    for (const share of [...shares].sort((x, y) => x - y)) found.push({ segment: i - 1, share });
  }
  return found;
}
