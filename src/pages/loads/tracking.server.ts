import { storedList } from "#domain/jobs/stored-values.ts";
import { isOnTheRoad } from "#domain/maps/tracking.ts";
import { stopTitle, trackingOf, tripMap, type MappedPlace } from "#geo/trips.server.ts";
import { arrivalsOf, trackingElementId } from "#models/tracking.server.ts";
import { latestFix } from "#models/tracking/kept.server.ts";

// The load page's map and tracking section (views/loads/_tracking.ejs and the map beside it).

const ARRIVAL_STATUSES = new Set(["driver_assigned", "collected", "delivered"]);

type TrackedLoad = {
  id: number;
  sequence: number;
  status: string;
  collectedAt: Date | null;
  deliveredAt: Date | null;
  job: { reference: string; vehicleTypes: string };
  stops: { jobLocation: MappedPlace }[];
};

/**
 * The load page's map and tracking: the stops, the route, the driver's latest fix with the share
 * done and the arrival estimate, when the driver reached each stop, and the trip's CO2e. The next
 * delivery not yet reached is the active marker (the other drops are shown inactive).
 */
export async function loadTracking(load: TrackedLoad) {
  const places = load.stops.map((s) => s.jobLocation);
  const [position, arrivals] = await Promise.all([
    isOnTheRoad(load.status) ? latestFix(load.id) : null,
    ARRIVAL_STATUSES.has(load.status) ? arrivalsOf(load.id) : new Map<number, Date>(),
  ]);
  const nextDrop = load.status === "collected" ? places.find((p) => p.kind === "delivery" && !arrivals.has(p.id)) : undefined;
  const trip = await tripMap(places, storedList(load.job.vehicleTypes), {
    label: `Route of load ${load.sequence} of ${load.job.reference}`,
    activeMarkerTitle: nextDrop ? stopTitle(nextDrop) : null,
    trackingElementId: trackingElementId(load.id),
  });
  const tracking = trackingOf(trip.plan, position, load.status === "delivered");
  trip.props.routeProgress = tracking.progress;
  return { trip, tracking, arrivals, sharing: isOnTheRoad(load.status) };
}
