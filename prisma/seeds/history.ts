import type { PrismaClient } from "#generated/prisma/client.ts";
import { addDays } from "#domain/format/calendar.ts";
import { addToMonth, monthOfInstant, monthsEndingWith } from "#domain/charts/months.ts";
import { additionalDataText, calendarDateValue } from "#domain/jobs/stored-values.ts";
import { fillMissingJobCo2e } from "#models/jobs/co2e.server.ts";

// A year of finished work for Northwind Foods, so every dashboard chart shows something true: the
// twelve months before this one, four regular lanes run by Pennine and Severn (a few loads late),
// a spot job a month that both carriers quoted on (one won, one lost), and a six-month contract
// whose finished months ran within, above and below its estimate. Dates are relative to today; a
// second run adds nothing (recognised by the first lane's reference).

type Town = { city: string; postCode: string; region: string; lat: number; lng: number };
const T = {
  leeds: { city: "Leeds", postCode: "LS9 0RS", region: "England", lat: 53.789, lng: -1.508 },
  glasgow: { city: "Glasgow", postCode: "G33 4EL", region: "Scotland", lat: 55.868, lng: -4.133 },
  manchester: { city: "Manchester", postCode: "M17 1PY", region: "England", lat: 53.464, lng: -2.321 },
  bristol: { city: "Bristol", postCode: "BS11 8AZ", region: "England", lat: 51.505, lng: -2.676 },
  daventry: { city: "Daventry", postCode: "NN11 8QL", region: "England", lat: 52.286, lng: -1.175 },
  cardiff: { city: "Cardiff", postCode: "CF3 2EX", region: "Wales", lat: 51.512, lng: -3.118 },
  felixstowe: { city: "Felixstowe", postCode: "IP11 4SY", region: "England", lat: 51.956, lng: 1.311 },
  birmingham: { city: "Birmingham", postCode: "B46 1AL", region: "England", lat: 52.525, lng: -1.707 },
  doncaster: { city: "Doncaster", postCode: "DN11 0BF", region: "England", lat: 53.473, lng: -1.104 },
} satisfies Record<string, Town>;

type Lane = { reference: string; from: Town; to: Town; carrier: "carrier" | "carrier2"; perMonth: number; pricePounds: number };
const LANES: Lane[] = [
  { reference: "Weekly trunking: Leeds to Glasgow", from: T.leeds, to: T.glasgow, carrier: "carrier", perMonth: 4, pricePounds: 620 },
  { reference: "Chilled run: Manchester to Bristol", from: T.manchester, to: T.bristol, carrier: "carrier2", perMonth: 3, pricePounds: 480 },
  { reference: "Ambient: Daventry to Cardiff", from: T.daventry, to: T.cardiff, carrier: "carrier", perMonth: 2, pricePounds: 390 },
  { reference: "Port clearance: Felixstowe to Birmingham", from: T.felixstowe, to: T.birmingham, carrier: "carrier2", perMonth: 2, pricePounds: 410 },
];
export const HISTORY_CONTRACT_REFERENCE = "Contract: Yorkshire store deliveries";
/** The contract's estimate each month, and the loads actually called off in each finished month. */
const CONTRACT_ESTIMATE = 10;
const CONTRACT_CALLED_OFF = [10, 13, 7, 11, 9];

type Accounts = Record<string, number>;
type Ctx = { db: PrismaClient; shipperAccountId: number; createdById: number; accounts: Accounts; months: string[] };

const place = (kind: "pickup" | "delivery", town: Town) => ({
  kind, position: 0, city: town.city, postCode: town.postCode, region: town.region, countryCode: "GB", latitude: town.lat, longitude: town.lng,
  companyName: `Northwind ${town.city}`, address: "Distribution centre", fullAddress: `Northwind ${town.city}, ${town.postCode}, UK`,
});
const at = (day: string, hourUtc: number) => new Date(`${day}T${String(hourUtc).padStart(2, "0")}:00:00.000Z`);

/** A delivered load collected on `day`; every seventh is delivered a day late, every eleventh collected late. */
function deliveredLoad(jobId: number, sequence: number, carrierAccountId: number, day: string, pence: number) {
  const lateCollection = sequence % 11 === 0;
  const lateDelivery = sequence % 7 === 0;
  const collected = lateCollection ? addDays(day, 1) : day;
  return {
    jobId, sequence, carrierAccountId, status: "delivered", priceCents: pence,
    pickupDate: calendarDateValue(day), deliveryDate: calendarDateValue(addDays(day, 1)),
    collectedAt: at(collected, 8), deliveredAt: at(addDays(collected, lateDelivery ? 2 : 1), 14),
  };
}

async function seedLane(ctx: Ctx, lane: Lane) {
  const job = await ctx.db.job.create({
    data: {
      shipperAccountId: ctx.shipperAccountId, createdById: ctx.createdById, reference: lane.reference, status: "completed", jobType: "multi",
      frequency: "weekly", loadType: "palletised", palletType: "standard", quantityStandard: 24, expectedQuantity: lane.perMonth * ctx.months.length,
      startDate: calendarDateValue(`${ctx.months[0]}-01`), vehicleTypes: '["curtain_side"]', publishedAt: at(`${ctx.months[0]}-01`, 9),
      awardedAt: at(`${ctx.months[0]}-01`, 12), locations: { create: [place("pickup", lane.from), place("delivery", lane.to)] },
    },
  });
  const carrierAccountId = ctx.accounts[lane.carrier]!;
  const loads = ctx.months.flatMap((month, m) =>
    Array.from({ length: lane.perMonth }, (_, i) => {
      const sequence = m * lane.perMonth + i + 1;
      return deliveredLoad(job.id, sequence, carrierAccountId, `${month}-${String(3 + i * 7).padStart(2, "0")}`, (lane.pricePounds + ((sequence * 13) % 40)) * 100);
    }),
  );
  await ctx.db.load.createMany({ data: loads });
}

