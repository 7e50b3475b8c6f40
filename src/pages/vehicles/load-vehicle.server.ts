import { inOfficeOf } from "#domain/accounts/team.ts";
import type { LoadActor } from "#domain/loads/status.ts";
import { type VehicleView, vehicleCanChange } from "#domain/vehicles/vehicles.ts";
import { actorOf } from "#models/loads/access.server.ts";
import type { CurrentUser } from "#models/users.server.ts";
import { fleetOf, vehicleOf } from "#models/vehicles.server.ts";
import { chargeNote, type LoadStopPlace, loadRoadCharges } from "#pages/road-charges-load.server.ts";

/** A vehicle the route refuses: its registration and each zone's reason. */
export type VehicleWarning = { vehicleId: number; registration: string; reasons: string[] };

/** Everything the load page's vehicle section shows (views/vehicles/_load_vehicle.ejs). */
export type VehicleSection = {
  actor: LoadActor;
  /** The load's vehicle, or null when it has none. */
  vehicle: VehicleView | null;
  /** The office's choices while it may change the vehicle; empty for everyone else. */
  vehicles: readonly VehicleView[];
  /** The viewer is the carrier's office and the load is not yet delivered or cancelled. */
  canChange: boolean;
  /** For the office choosing: each choice's road-charge note by vehicle id, and the vehicles the route refuses. */
  chargeNotes: Record<number, string>;
  warnings: VehicleWarning[];
};

// The load page passes the load's stops (its route and days); the vehicle form's own page does not.
type SectionLoad = { id: number; status: string; vehicleId: number | null; carrierAccountId: number | null; stops?: readonly LoadStopPlace[] };

/**
 * The load's vehicle section for this viewer, in one query: for the carrier's office the account's
 * vehicles (the load's picked from among them); for the shipper and the driver the load's vehicle.
 * Only a vehicle of the load's current carrier is shown, so one left from a carrier the load was
 * taken from stays private to that carrier.
 */
export async function vehicleSectionFor(load: SectionLoad, user: CurrentUser): Promise<VehicleSection> {
  const actor = actorOf(user);
  if (inOfficeOf("carrier", load.carrierAccountId, user)) {
    const vehicles = await fleetOf(user.accountId);
    const canChange = vehicleCanChange(load.status);
    const vehicle = vehicles.find((v) => v.id === load.vehicleId) ?? null;
    return { actor, vehicle, vehicles: canChange ? vehicles : [], canChange, ...(await roadChargesOf(load, canChange ? vehicles : [])) };
  }
  const { vehicleId, carrierAccountId } = load;
  const vehicle = vehicleId !== null && carrierAccountId !== null ? await vehicleOf(carrierAccountId, vehicleId) : null;
  return { actor, vehicle, vehicles: [], canChange: false, chargeNotes: {}, warnings: [] };
}

/** The road charges of each vehicle the office may choose, on the load's route. */
async function roadChargesOf(load: SectionLoad, vehicles: readonly VehicleView[]) {
  const charges = load.stops ? await loadRoadCharges(load.stops, vehicles) : new Map();
  const chargeNotes = Object.fromEntries(vehicles.map((vehicle) => [vehicle.id, chargeNote(charges.get(vehicle.id))]));
  const warnings = [...charges.values()]
    .filter((priced) => priced.notAllowed)
    .map((priced) => ({ vehicleId: priced.vehicleId, registration: priced.registration, reasons: priced.refusals }));
  return { chargeNotes, warnings };
}
