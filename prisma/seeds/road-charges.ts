import type { PrismaClient } from "#generated/prisma/client.ts";
import { addDays } from "#domain/format/calendar.ts";
import { toDateInputValue } from "#domain/format/dates.ts";

// Demo road charges (docs/road-charges.md): Pennine Haulage's fleet gets its plated weights and axle
// counts (its artic a London DVS permit) and a Euro 5 artic, and Northwind posts two open jobs whose
// routes are charged: one into Bristol's Clean Air Zone (Temple Quay, in the city centre: the
// Avonmouth jobs are outside it) and one from Maidstone to Chelmsford over the Dartford Crossing.
// The job pages then show the charges, and the Euro 5 artic's £100 a day in Bristol. Run after
// seedVehicles; a second run adds nothing.

type Accounts = Record<string, number>;
type Site = { company: string; address: string; city: string; postCode: string; lat: number; lng: number };

const BRISTOL_REFERENCE = "Ambient pallets: Leeds to Bristol Temple Quay";
const EURO_5_ARTIC = { registration: "YK15 CAZ", vehicleType: "artic", payloadKg: 29_000, euroStandard: "euro_5", grossWeightKg: 44_000, axles: 5 };
/** Plated weights and axles of the vehicles seedVehicles lists, by registration. */
const BUILDS: Record<string, { grossWeightKg: number; axles: number; dvsPermit?: boolean }> = {
  "YX73 PHL": { grossWeightKg: 44_000, axles: 5, dvsPermit: true },
  "YJ12 TLF": { grossWeightKg: 7_500, axles: 2 },
  "YC22 FRZ": { grossWeightKg: 18_000, axles: 2 },
};

const SITES = {
  leeds: { company: "Northwind Foods Leeds DC", address: "Pontefract Lane, Cross Green", city: "Leeds", postCode: "LS9 0RS", lat: 53.789, lng: -1.508 },
  templeQuay: { company: "Temple Quay Food Hall", address: "1 Temple Back East", city: "Bristol", postCode: "BS1 6DZ", lat: 51.4517, lng: -2.5813 },
  maidstone: { company: "Medway Paper Mills", address: "Forstal Road, Aylesford", city: "Maidstone", postCode: "ME20 7AG", lat: 51.305, lng: 0.48 },
  chelmsford: { company: "Chelmsford Print Works", address: "Waterhouse Lane", city: "Chelmsford", postCode: "CM1 2RY", lat: 51.7356, lng: 0.4685 },
} satisfies Record<string, Site>;

const JOBS = [
  { reference: BRISTOL_REFERENCE, from: SITES.leeds, to: SITES.templeQuay, inDays: 4 },
  { reference: "Paper reels: Maidstone to Chelmsford", from: SITES.maidstone, to: SITES.chelmsford, inDays: 5 },
];

export async function seedRoadCharges(db: PrismaClient, accounts: Accounts): Promise<void> {
  const carrierId = accounts.carrier;
  const shipperId = accounts.shipper;
  if (!carrierId || !shipperId || (await db.job.findFirst({ where: { reference: BRISTOL_REFERENCE }, select: { id: true } }))) return;
  for (const [registration, build] of Object.entries(BUILDS)) {
    await db.vehicle.updateMany({ where: { accountId: carrierId, registration, grossWeightKg: null }, data: build });
  }
  await db.vehicle.upsert({
    where: { accountId_registration: { accountId: carrierId, registration: EURO_5_ARTIC.registration } },
    create: { accountId: carrierId, ...EURO_5_ARTIC }, update: {},
  });
  const shipperUser = await db.user.findFirst({ where: { accountId: shipperId, role: { not: "driver" } }, orderBy: { id: "asc" } });
  if (!shipperUser) return;
  const today = toDateInputValue(new Date());
  for (const job of JOBS) {
    const day = new Date(`${addDays(today, job.inDays)}T00:00:00Z`);
    await db.job.create({
      data: {
        shipperAccountId: shipperId, createdById: shipperUser.id, reference: job.reference, status: "open", jobType: "single",
        expectedQuantity: 1, numberOfLoads: 1, loadType: "palletised", palletType: "standard", quantityStandard: 22, totalWeightKg: 15_000,
        vehicleTypes: '["curtain_side","artic"]', publishedAt: new Date(), onMarket: true, audience: "market",
        locations: { create: [location("pickup", job.from, day, "07:00", "10:00"), location("delivery", job.to, day, "14:00", "18:00")] },
      },
    });
  }
}

function location(kind: "pickup" | "delivery", site: Site, windowDate: Date, windowFrom: string, windowTo: string) {
  const { company, address, city, postCode, lat, lng } = site;
  return {
    kind, position: 0, companyName: company, address, city, postCode, region: "England", countryCode: "GB",
    fullAddress: `${address}, ${city} ${postCode}`, latitude: lat, longitude: lng, windowDate, windowFrom, windowTo,
  };
}
