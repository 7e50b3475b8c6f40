import type { TimedPlace } from "#domain/road-charges/journey.ts";
import { UK_TIME_ZONE } from "#domain/format/dates.ts";
import { formatMoney } from "#domain/format/money.ts";
import type { VehicleView } from "#domain/vehicles/vehicles.ts";
import { type MappedPlace, routeThrough } from "#geo/trips.server.ts";
import { fleetOf } from "#models/vehicles.server.ts";
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

/** A road charge the carrier may pass on as an extra charge: the add form's values, ready to post. */
export type RoadChargeLine = { label: string; amount: string; note: string };

/** Pence as the add form's amount box reads them: 840 → "8.40". */
const poundsText = (pence: number) => `${Math.floor(pence / 100)}.${String(pence % 100).padStart(2, "0")}`;

/**
 * The road charges the load's vehicle paid on its route, each as an "Other charge" line for the
 * carrier to add (the shipper approves it as any other, and the invoice carries it with VAT as the
 * other extra charges). Null when the load has no vehicle to price.
 */
export async function roadChargeLines(load: { stops: readonly LoadStopPlace[]; vehicleId: number | null; carrierAccountId: number | null }): Promise<RoadChargeLine[] | null> {
  if (load.vehicleId === null || load.carrierAccountId === null) return null;
  const vehicle = (await fleetOf(load.carrierAccountId)).find((each) => each.id === load.vehicleId);
  if (!vehicle) return null;
  const priced = (await loadRoadCharges(load.stops, [vehicle])).get(vehicle.id);
  return (priced?.charges ?? [])
    .filter((charge) => charge.status === "due")
    .map((charge) => ({
      label: `${charge.name} ${formatMoney(charge.pence)}`,
      amount: poundsText(charge.pence),
      note: `Road charge passed on at cost: ${charge.name}, ${charge.text} (${vehicle.registration})`,
    }));
}
