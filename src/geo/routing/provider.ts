import type { LatLng } from "#domain/maps/polyline.ts";

/**
 * A route through a job's or load's stops, in order: the points to draw (the stops among them) and
 * its length in road miles. `source` says how it was found: "osrm" from a road router, "estimate"
 * from straight lines and a detour factor (docs/routing.md).
 */
export type RoutePlan = { points: LatLng[]; miles: number; source: "estimate" | "osrm" };

/**
 * Where routes come from. The offline estimate is the default; a hosted OSRM-compatible router is
 * used when ROUTER_URL is set. Both are chosen and wrapped in a cache by createRouter().
 */
export interface RouteProvider {
  /** The route through the stops in order; null for fewer than two stops. */
  route(stops: readonly LatLng[]): Promise<RoutePlan | null>;
  readonly name: string;
}
