import type { MapProps } from "#domain/maps/map-props.ts";
import { drawnMarkers, PICKER, SINGLE_MARKER_ZOOM } from "#domain/maps/markers.ts";
import { decodePolyline, type LatLng } from "#domain/maps/polyline.ts";
import { pointAlong } from "#domain/maps/route.ts";

// What the map island draws, worked out from its props without Leaflet (so it is tested in node):
// the lettered markers, the route lines, the progress point and where the map looks.

export type DrawnMarker = ReturnType<typeof drawnMarkers>[number];

export type MapView = { kind: "centre"; centre: LatLng; zoom: number } | { kind: "bounds"; points: LatLng[]; padding: number };

export type MapPlan = {
  markers: DrawnMarker[];
  /** The lines drawn: one route, or each polyline on its own when `multiplePolylines`. */
  routes: LatLng[][];
  /** The route progress is measured along (null when there is no single route). */
  progressRoute: LatLng[] | null;
  /** Where the progress marker stands (null: none). */
  progress: LatLng | null;
  view: MapView;
};

export function mapPlan(props: MapProps): MapPlan {
  const markers = drawnMarkers(
    props.markers.map((marker) => ({ position: [marker.latitude, marker.longitude] as const, type: marker.type, title: marker.title })),
    props.activeMarkerTitle,
  );
  const decoded = props.polylines.map((polyline) => decodePolyline(polyline));
  // The progress marker belongs to one route: the polylines joined, drawn or not.
  const progressRoute = props.multiplePolylines ? null : decoded.flat();
  const routes = props.disablePolylines ? [] : (progressRoute ? [progressRoute] : decoded).filter((route) => route.length >= 2);
  const progress = progressRoute && props.routeProgress !== null ? pointAlong(progressRoute, props.routeProgress) : null;
  return { markers, routes, progressRoute, progress, view: viewOf(markers.map((marker) => marker.position), props.padding) };
}

/** One place (or several at the same spot): centred at SINGLE_MARKER_ZOOM; more: all in view; none: PICKER's start. */
export function viewOf(points: readonly LatLng[], padding: number): MapView {
  const first = points[0];
  if (!first) return { kind: "centre", centre: PICKER.center, zoom: PICKER.zoom };
  if (points.every((point) => point[0] === first[0] && point[1] === first[1])) return { kind: "centre", centre: first, zoom: SINGLE_MARKER_ZOOM };
  return { kind: "bounds", points: [...points], padding };
}

/** The progress point along the plan's route for a share (0–100) of it, or null without a route. */
export function progressPoint(plan: Pick<MapPlan, "progressRoute">, percent: number): LatLng | null {
  return plan.progressRoute ? pointAlong(plan.progressRoute, percent) : null;
}
