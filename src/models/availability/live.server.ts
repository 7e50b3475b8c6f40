import { db } from "#db/client.server.ts";
import { CORRIDOR_MILES, detourMiles, offRoute } from "#domain/availability/corridor.ts";
import { calendarDay, endOfUkDay, journeyOf, reachable } from "#domain/availability/reach.ts";
import { VEHICLES_LIMIT } from "#domain/availability/vehicles-query.ts";
import { type Box, boundingBox, type Point } from "#domain/return-loads/geometry.ts";
import type { Prisma } from "#generated/prisma/client.ts";
import { blockedWith } from "#models/company-blocks.server.ts";

// Live journeys passing a place on a day, for a job being matched (availability/matching) and for a
// shipper looking for a vehicle near a collection. A journey's route box is not stored, so the
// query asks for routes whose ends' box meets the place's box (each end's coordinate compared on its
// own), bounded by the days the journey is on the road; the exact corridor and reach rules follow.

/** Journeys whose route box (between its two ends) meets `box`. */
export function routeOverlaps(box: Box): Prisma.VehicleAvailabilityWhereInput {
  return {
    AND: [
      { OR: [{ fromLatitude: { lte: box.maxLatitude } }, { toLatitude: { lte: box.maxLatitude } }] },
      { OR: [{ fromLatitude: { gte: box.minLatitude } }, { toLatitude: { gte: box.minLatitude } }] },
      { OR: [{ fromLongitude: { lte: box.maxLongitude } }, { toLongitude: { lte: box.maxLongitude } }] },
      { OR: [{ fromLongitude: { gte: box.minLongitude } }, { toLongitude: { gte: box.minLongitude } }] },
    ],
  };
}

/** Journeys on the road on this UK day (stored as its midnight UTC): free before it ends, arriving after it starts. */
export function onTheRoad(day: Date): Prisma.VehicleAvailabilityWhereInput {
  // An hour's slack before the stored midnight: a UK day in summer begins at 23:00 UTC the day before.
  return { availableFrom: { lt: endOfUkDay(calendarDay(day)) }, availableUntil: { gt: new Date(day.getTime() - 3_600_000) } };
}

export type PassingVehicle = {
  id: number; accountId: number; companyName: string; vehicleType: string; fromPlace: string; toPlace: string;
  availableFrom: Date; availableUntil: Date; offMiles: number; detourMiles: number;
};

/**
 * The live journeys that pass within the corridor of `place` and can reach it on `day`, of carrier
 * companies no block stands between with this shipper (either way), nearest route first.
 */
export async function vehiclesNear(shipperAccountId: number, place: Point, day: Date): Promise<PassingVehicle[]> {
  const blocked = await blockedWith(shipperAccountId);
  const rows = await db().vehicleAvailability.findMany({
    where: { AND: [routeOverlaps(boundingBox(place, CORRIDOR_MILES)), onTheRoad(day), { availableUntil: { gt: new Date() } }], accountId: { notIn: [...blocked, shipperAccountId] } },
    select: {
      id: true, vehicleType: true, fromPlace: true, toPlace: true, fromLatitude: true, fromLongitude: true, toLatitude: true, toLongitude: true,
      availableFrom: true, availableUntil: true, accountId: true, account: { select: { name: true } },
    },
    orderBy: { id: "asc" },
    take: 500,
  });
  const passing: PassingVehicle[] = [];
  for (const row of rows) {
    const journey = journeyOf(row);
    const { offMiles } = offRoute(journey, place);
    if (offMiles > CORRIDOR_MILES || !reachable(journey, place, day)) continue;
    passing.push({
      id: row.id, accountId: row.accountId, companyName: row.account.name, vehicleType: row.vehicleType, fromPlace: row.fromPlace, toPlace: row.toPlace,
      availableFrom: row.availableFrom, availableUntil: row.availableUntil, offMiles, detourMiles: detourMiles(journey, place),
    });
  }
  return passing.sort((a, b) => a.offMiles - b.offMiles || a.id - b.id).slice(0, VEHICLES_LIMIT);
}