/** One spot job a month: both carriers quote, one wins (alternately) and delivers its one load. */
async function seedSpotJobs(ctx: Ctx, placedBy: Record<string, number>) {
  for (const [m, month] of ctx.months.entries()) {
    const day = `${month}-12`;
    const job = await ctx.db.job.create({
      data: {
        shipperAccountId: ctx.shipperAccountId, createdById: ctx.createdById, reference: `Spot load to Doncaster (${month})`, status: "completed", jobType: "single",
        loadType: "palletised", palletType: "standard", quantityStandard: 20, publishedAt: at(addDays(day, -5), 9), awardedAt: at(addDays(day, -3), 9), createdAt: at(addDays(day, -5), 9),
        locations: { create: [place("pickup", T.leeds), place("delivery", T.doncaster)] },
      },
    });
    const winner = m % 2 ? "carrier2" : "carrier";
    for (const carrier of ["carrier", "carrier2"]) {
      await ctx.db.quote.create({
        data: {
          jobId: job.id, carrierAccountId: ctx.accounts[carrier]!, placedById: placedBy[carrier]!, valueCents: carrier === winner ? 29_000 : 31_500, numberOfLoads: 1,
          status: carrier === winner ? "accepted" : "declined", createdAt: at(addDays(day, -4), 10),
        },
      });
    }
    await ctx.db.load.create({ data: deliveredLoad(job.id, 1, ctx.accounts[winner]!, day, 29_000) });
  }
}

/** Six months from five months ago: the five finished months within, above, below, within, within. */
async function seedContract(ctx: Ctx, thisMonth: string) {
  const months = Array.from({ length: 6 }, (_, i) => addToMonth(thisMonth, i - 5));
  const job = await ctx.db.job.create({
    data: {
      shipperAccountId: ctx.shipperAccountId, createdById: ctx.createdById, reference: HISTORY_CONTRACT_REFERENCE, status: "in_progress", jobType: "contract",
      contractDuration: "six_months", callOffLoadType: "scheduled", loadType: "palletised", palletType: "standard", quantityStandard: 22,
      startDate: calendarDateValue(`${months[0]}-01`), endDate: calendarDateValue(addDays(`${addToMonth(months[5]!, 1)}-01`, -1)),
      expectedQuantity: CONTRACT_ESTIMATE * months.length, additionalData: additionalDataText(months.map((month) => ({ month, numberOfLoads: CONTRACT_ESTIMATE }))),
      publishedAt: at(`${addToMonth(months[0]!, -1)}-10`, 9), awardedAt: at(`${addToMonth(months[0]!, -1)}-20`, 9),
      locations: { create: [place("pickup", T.leeds), place("delivery", T.doncaster)] },
    },
  });
  let sequence = 0;
  const loads = CONTRACT_CALLED_OFF.flatMap((count, m) =>
    Array.from({ length: count }, (_, i) => deliveredLoad(job.id, ++sequence, ctx.accounts.carrier!, `${months[m]}-${String(1 + i * 2).padStart(2, "0")}`, 21_000)),
  );
  // This month's call-offs so far: booked, not yet collected.
  const later = Array.from({ length: 3 }, (_, i) => ({ jobId: job.id, sequence: ++sequence, carrierAccountId: ctx.accounts.carrier!, status: "assigned", priceCents: 21_000, pickupDate: calendarDateValue(`${thisMonth}-${String(26 + i).padStart(2, "0")}`) }));
  await ctx.db.load.createMany({ data: [...loads, ...later] });
}

export async function seedHistory(db: PrismaClient, accounts: Accounts, now = new Date()): Promise<void> {
  const shipperAccountId = accounts.shipper;
  if (!shipperAccountId || !accounts.carrier || !accounts.carrier2) return;
  if (await db.job.findFirst({ where: { shipperAccountId, reference: LANES[0]!.reference }, select: { id: true } })) return;
  const users = await db.user.findMany({ where: { accountId: { in: [shipperAccountId, accounts.carrier, accounts.carrier2] }, role: "admin" }, orderBy: { id: "asc" }, select: { id: true, accountId: true } });
  const adminOf = (accountId: number) => users.find((user) => user.accountId === accountId)?.id;
  const createdById = adminOf(shipperAccountId);
  if (!createdById) return;
  const thisMonth = monthOfInstant(now);
  const ctx: Ctx = { db, shipperAccountId, createdById, accounts, months: monthsEndingWith(addToMonth(thisMonth, -1), 12) };
  for (const lane of LANES) await seedLane(ctx, lane);
  await seedSpotJobs(ctx, { carrier: adminOf(accounts.carrier)!, carrier2: adminOf(accounts.carrier2)! });
  await seedContract(ctx, thisMonth);
  // Each job's CO2e per load, so the CO2e chart has the year to show (the seed writes jobs directly).
  await fillMissingJobCo2e();
}
