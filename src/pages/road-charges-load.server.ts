import type { TimedPlace } from "#domain/road-charges/journey.ts";
import { UK_TIME_ZONE } from "#domain/format/dates.ts";
import type { VehicleView } from "#domain/vehicles/vehicles.ts";
import { type MappedPlace, routeThrough } from "#geo/trips.server.ts";
import { routeChargesOf, type VehicleCharges, vehicleCharges } from "#pages/road-charges.server.ts";

// Road charges for the vehicles a carrier's office may put on a load: each priced on the load's own
// route and days (a schedule's run has its own), so the vehicle choice can warn before a vehicle is
// put on a route it may not drive (the office may still choose it: the warning is advice).

export type LoadStopPlace = { jobLocation: MappedPlace & TimedPlace; windowDate: Date | null };

/** Each vehicle's charges on the load's route, by vehicle id; empty when the route is not known. */
export async function loadRoadCharges(stops: readonly LoadStopPlace[], vehicles: readonly VehicleView[]): Promise<Map<number, VehicleCharges>> {
  if (!vehicles.length) return new Map();
  const places = stops.map((stop) => ({ ...stop.jobLocation, windowDate: stop.windowDate }));
  const route = routeChargesOf(places, await routeThrough(places), UK_TIME_ZONE);
  return new Map(route ? vehicles.map((vehicle) => [vehicle.id, vehicleCharges(route, vehicle)]) : []);
}

/** What the choice list says after a vehicle's summary: " · road charges £100.00" or " · not allowed on this route". */
export function chargeNote(charges: VehicleCharges | undefined): string {
  if (!charges) return "";
  if (charges.notAllowed) return " · not allowed on this route";
  return charges.totalPence ? ` · road charges ${charges.totalText}` : "";
}
