import { geocoder } from "#geo/index.server.ts";

// Where a phone was, said in words: the known town nearest the point (the offline gazetteer's reverse
// lookup, the one "Pin the point on a map" uses), never raw coordinates.

export const NO_TOWN_NEAR = "away from any town we know";

/** "near Leeds, England, UK", or NO_TOWN_NEAR when no known town is within 30 km. */
export async function placeNear(point: { latitude: number; longitude: number }): Promise<string> {
  const place = await geocoder().nearest?.(point.latitude, point.longitude);
  return place ? `near ${place.label}` : NO_TOWN_NEAR;
}

/** placeNear for a position that may be unknown: "" without one. */
export const placeNearOrNone = (point: { latitude: number | null; longitude: number | null } | null) =>
  point && point.latitude !== null && point.longitude !== null ? placeNear({ latitude: point.latitude, longitude: point.longitude }) : Promise.resolve("");
