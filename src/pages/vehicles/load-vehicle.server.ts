import { inOfficeOf } from "#domain/accounts/team.ts";
import type { LoadActor } from "#domain/loads/status.ts";
import { type VehicleView, vehicleCanChange } from "#domain/vehicles/vehicles.ts";
import { actorOf } from "#models/loads/access.server.ts";
import type { CurrentUser } from "#models/users.server.ts";
import { fleetOf, vehicleOf } from "#models/vehicles.server.ts";

/** Everything the load page's vehicle section shows (views/vehicles/_load_vehicle.ejs). */
export type VehicleSection = {
  actor: LoadActor;
  /** The load's vehicle, or null when it has none. */
  vehicle: VehicleView | null;
  /** The office's choices while it may change the vehicle; empty for everyone else. */
  vehicles: readonly VehicleView[];
  /** The viewer is the carrier's office and the load is not yet delivered or cancelled. */
  canChange: boolean;
};

type SectionLoad = { id: number; status: string; vehicleId: number | null; carrierAccountId: number | null };

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
    return { actor, vehicle, vehicles: canChange ? vehicles : [], canChange };
  }
  const { vehicleId, carrierAccountId } = load;
  const vehicle = vehicleId !== null && carrierAccountId !== null ? await vehicleOf(carrierAccountId, vehicleId) : null;
  return { actor, vehicle, vehicles: [], canChange: false };
}
