import { db } from "#db/client.server.ts";
import { isOfficeOf } from "#domain/accounts/team.ts";
import { JOB_MESSAGE, NEAR_MESSAGE, type VehiclesQuery } from "#domain/availability/vehicles-query.ts";
import { JOURNEY_MESSAGES } from "#domain/availability/input.ts";
import type { Point } from "#domain/return-loads/geometry.ts";
import { HttpError, found } from "#lib/errors.server.ts";
import { ok, refused, type Result } from "#lib/result.server.ts";
import { placeOf } from "#models/availability.server.ts";
import { type PassingVehicle, vehiclesNear } from "#models/availability/live.server.ts";
import type { CurrentUser } from "#models/users.server.ts";

// A shipper's office looks for vehicles on planned empty journeys passing a collection: a typed
// place and day, or one of its own jobs' first collection. Drivers are refused; carriers find no page.

export const VEHICLES_FOR_OFFICE = "Finding vehicles is for your office: ask them to search";
export const NO_COLLECTION = "This job's first collection has no known place or day";

export function requireShipperOffice(user: CurrentUser): CurrentUser {
  found(user.account.kind === "shipper");
  if (!isOfficeOf("shipper", user)) throw new HttpError(403, VEHICLES_FOR_OFFICE);
  return user;
}

export type Collection = Point & { place: string; day: Date; jobId: number | null };
export type VehiclesFound = { collection: Collection; vehicles: PassingVehicle[] };

/** Where and when the search looks: the job's first collection (another shipper's job is 404) or the typed place. */
async function collectionOf(user: CurrentUser, query: VehiclesQuery): Promise<Result<{ collection: Collection }>> {
  if (query.job_id !== null) {
    const job = found(await db().job.findFirst({
      where: { id: query.job_id, shipperAccountId: user.accountId },
      select: { id: true, locations: { where: { kind: "pickup", position: 0 }, select: { latitude: true, longitude: true, windowDate: true, city: true, postCode: true } } },
    }), JOB_MESSAGE);
    const at = job.locations[0];
    if (at?.latitude == null || at.longitude == null || !at.windowDate) return refused({ job_id: NO_COLLECTION });
    const place = [at.city, at.postCode].filter(Boolean).join(" ") || "the collection";
    return ok({ collection: { latitude: at.latitude, longitude: at.longitude, day: at.windowDate, place, jobId: job.id } });
  }
  const near = query.near ?? "";
  const place = near ? await placeOf(near) : null;
  if (!place) return refused({ near: near ? JOURNEY_MESSAGES.unknownPlace(near) : NEAR_MESSAGE });
  return ok({ collection: { latitude: place.latitude, longitude: place.longitude, day: new Date(`${query.on}T00:00:00Z`), place: near, jobId: null } });
}

/** The vehicles passing the collection that day, of companies no block stands between with this shipper. */
export async function findVehicles(user: CurrentUser, query: VehiclesQuery): Promise<Result<VehiclesFound>> {
  const office = requireShipperOffice(user);
  const where = await collectionOf(office, query);
  if (!where.ok) return where;
  return ok({ collection: where.collection, vehicles: await vehiclesNear(office.accountId, where.collection, where.collection.day) });
}
