import type { PrismaClient } from "#generated/prisma/client.ts";
import { addDays } from "#domain/format/calendar.ts";
import { toDateInputValue, zonedDateTimeToUtc } from "#domain/format/dates.ts";

// A demo planned empty journey (docs/availability.md): Pennine Haulage's lorry is free in Bristol at
// 08:00 tomorrow, heading home to Leeds by 18:00 the day after, and Northwind has an open job
// collecting in Birmingham tomorrow, on the way, so the journey's page lists it and the match is
// recorded (already counted as e-mailed: the demo sends no digest of it). The journey is dated
// from the day the seed runs, so it is live for two days after. A second run adds nothing.

const REFERENCE = "Along the way: Birmingham to Leeds";

type Accounts = Record<string, number>;

const BIRMINGHAM = { companyName: "Northwind Foods Birmingham", address: "Kingsbury Road, Minworth", city: "Birmingham", postCode: "B76 9EE", lat: 52.528, lng: -1.759 };
const LEEDS = { companyName: "Northwind Foods Leeds DC", address: "Pontefract Lane, Cross Green", city: "Leeds", postCode: "LS9 0RS", lat: 53.789, lng: -1.508 };

/** The demo carrier's journey and one job along it; needs the demo users (and, for the vehicle, seedVehicles). */
export async function seedAvailability(db: PrismaClient, accounts: Accounts, now = new Date()): Promise<void> {
  const carrier = accounts.carrier!;
  if (await db.vehicleAvailability.findFirst({ where: { accountId: carrier }, select: { id: true } })) return;
  const [poster, shipperUser, vehicle] = await Promise.all([
    db.user.findFirst({ where: { accountId: carrier, role: "admin", removedAt: null }, orderBy: { id: "asc" } }),
    db.user.findFirst({ where: { accountId: accounts.shipper, role: { not: "driver" } }, orderBy: { id: "asc" } }),
    db.vehicle.findFirst({ where: { accountId: carrier, vehicleType: "curtain_side" }, orderBy: { id: "asc" } }),
  ]);
  if (!poster || !shipperUser) return;
  const tomorrow = addDays(toDateInputValue(now), 1);
  const collectionDay = new Date(`${tomorrow}T00:00:00Z`);
  const journey = await db.vehicleAvailability.create({
    data: {
      accountId: carrier, userId: poster.id, vehicleId: vehicle?.id ?? null, vehicleType: vehicle?.vehicleType ?? "curtain_side",
      fromPlace: "Bristol", fromLatitude: 51.45523, fromLongitude: -2.59665, availableFrom: zonedDateTimeToUtc(`${tomorrow}T08:00`)!,
      toPlace: "Leeds", toLatitude: 53.79648, toLongitude: -1.54785, availableUntil: zonedDateTimeToUtc(`${addDays(tomorrow, 1)}T18:00`)!,
    },
  });
  const job = await db.job.create({
    data: {
      shipperAccountId: accounts.shipper!, createdById: shipperUser.id, reference: REFERENCE, status: "open", jobType: "single",
      expectedQuantity: 1, numberOfLoads: 1, loadType: "palletised", palletType: "standard", quantityStandard: 20, totalWeightKg: 11_000,
      vehicleTypes: '["curtain_side"]', publishedAt: now, onMarket: true, audience: "market",
      locations: { create: [location("pickup", BIRMINGHAM, collectionDay, "10:00", "14:00"), location("delivery", LEEDS, collectionDay, "17:00", "21:00")] },
    },
  });
  await db.availabilityMatch.create({ data: { availabilityId: journey.id, jobId: job.id, emailedAt: now } });
}

function location(kind: "pickup" | "delivery", site: typeof BIRMINGHAM, windowDate: Date, windowFrom: string, windowTo: string) {
  const { companyName, address, city, postCode, lat, lng } = site;
  return {
    kind, position: 0, companyName, address, city, postCode, region: "England", countryCode: "GB",
    fullAddress: `${address}, ${city} ${postCode}`, latitude: lat, longitude: lng, windowDate, windowFrom, windowTo,
  };
}
