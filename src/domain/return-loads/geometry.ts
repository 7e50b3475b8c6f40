import { milesBetween } from "#domain/maps/route.ts";

// Where a return load may collect: within a radius (in miles) of the point where the lorry is
// empty. The database is asked for a latitude/longitude box around that point first (an index
// range), and only the rows inside it are measured exactly (great-circle miles, as the map does).

export type Point = { latitude: number; longitude: number };
export type Box = { minLatitude: number; maxLatitude: number; minLongitude: number; maxLongitude: number };

/** Miles along one degree of latitude (everywhere), from the Earth radius the map's distances use. */
export const MILES_PER_DEGREE_LATITUDE = (3958.7613 * Math.PI) / 180;

/** Great-circle miles between two points. */
export function milesApart(a: Point, b: Point): number {
  return milesBetween([a.latitude, a.longitude], [b.latitude, b.longitude]);
}

/**
 * The smallest latitude/longitude box holding every point within `radiusMiles` of `centre`: a
 * degree of longitude shrinks towards the poles, so the box is widened by the edge nearer the pole
 * (where a degree is shortest). Near a pole, or across the 180th meridian, every longitude is kept.
 */
export function boundingBox(centre: Point, radiusMiles: number): Box {
  const latitudeSpan = radiusMiles / MILES_PER_DEGREE_LATITUDE;
  const minLatitude = Math.max(-90, centre.latitude - latitudeSpan);
  const maxLatitude = Math.min(90, centre.latitude + latitudeSpan);
  const polewardCos = Math.cos((Math.max(Math.abs(minLatitude), Math.abs(maxLatitude)) * Math.PI) / 180);
  const longitudeSpan = polewardCos > 1e-9 ? latitudeSpan / polewardCos : 360;
  if (longitudeSpan >= 180 || Math.abs(centre.longitude) + longitudeSpan > 180) {
    return { minLatitude, maxLatitude, minLongitude: -180, maxLongitude: 180 };
  }
  return { minLatitude, maxLatitude, minLongitude: centre.longitude - longitudeSpan, maxLongitude: centre.longitude + longitudeSpan };
}

/** The point is inside the box (edges included). */
export function inBox(box: Box, point: Point): boolean {
  return point.latitude >= box.minLatitude && point.latitude <= box.maxLatitude
    && point.longitude >= box.minLongitude && point.longitude <= box.maxLongitude;
}
