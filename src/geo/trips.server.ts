import { estimatedArrival } from "#domain/maps/eta.ts";
import { co2eKg } from "#domain/maps/emissions.ts";
import type { MapContent, MapMarkerProp } from "#domain/maps/map-props.ts";
import { encodePolyline, type LatLng } from "#domain/maps/polyline.ts";
import { progressAt } from "#domain/maps/route.ts";
import { MAP_PADDING_PX } from "#domain/maps/markers.ts";
import { storedList } from "#domain/jobs/stored-values.ts";
import { routeOf } from "#domain/loads/stops.ts";
import { router } from "#geo/routing/index.server.ts";
import type { RoutePlan } from "#geo/routing/provider.ts";

// What the maps of job, load and dashboard pages show: markers for the stops, the route between
// them (from the configured router), the driver's latest position with the share of the route done
// and the estimated arrival, and the estimated CO2e of the trip.

export type MappedPlace = {
  id: number;
  kind: string;
  position: number;
  windowDate: Date | null;
  latitude: number | null;
  longitude: number | null;
  city: string | null;
  companyName: string | null;
  countryCode: string | null;
};

/** The columns a map reads of a job location. */
export const mappedPlaceSelect = { id: true, kind: true, position: true, windowDate: true, latitude: true, longitude: true, city: true, companyName: true, countryCode: true } as const;

const pointOf = (place: MappedPlace): LatLng | null => (place.latitude === null || place.longitude === null ? null : [place.latitude, place.longitude]);

/** How a stop is named on its marker and in the active-marker rule: "Collection: Leeds". */
export function stopTitle(place: MappedPlace): string {
  const where = [place.companyName, place.city].filter(Boolean).join(", ") || place.countryCode || "Unnamed place";
  return `${place.kind === "pickup" ? "Collection" : "Delivery"}: ${where}`;
}

function markersOf(places: readonly MappedPlace[]): MapMarkerProp[] {
  return places.flatMap((place) => {
    const point = pointOf(place);
    return point ? [{ latitude: point[0], longitude: point[1], type: place.kind === "pickup" ? ("pickup" as const) : ("delivery" as const), title: stopTitle(place) }] : [];
  });
}

/** The route through the places that have a position, pickups first; null with fewer than two. */
export async function routeThrough(places: readonly MappedPlace[]): Promise<RoutePlan | null> {
  const points = routeOf(places)
    .map(pointOf)
    .filter((point): point is LatLng => point !== null);
  return points.length < 2 ? null : router().route(points);
}

export type TripMap = { props: MapContent; plan: RoutePlan | null; co2eKg: number | null };

type MapOptions = { label: string; activeMarkerTitle?: string | null; routeProgress?: number | null; trackingElementId?: string | null };

/** A map of one trip (a job's or a load's stops) with its route and CO2e estimate. */
export async function tripMap(places: readonly MappedPlace[], vehicleTypes: readonly string[], options: MapOptions): Promise<TripMap> {
  const ordered = routeOf(places);
  const plan = await routeThrough(ordered);
  const props: MapContent = {
    label: options.label,
    markers: markersOf(ordered),
    polylines: plan ? [encodePolyline(plan.points)] : [],
    multiplePolylines: false,
    disablePolylines: false,
    routeProgress: options.routeProgress ?? null,
    padding: MAP_PADDING_PX,
    activeMarkerTitle: options.activeMarkerTitle ?? null,
    trackingElementId: options.trackingElementId ?? null,
  };
  return { props, plan, co2eKg: plan ? co2eKg(plan.miles, vehicleTypes) : null };
}

/** A job's map: every pickup and delivery, the route through them, and the CO2e of one load. */
export function jobTrip(job: { reference: string; vehicleTypes: string; locations: readonly MappedPlace[] }): Promise<TripMap> {
  return tripMap(job.locations, storedList(job.vehicleTypes), { label: `Route of ${job.reference}` });
}

/** Many trips on one map (the dashboard's loads on the road): each route its own line. */
export async function tripsMap(trips: readonly (readonly MappedPlace[])[], label: string): Promise<MapContent> {
  const plans = await Promise.all(trips.map((places) => routeThrough(places)));
  return {
    label,
    markers: trips.flatMap((places) => markersOf(routeOf(places))),
    polylines: plans.flatMap((plan) => (plan ? [encodePolyline(plan.points)] : [])),
    multiplePolylines: true,
    disablePolylines: false,
    routeProgress: null,
    padding: MAP_PADDING_PX,
    activeMarkerTitle: null,
    trackingElementId: null,
  };
}

export type Fix = { latitude: number; longitude: number; recordedAt: Date };
export type Tracking = { position: Fix | null; progress: number | null; arrivesAt: Date | null; milesLeft: number | null };

/**
 * Where the load is on its route: the share of the route's miles up to the driver's latest fix, and
 * the arrival estimated from the miles left at the planning speed, counted from that fix.
 */
export function trackingOf(plan: RoutePlan | null, position: Fix | null, delivered: boolean): Tracking {
  if (delivered) return { position: null, progress: plan ? 100 : null, arrivesAt: null, milesLeft: 0 };
  if (!plan || !position) return { position, progress: null, arrivesAt: null, milesLeft: null };
  const progress = progressAt(plan.points, [position.latitude, position.longitude]);
  if (progress === null) return { position, progress: null, arrivesAt: null, milesLeft: null };
  const milesLeft = (plan.miles * (100 - progress)) / 100;
  return { position, progress, arrivesAt: estimatedArrival(milesLeft, position.recordedAt), milesLeft };
}
