import { db } from "#db/client.server.ts";
import type { LoadActor } from "#domain/loads/status.ts";
import { loadStream } from "#domain/messaging/streams.ts";
import { CHOOSE_ONE_OF_YOUR_VEHICLES, type VehicleInput } from "#domain/vehicles/vehicle-input.ts";
import { VEHICLE_FIXED, type VehicleView, vehicleCanChange, vehicleView } from "#domain/vehicles/vehicles.ts";
import { found, recordId } from "#lib/errors.server.ts";
import { ok, refused, refusedBase, type Result } from "#lib/result.server.ts";
import { refreshStream } from "#lib/turbo.server.ts";
import { broadcastTo } from "#lib/broadcast.server.ts";
import { actorOf, loadScope } from "#models/loads.server.ts";
import type { CurrentUser } from "#models/users.server.ts";

// A carrier's vehicles, kept by its office (admins and members; drivers drive them but do not keep
// the list), and the vehicle on each of its loads. Everyone else, and another carrier's vehicles,
// get 404: a vehicle of another account looks exactly like one that does not exist.

const vehicleSelect = {
  id: true,
  registration: true,
  vehicleType: true,
  payloadKg: true,
  euroStandard: true,
  tailLift: true,
  temperatureControlled: true,
} as const;
const byRegistration = { registration: "asc" } as const;

export const DUPLICATE_REGISTRATION = "This vehicle is already on your account";

/** The carrier's admins and members keep its vehicles. */
export function keepsFleet(user: CurrentUser): boolean {
  return user.account.kind === "carrier" && (user.role === "admin" || user.role === "member");
}

/** The account's vehicles by registration; 404 for anyone who does not keep a fleet. */
export async function vehiclesOf(user: CurrentUser): Promise<VehicleView[]> {
  found(keepsFleet(user));
  const rows = await db().vehicle.findMany({ where: { accountId: user.accountId }, select: vehicleSelect, orderBy: byRegistration });
  return rows.map(vehicleView);
}

/** One of the account's vehicles, else 404. */
export async function requireVehicleFor(user: CurrentUser, id: unknown): Promise<VehicleView> {
  found(keepsFleet(user));
  return vehicleView(found(await db().vehicle.findFirst({ where: { id: recordId(id), accountId: user.accountId }, select: vehicleSelect })));
}

export async function createVehicle(user: CurrentUser, input: VehicleInput): Promise<Result<{ vehicle: VehicleView }>> {
  found(keepsFleet(user));
  if (await registrationTaken(user.accountId, input.registration)) return refused({ registration: DUPLICATE_REGISTRATION });
  return unlessRegistrationTaken(async () => ({
    vehicle: vehicleView(await db().vehicle.create({ data: { accountId: user.accountId, ...input }, select: vehicleSelect })),
  }));
}

export async function updateVehicle(user: CurrentUser, vehicle: { id: number }, input: VehicleInput): Promise<Result> {
  found(keepsFleet(user));
  if (await registrationTaken(user.accountId, input.registration, vehicle.id)) return refused({ registration: DUPLICATE_REGISTRATION });
  return unlessRegistrationTaken(async () => {
    const { count } = await db().vehicle.updateMany({ where: { id: vehicle.id, accountId: user.accountId }, data: input });
    found(count > 0);
    return {};
  });
}

/** Takes the vehicle off the account; loads that had it keep running without one. */
export async function deleteVehicle(user: CurrentUser, vehicle: { id: number }): Promise<Result> {
  found(keepsFleet(user));
  const { count } = await db().vehicle.deleteMany({ where: { id: vehicle.id, accountId: user.accountId } });
  found(count > 0);
  return ok();
}

async function registrationTaken(accountId: number, registration: string, exceptId?: number): Promise<boolean> {
  const other = await db().vehicle.findUnique({ where: { accountId_registration: { accountId, registration } }, select: { id: true } });
  return Boolean(other && other.id !== exceptId);
}

/** Prisma's unique-constraint failure: two requests raced to add the same registration. */
const isUniqueViolation = (error: unknown) => (error as { code?: unknown })?.code === "P2002";

