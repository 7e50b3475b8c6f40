import { db } from "#db/client.server.ts";
import { isOfficeOf } from "#domain/accounts/team.ts";
import { JOURNEY_MESSAGES, type JourneyInput, MAX_LIVE_JOURNEYS } from "#domain/availability/input.ts";
import type { Point } from "#domain/return-loads/geometry.ts";
import { pointOf } from "#geo/index.server.ts";
import { HttpError, found, recordId } from "#lib/errors.server.ts";
import { type FieldErrors, ok, refused, type Result } from "#lib/result.server.ts";
import { recordJourneyMatches } from "#models/availability/matching.server.ts";
import type { CurrentUser } from "#models/users.server.ts";
import { vehicleOf } from "#models/vehicles.server.ts";

// Planned empty journeys (docs/availability.md): a carrier's office posts a vehicle as free from a
// place and time, heading for another place by a time; the jobs collecting along the way are listed
// (availability/corridor) and its poster told of each once (availability/matching). A journey is
// live until its arrival time. Drivers are refused (403); another company's journey, or anyone not
// a carrier, finds none (404).

export const JOURNEYS_FOR_OFFICE = "Planned journeys are for your office: ask them to post the vehicle as available";

export const journeySelect = {
  id: true, accountId: true, userId: true, vehicleId: true, vehicleType: true, createdAt: true,
  fromPlace: true, fromLatitude: true, fromLongitude: true, availableFrom: true,
  toPlace: true, toLatitude: true, toLongitude: true, availableUntil: true,
  vehicle: { select: { registration: true } },
} as const;
export type JourneyRow = { id: number; accountId: number; userId: number; vehicleId: number | null; vehicleType: string; createdAt: Date;
  fromPlace: string; fromLatitude: number; fromLongitude: number; availableFrom: Date;
  toPlace: string; toLatitude: number; toLongitude: number; availableUntil: Date; vehicle: { registration: string } | null };

/** The user, if they are in a carrier's office; a carrier's driver is refused, anyone else finds nothing. */
export function requireJourneyOffice(user: CurrentUser): CurrentUser {
  found(user.account.kind === "carrier");
  if (!isOfficeOf("carrier", user)) throw new HttpError(403, JOURNEYS_FOR_OFFICE);
  return user;
}

/** The company's journeys still live at `now`, soonest first. */
export function liveJourneysOf(user: CurrentUser, now = new Date()): Promise<JourneyRow[]> {
  return db().vehicleAvailability.findMany({
    where: { accountId: requireJourneyOffice(user).accountId, availableUntil: { gt: now } },
    select: journeySelect,
    orderBy: [{ availableFrom: "asc" }, { id: "asc" }],
  });
}

/** One of the company's journeys (live or past), else 404. */
export async function requireJourneyFor(user: CurrentUser, id: unknown): Promise<JourneyRow> {
  const office = requireJourneyOffice(user);
  return found(await db().vehicleAvailability.findFirst({ where: { id: recordId(id), accountId: office.accountId }, select: journeySelect }));
}

/** Where the gazetteer places a typed town or postcode, or null. */
export async function placeOf(typed: string): Promise<(Point & { name: string }) | null> {
  const at = await pointOf(typed);
  return at && { ...at, name: typed };
}

/**
 * Posts the journey: the vehicle must be the company's own (its type is the vehicle's), both places
 * known to the gazetteer, and the company under its limit of live journeys. The jobs already on the
 * board along it are matched at once, so its poster hears of them as of later ones.
 */
export async function postJourney(user: CurrentUser, input: JourneyInput, now = new Date()): Promise<Result<{ journey: { id: number } }>> {
  const office = requireJourneyOffice(user);
  const vehicle = input.vehicle_id === null ? null : await vehicleOf(office.accountId, input.vehicle_id);
  const [from, to] = await Promise.all([placeOf(input.from_place), placeOf(input.to_place)]);
  const errors: FieldErrors = {};
  if (!from) errors.from_place = JOURNEY_MESSAGES.unknownPlace(input.from_place);
  if (!to) errors.to_place = JOURNEY_MESSAGES.unknownPlace(input.to_place);
  if (input.vehicle_id !== null && !vehicle) errors.vehicle_id = JOURNEY_MESSAGES.vehicle;
  if (!from || !to || Object.keys(errors).length) return refused(errors);
  const live = await db().vehicleAvailability.count({ where: { accountId: office.accountId, availableUntil: { gt: now } } });
  if (live >= MAX_LIVE_JOURNEYS) return refused({ base: JOURNEY_MESSAGES.tooMany });
  const journey = await db().vehicleAvailability.create({
    data: {
      accountId: office.accountId, userId: office.id, vehicleId: vehicle?.id ?? null, vehicleType: vehicle?.vehicleType ?? input.vehicle_type!,
      fromPlace: input.from_place, fromLatitude: from.latitude, fromLongitude: from.longitude, availableFrom: input.available_from,
      toPlace: input.to_place, toLatitude: to.latitude, toLongitude: to.longitude, availableUntil: input.available_until,
    },
    select: journeySelect,
  });
  await recordJourneyMatches({ journeyIds: [journey.id] });
  return ok({ journey });
}

/** Deletes the journey (its matches go with it). */
export async function deleteJourney(user: CurrentUser, journey: { id: number }): Promise<void> {
  await db().vehicleAvailability.deleteMany({ where: { id: journey.id, accountId: requireJourneyOffice(user).accountId } });
}
