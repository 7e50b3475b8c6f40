import { db } from "#db/client.server.ts";
import { inOfficeOf } from "#domain/accounts/team.ts";
import { FINISHED_LOAD_STATUSES } from "#domain/loads/status.ts";
import { loadStream } from "#domain/messaging/streams.ts";
import { CHOOSE_ONE_OF_YOUR_VEHICLES } from "#domain/vehicles/vehicle-input.ts";
import { VEHICLE_FIXED, vehicleCanChange } from "#domain/vehicles/vehicles.ts";
import { broadcastTo } from "#lib/broadcast.server.ts";
import { found, recordId } from "#lib/errors.server.ts";
import { ok, refused, refusedBase, type Result } from "#lib/result.server.ts";
import { refreshStream } from "#lib/turbo.server.ts";
import { loadScope } from "#models/loads/access.server.ts";
import type { CurrentUser } from "#models/users.server.ts";
import { keepsFleet } from "#models/vehicles.server.ts";

// The vehicle on a load: chosen by the office of the carrier running it, from its own vehicles.

const loadForVehicleSelect = {
  id: true, sequence: true, status: true, carrierAccountId: true, vehicleId: true, job: { select: { reference: true } },
} as const;
export type LoadForVehicle = {
  id: number; sequence: number; status: string; carrierAccountId: number | null; vehicleId: number | null; job: { reference: string };
};

/**
 * A load whose vehicle this user chooses, with what its vehicle form needs: one of the carrier's
 * loads, for its office. Anyone else (the shipper and the driver included, who see the load but
 * not this form) gets 404.
 */
export async function requireLoadForVehicleChoice(user: CurrentUser, id: unknown): Promise<LoadForVehicle> {
  found(keepsFleet(user));
  const where = { id: recordId(id), ...loadScope(user) };
  return found(await db().load.findFirst({ where, select: loadForVehicleSelect }));
}

type VehicleLoad = { id: number; status: string; carrierAccountId: number | null };

/**
 * The carrier's office puts one of its vehicles on the load, changes it, or (vehicleId null) takes
 * it off, until the load is delivered or cancelled. The shipper and the driver see the vehicle but
 * do not choose it: for them the form does not exist (404), as with a load that is not theirs.
 */
export async function assignVehicle(load: VehicleLoad, user: CurrentUser, vehicleId: number | null): Promise<Result> {
  found(inOfficeOf("carrier", load.carrierAccountId, user));
  if (!vehicleCanChange(load.status)) return refusedBase(VEHICLE_FIXED);
  const outcome = await db().$transaction(async (tx) => {
    const ourVehicle = { id: vehicleId ?? undefined, accountId: user.accountId };
    const ours = vehicleId === null || (await tx.vehicle.findFirst({ where: ourVehicle, select: { id: true } }));
    if (!ours) return refused({ vehicle_id: CHOOSE_ONE_OF_YOUR_VEHICLES });
    // Only while the load is still this carrier's and not yet delivered or cancelled.
    const where = { id: load.id, carrierAccountId: user.accountId, status: { notIn: [...FINISHED_LOAD_STATUSES] } };
    const { count } = await tx.load.updateMany({ where, data: { vehicleId } });
    return count ? ok() : refusedBase("This load changed meanwhile; please reload and try again", 409);
  });
  if (outcome.ok) await broadcastTo(loadStream(load.id), refreshStream());
  return outcome;
}
