import type { PrismaClient } from "#generated/prisma/client.ts";
import { addDays } from "#domain/format/calendar.ts";
import { returnWindow } from "#domain/return-loads/window.ts";

// Demo return loads (docs/return-loads.md): Pennine Haulage's load on the way to Avonmouth, Bristol
// (the bidding seed's weekly Leeds to Bristol run, the collected one first) gets open jobs from
// Northwind collecting a few miles away on its delivery day and the day after, so its Return loads
// page lists them: two heading north (towards Pennine's base in Halifax) and one to Plymouth, which
// "towards base" leaves out. Run after seedBidding; a second run adds nothing.

const FIRST_REFERENCE = "Return load: Cribbs Causeway to Leeds";

type Accounts = Record<string, number>;
type Site = { company: string; address: string; city: string; postCode: string; lat: number; lng: number };

const SITES = {
  cribbs: { company: "Cribbs Causeway Retail DC", address: "Merlin Road, Cribbs Causeway", city: "Bristol", postCode: "BS10 7SR", lat: 51.525, lng: -2.597 },
  portbury: { company: "Royal Portbury Dock", address: "Royal Portbury Dock Road", city: "Bristol", postCode: "BS20 7XN", lat: 51.474, lng: -2.727 },
  severnside: { company: "Severnside Distribution Park", address: "Central Avenue, Severnside", city: "Bristol", postCode: "BS35 4BF", lat: 51.549, lng: -2.645 },
  leeds: { company: "Northwind Foods Leeds DC", address: "Pontefract Lane, Cross Green", city: "Leeds", postCode: "LS9 0RS", lat: 53.789, lng: -1.508 },
  manchester: { company: "Northwind Foods Trafford", address: "Unit 4, Westinghouse Road, Trafford Park", city: "Manchester", postCode: "M17 1PY", lat: 53.464, lng: -2.321 },
  plymouth: { company: "Plymouth Fish Quay", address: "Sutton Harbour", city: "Plymouth", postCode: "PL4 0LH", lat: 50.367, lng: -4.131 },
} satisfies Record<string, Site>;

const RETURN_JOBS: { reference: string; from: Site; to: Site; dayAfterDelivery: number }[] = [
  { reference: FIRST_REFERENCE, from: SITES.cribbs, to: SITES.leeds, dayAfterDelivery: 0 },
  { reference: "Return load: Portbury Dock to Manchester", from: SITES.portbury, to: SITES.manchester, dayAfterDelivery: 1 },
  { reference: "Return load: Severnside to Plymouth", from: SITES.severnside, to: SITES.plymouth, dayAfterDelivery: 1 },
];

/** Open single loads near Pennine's Bristol delivery, in its window; nothing when there is no such load. */
export async function seedReturnLoads(db: PrismaClient, accounts: Accounts): Promise<void> {
  if (await db.job.findFirst({ where: { reference: FIRST_REFERENCE }, select: { id: true } })) return;
  const shipperUser = await db.user.findFirst({ where: { accountId: accounts.shipper, role: { not: "driver" } }, orderBy: { id: "asc" } });
  const load = await db.load.findFirst({
    where: { carrierAccountId: accounts.carrier, status: { notIn: ["delivered", "cancelled"] }, deliveryDate: { not: null }, job: { locations: { some: { kind: "delivery", postCode: { startsWith: "BS" } } } } },
    orderBy: [{ collectedAt: { sort: "asc", nulls: "last" } }, { deliveryDate: "asc" }],
  });
  if (!shipperUser || !load?.deliveryDate) return;
  const deliveryDay = returnWindow(load.deliveryDate).fromDay;
  for (const job of RETURN_JOBS) {
    const day = new Date(`${addDays(deliveryDay, job.dayAfterDelivery)}T00:00:00Z`);
    await db.job.create({
      data: {
        shipperAccountId: accounts.shipper!, createdById: shipperUser.id, reference: job.reference, status: "open", jobType: "single",
        expectedQuantity: 1, numberOfLoads: 1, loadType: "palletised", palletType: "standard", quantityStandard: 18, totalWeightKg: 12_000,
        vehicleTypes: '["curtain_side","artic"]', publishedAt: new Date(), onMarket: true, audience: "market",
        locations: { create: [location("pickup", job.from, day, "08:00", "12:00"), location("delivery", job.to, day, "16:00", "21:00")] },
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