async function unlessRegistrationTaken<T extends object>(write: () => Promise<T>): Promise<Result<T>> {
  try {
    return ok(await write());
  } catch (error) {
    if (isUniqueViolation(error)) return refused({ registration: DUPLICATE_REGISTRATION });
    throw error;
  }
}

const loadForVehicleSelect = { id: true, sequence: true, status: true, carrierAccountId: true, vehicleId: true, job: { select: { reference: true } } } as const;
export type LoadForVehicle = { id: number; sequence: number; status: string; carrierAccountId: number | null; vehicleId: number | null; job: { reference: string } };

/**
 * A load whose vehicle this user chooses, with what its vehicle form needs: one of the carrier's
 * loads, for its office. Anyone else (the shipper and the driver included, who see the load but
 * not this form) gets 404.
 */
export async function requireLoadForVehicleChoice(user: CurrentUser, id: unknown): Promise<LoadForVehicle> {
  found(keepsFleet(user));
  return found(await db().load.findFirst({ where: { id: recordId(id), ...loadScope(user) }, select: loadForVehicleSelect }));
}

/**
 * The carrier's office puts one of its vehicles on the load, changes it, or (vehicleId null) takes
 * it off, until the load is delivered or cancelled. The shipper and the driver see the vehicle but
 * do not choose it: for them the form does not exist (404), as with a load that is not theirs.
 */
export async function assignVehicle(load: { id: number; status: string; carrierAccountId: number | null }, user: CurrentUser, vehicleId: number | null): Promise<Result> {
  found(keepsFleet(user) && load.carrierAccountId === user.accountId);
  if (!vehicleCanChange(load.status)) return refusedBase(VEHICLE_FIXED);
  const outcome = await db().$transaction(async (tx) => {
    if (vehicleId !== null && !(await tx.vehicle.findFirst({ where: { id: vehicleId, accountId: user.accountId }, select: { id: true } }))) {
      return refused({ vehicle_id: CHOOSE_ONE_OF_YOUR_VEHICLES });
    }
    // Only while the load is still this carrier's and not yet delivered or cancelled.
    const { count } = await tx.load.updateMany({ where: { id: load.id, carrierAccountId: user.accountId, status: { notIn: ["delivered", "cancelled"] } }, data: { vehicleId } });
    return count ? ok() : refusedBase("This load changed meanwhile; please reload and try again", 409);
  });
  if (outcome.ok) await broadcastTo(loadStream(load.id), refreshStream());
  return outcome;
}

/** Everything the load page's vehicle section shows (views/vehicles/_load_vehicle.ejs). */
export type VehicleSection = {
  actor: LoadActor;
  /** The load's vehicle, or null when it has none. */
  vehicle: VehicleView | null;
  /** The office's choices while it may change the vehicle; empty for everyone else. */
  vehicles: VehicleView[];
  /** The viewer is the carrier's office and the load is not yet delivered or cancelled. */
  canChange: boolean;
};

/**
 * The load's vehicle section for this viewer, in one query: for the carrier's office the account's
 * vehicles (the load's picked from among them); for the shipper and the driver the load's vehicle.
 * Only a vehicle of the load's current carrier is shown, so one left from a carrier the load was
 * taken from stays private to that carrier.
 */
export async function vehicleSectionFor(load: { id: number; status: string; vehicleId: number | null; carrierAccountId: number | null }, user: CurrentUser): Promise<VehicleSection> {
  const actor = actorOf(user);
  if (keepsFleet(user) && load.carrierAccountId === user.accountId) {
    const vehicles = (await db().vehicle.findMany({ where: { accountId: user.accountId }, select: vehicleSelect, orderBy: byRegistration })).map(vehicleView);
    const canChange = vehicleCanChange(load.status);
    return { actor, vehicle: vehicles.find((vehicle) => vehicle.id === load.vehicleId) ?? null, vehicles: canChange ? vehicles : [], canChange };
  }
  const row =
    load.vehicleId !== null && load.carrierAccountId !== null
      ? await db().vehicle.findFirst({ where: { id: load.vehicleId, accountId: load.carrierAccountId }, select: vehicleSelect })
      : null;
  return { actor, vehicle: row ? vehicleView(row) : null, vehicles: [], canChange: false };
}
