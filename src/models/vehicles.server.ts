import { db } from "#db/client.server.ts";
import { keptUntilWritten } from "#db/kept-until-written.server.ts";
import { isOfficeOf } from "#domain/accounts/team.ts";
import type { VehicleInput } from "#domain/vehicles/vehicle-input.ts";
import { type VehicleView, vehicleView } from "#domain/vehicles/vehicles.ts";
import { found, recordId } from "#lib/errors.server.ts";
import { ok, refused, type Result } from "#lib/result.server.ts";
import type { CurrentUser } from "#models/users.server.ts";

// A carrier's vehicles, kept by its office (admins and members; drivers drive them but do not keep
// the list). Everyone else, and another carrier's vehicles, get 404: a vehicle of another account
// looks exactly like one that does not exist. The vehicle on each load is in vehicles/load-vehicle.

// An account's vehicles change seldom and every load page of its office lists them: kept until a
// vehicle is written here or, through Redis, in another process (src/db/table-versions). Never
// answered stale, however long the read took: whoever just added a vehicle must see it listed.
const keptFleets = keptUntilWritten<readonly VehicleView[]>(["Vehicle"], { slowMs: Infinity });

const vehicleSelect = {
  id: true,
  registration: true,
  vehicleType: true,
  payloadKg: true,
  euroStandard: true,
  tailLift: true,
  temperatureControlled: true,
  grossWeightKg: true,
  axles: true,
  dvsPermit: true,
} as const;
const byRegistration = { registration: "asc" } as const;

export const DUPLICATE_REGISTRATION = "This vehicle is already on your account";

/** The carrier's admins and members keep its vehicles. */
export function keepsFleet(user: CurrentUser): boolean {
  return isOfficeOf("carrier", user);
}

/** An account's vehicles by registration. */
export function fleetOf(accountId: number): Promise<readonly VehicleView[]> {
  return keptFleets(String(accountId), async () => {
    const rows = await db().vehicle.findMany({ where: { accountId }, select: vehicleSelect, orderBy: byRegistration });
    return Object.freeze(rows.map((row) => Object.freeze(vehicleView(row))));
  });
}

/** One vehicle of that account, or null. */
export async function vehicleOf(accountId: number, id: number): Promise<VehicleView | null> {
  const row = await db().vehicle.findFirst({ where: { id, accountId }, select: vehicleSelect });
  return row ? vehicleView(row) : null;
}

/** The account's vehicles by registration; 404 for anyone who does not keep a fleet. */
export async function vehiclesOf(user: CurrentUser): Promise<readonly VehicleView[]> {
  found(keepsFleet(user));
  return fleetOf(user.accountId);
}

/** One of the account's vehicles, else 404. */
export async function requireVehicleFor(user: CurrentUser, id: unknown): Promise<VehicleView> {
  found(keepsFleet(user));
  return found(await vehicleOf(user.accountId, recordId(id)));
}

export async function createVehicle(user: CurrentUser, input: VehicleInput): Promise<Result<{ vehicle: VehicleView }>> {
  found(keepsFleet(user));
  if (await registrationTaken(user.accountId, input.registration)) {
    return refused({ registration: DUPLICATE_REGISTRATION });
  }
  return unlessRegistrationTaken(async () => {
    const row = await db().vehicle.create({ data: { accountId: user.accountId, ...input }, select: vehicleSelect });
    return { vehicle: vehicleView(row) };
  });
}

export async function updateVehicle(user: CurrentUser, vehicle: { id: number }, input: VehicleInput): Promise<Result> {
  found(keepsFleet(user));
  if (await registrationTaken(user.accountId, input.registration, vehicle.id)) {
    return refused({ registration: DUPLICATE_REGISTRATION });
  }
  return unlessRegistrationTaken(async () => {
    const ours = { id: vehicle.id, accountId: user.accountId };
    const { count } = await db().vehicle.updateMany({ where: ours, data: input });
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
  const where = { accountId_registration: { accountId, registration } };
  const other = await db().vehicle.findUnique({ where, select: { id: true } });
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
