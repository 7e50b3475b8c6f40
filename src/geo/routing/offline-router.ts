import type { LatLng } from "#domain/maps/polyline.ts";
import { routeMiles } from "#domain/maps/route.ts";
import { greatCirclePath } from "./great-circle.ts";
import type { RoutePlan, RouteProvider } from "./provider.ts";

/**
 * Roads wind: across Great Britain the distance by road is typically about 1.2 times the straight
 * line between two places, so the straight-line miles are multiplied by this to estimate road miles.
 * An estimate only (docs/routing.md); a road router replaces it when one is configured.
 */
export const ROAD_DETOUR_FACTOR = 1.2;

/** Drawn legs get a point at least every 25 miles, enough for a long leg to curve smoothly. */
export const GREAT_CIRCLE_SPACING_MILES = 25;

/** Routes worked out with no service: great-circle legs between the stops and a detour factor. Pure. */
export class OfflineRouter implements RouteProvider {
  readonly name = "offline";

  async route(stops: readonly LatLng[]): Promise<RoutePlan | null> {
    return estimateRoute(stops);
  }
}

/** The offline estimate, synchronously: null for fewer than two stops. */
export function estimateRoute(stops: readonly LatLng[]): RoutePlan | null {
  if (stops.length < 2) return null;
  return { points: greatCirclePath(stops, GREAT_CIRCLE_SPACING_MILES), miles: routeMiles(stops) * ROAD_DETOUR_FACTOR, source: "estimate" };
}
