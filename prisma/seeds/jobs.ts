import type { Prisma, PrismaClient } from "#generated/prisma/client.ts";
import { addDays } from "#domain/format/calendar.ts";
import { contractEndDate, contractMonths } from "#domain/jobs/contract-months.ts";
import { expectedQuantity } from "#domain/jobs/schedule.ts";
import { additionalDataText, calendarDateValue } from "#domain/jobs/stored-values.ts";

// Demo jobs for Northwind Foods: every load type, the UK nations (Northern Ireland too) and the
// continent, drafts, open tenders, recurring and contract work, a cancelled job, and enough open
// work for the job board to run to a second page. Dates are relative to today. A second run adds
// nothing (recognised by the first job's reference).

type Place = {
  company: string;
  address: string;
  city: string;
  postCode: string;
  region: string | null;
  countryCode: string;
  lat: number;
  lng: number;
};

const P = {
  leeds: { company: "Northwind Foods Leeds DC", address: "Pontefract Lane, Cross Green", city: "Leeds", postCode: "LS9 0RS", region: "England", countryCode: "GB", lat: 53.789, lng: -1.508 },
  manchester: { company: "Northwind Foods Trafford", address: "Unit 4, Westinghouse Road, Trafford Park", city: "Manchester", postCode: "M17 1PY", region: "England", countryCode: "GB", lat: 53.464, lng: -2.321 },
  daventry: { company: "DIRFT Cross-dock", address: "Royal Oak Way North", city: "Daventry", postCode: "NN11 8QL", region: "England", countryCode: "GB", lat: 52.286, lng: -1.175 },
  bristol: { company: "Avonmouth Cold Store", address: "Kings Weston Lane, Avonmouth", city: "Bristol", postCode: "BS11 8AZ", region: "England", countryCode: "GB", lat: 51.505, lng: -2.676 },
  felixstowe: { company: "Port of Felixstowe", address: "Trinity Terminal", city: "Felixstowe", postCode: "IP11 4SY", region: "England", countryCode: "GB", lat: 51.956, lng: 1.311 },
  southampton: { company: "Southampton Container Terminal", address: "Western Docks", city: "Southampton", postCode: "SO15 1DA", region: "England", countryCode: "GB", lat: 50.905, lng: -1.428 },
  doncaster: { company: "iPort Doncaster", address: "Great Yorkshire Way", city: "Doncaster", postCode: "DN11 0BF", region: "England", countryCode: "GB", lat: 53.473, lng: -1.104 },
  birmingham: { company: "Hams Hall Warehouse 3", address: "Faraday Avenue, Hams Hall", city: "Birmingham", postCode: "B46 1AL", region: "England", countryCode: "GB", lat: 52.525, lng: -1.707 },
  glasgow: { company: "Queenslie Food Hub", address: "Stepps Road, Queenslie", city: "Glasgow", postCode: "G33 4EL", region: "Scotland", countryCode: "GB", lat: 55.868, lng: -4.133 },
  edinburgh: { company: "Newbridge Bakery Supplies", address: "Cliftonhall Road, Newbridge", city: "Edinburgh", postCode: "EH28 8PJ", region: "Scotland", countryCode: "GB", lat: 55.931, lng: -3.409 },
  cardiff: { company: "Wentloog Distribution", address: "Wentloog Avenue", city: "Cardiff", postCode: "CF3 2EX", region: "Wales", countryCode: "GB", lat: 51.512, lng: -3.118 },
  swansea: { company: "Swansea Enterprise Park Unit 9", address: "Siemens Way", city: "Swansea", postCode: "SA7 9BB", region: "Wales", countryCode: "GB", lat: 51.664, lng: -3.915 },
  belfast: { company: "Harbour Chill Belfast", address: "Duncrue Street", city: "Belfast", postCode: "BT3 9AR", region: "Northern Ireland", countryCode: "GB", lat: 54.624, lng: -5.919 },
  newry: { company: "Newry Retail Park DC", address: "Carnbane Industrial Estate", city: "Newry", postCode: "BT35 6QH", region: "Northern Ireland", countryCode: "GB", lat: 54.188, lng: -6.333 },
  dublin: { company: "Dublin Fresh Ltd", address: "Ballycoolin Business Park", city: "Dublin", postCode: "D15 K7PX", region: null, countryCode: "IE", lat: 53.409, lng: -6.359 },
  rotterdam: { company: "Maasvlakte Oils BV", address: "Europaweg 875", city: "Rotterdam", postCode: "3199 LD", region: null, countryCode: "NL", lat: 51.955, lng: 4.055 },
  paris: { company: "Rungis Marché International", address: "1 Rue de la Tour", city: "Rungis", postCode: "94150", region: null, countryCode: "FR", lat: 48.752, lng: 2.353 },
  hamburg: { company: "Hamburg Süd Lager", address: "Am Ballinkai 1", city: "Hamburg", postCode: "21129", region: null, countryCode: "DE", lat: 53.531, lng: 9.931 },
  warsaw: { company: "Mazovia Logistics", address: "ul. Annopol 3", city: "Warsaw", postCode: "03-236", region: null, countryCode: "PL", lat: 52.305, lng: 21.039 },
} satisfies Record<string, Place>;

type Stop = { place: Place; day?: number; from?: string; to?: string };

type DemoJob = Partial<Omit<Prisma.JobUncheckedCreateInput, "locations">> & {
  reference: string;
  status: string;
  jobType: string;
  loadType: string;
  pickups: Stop[];
  deliveries: Stop[];
  /** Single loads: days from today of the first collection. */
};

const FIRST_REFERENCE = "Chilled ready meals to Belfast";
export const POOLS_FIRST_REFERENCE = "Chilled yoghurt Leeds to Doncaster";

function jobs(today: string): DemoJob[] {
  const on = (days: number) => addDays(today, days);
  const pallets = (type: "eu" | "standard", n: number, kg: number) => ({
    loadType: "palletised", palletType: type, [type === "eu" ? "quantityEu" : "quantityStandard"]: n, palletSize: type === "eu" ? "1200x800" : "1200x1000", totalWeightKg: kg,
  });
  const named: DemoJob[] = [
    { reference: FIRST_REFERENCE, status: "open", jobType: "single", ...pallets("eu", 22, 11_000), loadCondition: "chilled", vehicleTypes: '["refrigerated","artic"]', requiredCertifications: '["temperature_controlled","brcgs"]', customsPaperwork: "windsor_green_lane", additionalNotes: "Keep at 0–5 °C. Booking reference NW-4471 at the Belfast gate.", pickups: [{ place: P.leeds, day: 3, from: "06:00", to: "09:00" }], deliveries: [{ place: P.belfast, day: 4, from: "10:00", to: "14:00" }] },
    { reference: "Ambient groceries Leeds to Bristol", status: "open", jobType: "single", numberOfLoads: 2, callOffLoadType: "all_at_once", ...pallets("standard", 26, 19_500), loadCondition: "ambient", vehicleTypes: '["curtain_side","artic"]', vehicleSpec: "standard", pickups: [{ place: P.leeds, day: 5, from: "07:00", to: "11:00" }], deliveries: [{ place: P.bristol, day: 5, from: "15:00", to: "20:00" }] },
    { reference: "Frozen desserts to Dublin", status: "open", jobType: "single", ...pallets("eu", 18, 8_400), loadCondition: "frozen", vehicleTypes: '["refrigerated"]', requiredCertifications: '["temperature_controlled"]', customsPaperwork: "carrier_arranges", pickups: [{ place: P.manchester, day: 6, from: "05:00", to: "08:00" }], deliveries: [{ place: P.dublin, day: 7 }] },
    { reference: "IBCs of sunflower oil to Rotterdam", status: "open", jobType: "single", loadType: "ibc", loadQuantity: 20, totalWeightKg: 19_000, loadCondition: "ambient", vehicleTypes: '["curtain_side","tail_lift"]', customsPaperwork: "t1_transit", pickups: [{ place: P.doncaster, day: 8 }], deliveries: [{ place: P.rotterdam, day: 10 }] },
    { reference: "Drums of cleaning fluid to Cardiff", status: "open", jobType: "single", loadType: "drums", loadQuantity: 80, totalWeightKg: 16_800, loadCondition: "hazardous", vehicleTypes: '["curtain_side"]', vehicleSpec: "tail_lift", requiredCertifications: '["adr"]', pickups: [{ place: P.doncaster, day: 9, from: "08:00", to: "12:00" }], deliveries: [{ place: P.cardiff, day: 9, from: "16:00", to: "19:00" }] },
    { reference: "40 ft container from Felixstowe", status: "open", jobType: "single", loadType: "shipping_container", containerSize: "40ft_hc", pickups: [{ place: P.felixstowe, day: 4, from: "09:00", to: "17:00" }], deliveries: [{ place: P.daventry, day: 5 }] },
    { reference: "Loose sacks of flour to Edinburgh", status: "open", jobType: "single", loadType: "without_pallets", totalWeightKg: 12_000, vehicleTypes: '["box","rigid_18t"]', additionalNotes: "Hand-balled: 480 sacks of 25 kg.", pickups: [{ place: P.birmingham, day: 11 }], deliveries: [{ place: P.edinburgh, day: 12, from: "06:00", to: "10:00" }] },
    { reference: "Weekday bakery run to Glasgow", status: "open", jobType: "multi", startDate: calendarDateValue(on(14)), endDate: calendarDateValue(on(41)), frequency: "weekdays", numberOfLoads: 1, ...pallets("standard", 20, 7_500), loadCondition: "ambient", vehicleTypes: '["curtain_side","rigid_26t"]', pickups: [{ place: P.manchester, from: "04:00", to: "06:00" }], deliveries: [{ place: P.glasgow, from: "10:00", to: "12:00" }] },
    { reference: "Weekly export to Rungis", status: "open", jobType: "multi", startDate: calendarDateValue(on(7)), endDate: calendarDateValue(on(63)), frequency: "weekly", numberOfLoads: 2, ...pallets("eu", 33, 14_000), loadCondition: "chilled", vehicleTypes: '["refrigerated","artic"]', requiredCertifications: '["temperature_controlled","aeo"]', customsPaperwork: "shipper_provides", pickups: [{ place: P.southampton, from: "12:00", to: "16:00" }], deliveries: [{ place: P.paris, from: "04:00", to: "07:00" }] },
    { reference: "Contract: Northern Ireland store replenishment", status: "open", jobType: "contract", startDate: calendarDateValue(on(30)), contractDuration: "one_year", callOffLoadType: "scheduled", ...pallets("standard", 24, 16_000), vehicleTypes: '["curtain_side","refrigerated"]', requiredCertifications: '["fors_silver"]', customsPaperwork: "windsor_green_lane", pickups: [{ place: P.leeds, from: "18:00", to: "22:00" }, { place: P.manchester, from: "20:00", to: "23:00" }], deliveries: [{ place: P.newry }, { place: P.belfast }] },
    { reference: "Draft: Christmas peak pallets to Newry", status: "draft", jobType: "single", ...pallets("eu", 30, 12_000), vehicleTypes: '["curtain_side"]', customsPaperwork: "windsor_green_lane", pickups: [{ place: P.daventry, day: 45 }], deliveries: [{ place: P.newry, day: 47 }] },
    { reference: "Draft: seasonal stock to Warsaw", status: "draft", jobType: "single", ...pallets("eu", 26, 10_000), vehicleTypes: '["curtain_side","artic"]', customsPaperwork: "carrier_arranges", pickups: [{ place: P.birmingham, day: 50 }], deliveries: [{ place: P.warsaw, day: 53 }] },
    { reference: "Cancelled: promotional display stands to Swansea", status: "cancelled", jobType: "single", loadType: "without_pallets", totalWeightKg: 2_000, vehicleTypes: '["luton"]', pickups: [{ place: P.leeds, day: 2 }], deliveries: [{ place: P.swansea, day: 3 }], cancelledAt: new Date() },
    // Offered to Northwind's "Pennine regulars" first (linked by seedPoolsFirstJob): Severn Freight
    // cannot see it until it reaches the open market in two days, unless every load is allocated.
    { reference: POOLS_FIRST_REFERENCE, status: "open", jobType: "single", ...pallets("eu", 16, 7_200), loadCondition: "chilled", vehicleTypes: '["refrigerated"]', requiredCertifications: '["temperature_controlled"]', audience: "pools_then_market", onMarket: false, marketAt: new Date(`${on(2)}T09:00:00Z`), pickups: [{ place: P.leeds, day: 6, from: "05:00", to: "08:00" }], deliveries: [{ place: P.doncaster, day: 6, from: "10:00", to: "13:00" }] },
    { reference: "Chilled trunk to Hamburg", status: "open", jobType: "single", ...pallets("eu", 33, 15_500), loadCondition: "chilled", vehicleTypes: '["refrigerated","artic"]', requiredCertifications: '["temperature_controlled"]', customsPaperwork: "t1_transit", pickups: [{ place: P.daventry, day: 13 }], deliveries: [{ place: P.hamburg, day: 15 }] },
  ];
  // Repeat business across the network, so the job board runs to a second page.
  const lanes: [Place, Place][] = [
    [P.leeds, P.glasgow], [P.manchester, P.cardiff], [P.daventry, P.bristol], [P.birmingham, P.leeds], [P.doncaster, P.southampton],
    [P.bristol, P.edinburgh], [P.cardiff, P.manchester], [P.glasgow, P.belfast], [P.felixstowe, P.birmingham], [P.southampton, P.doncaster],
    [P.leeds, P.newry], [P.edinburgh, P.daventry],
  ];
  const repeats = Array.from({ length: 24 }, (_, i): DemoJob => {
    const [from, to] = lanes[i % lanes.length]!;
    const toNi = to.region === "Northern Ireland" && from.region !== "Northern Ireland";
    return {
      reference: `Store replenishment ${from.city} to ${to.city} #${i + 1}`,
      status: "open",
      jobType: "single",
      ...(i % 3 === 0 ? pallets("eu", 20 + (i % 13), 9_000 + i * 250) : pallets("standard", 12 + (i % 14), 6_000 + i * 300)),
      loadCondition: i % 4 === 0 ? "chilled" : "ambient",
      vehicleTypes: i % 4 === 0 ? '["refrigerated"]' : '["curtain_side","box"]',
      customsPaperwork: toNi ? "windsor_green_lane" : null,
      pickups: [{ place: from, day: 16 + i, from: "07:00", to: "10:00" }],
      deliveries: [{ place: to, day: 17 + i, from: "09:00", to: "15:00" }],
    };
  });
  return [...named, ...repeats];
}

function location(kind: "pickup" | "delivery", position: number, stop: Stop, today: string, single: boolean): Prisma.JobLocationCreateWithoutJobInput {
  const { place } = stop;
  return {
    kind,
    position,
    fullAddress: `${place.company}, ${place.address}, ${place.city} ${place.postCode}, ${place.countryCode === "GB" ? "UK" : place.countryCode}`,
    companyName: place.company,
    address: place.address,
    city: place.city,
    postCode: place.postCode,
    region: place.region,
    countryCode: place.countryCode,
    latitude: place.lat,
    longitude: place.lng,
    windowDate: single && stop.day !== undefined ? calendarDateValue(addDays(today, stop.day)) : null,
    windowFrom: stop.from ?? null,
    windowTo: stop.to ?? null,
  };
}

function columnsOf(job: DemoJob, today: string) {
  const { pickups, deliveries, ...columns } = job;
  const single = job.jobType === "single";
  const start = single ? calendarDateValue(addDays(today, pickups[0]?.day ?? 0)) : (columns.startDate as Date | null | undefined) ?? null;
  const startText = start?.toISOString().slice(0, 10) ?? null;
  const estimates = job.jobType === "contract" && startText
    ? contractMonths(startText, String(job.contractDuration)).map((month, i) => ({ month: month.month, numberOfLoads: 8 + ((i * 5) % 7) }))
    : [];
  const end = job.jobType === "contract" ? calendarDateValue(contractEndDate(startText, String(job.contractDuration))) : (columns.endDate as Date | null | undefined) ?? null;
  return {
    ...columns,
    startDate: start,
    endDate: end,
    additionalData: additionalDataText(estimates),
    expectedQuantity: expectedQuantity({
      jobType: job.jobType,
      numberOfLoads: job.numberOfLoads as number | null | undefined,
      startDate: startText,
      endDate: end?.toISOString().slice(0, 10) ?? null,
      frequency: job.frequency as string | null | undefined,
      loadEstimates: estimates,
    }),
    locations: {
      create: [
        ...pickups.map((stop, i) => location("pickup", i, stop, today, single)),
        ...deliveries.map((stop, i) => location("delivery", i, stop, today, single)),
      ],
    },
  };
}

export async function seedJobs(db: PrismaClient, accounts: Record<string, number>): Promise<void> {
  const shipperAccountId = accounts.shipper;
  if (!shipperAccountId) return;
  if (await db.job.findFirst({ where: { shipperAccountId, reference: FIRST_REFERENCE }, select: { id: true } })) return;
  const author = await db.user.findFirst({ where: { accountId: shipperAccountId, role: { not: "driver" } }, orderBy: { id: "asc" }, select: { id: true } });
  if (!author) return;
  const now = new Date();
  const today = now.toISOString().slice(0, 10);
  const list = jobs(today);
  // The named jobs first and newest, so they head the shipper's list (newest first).
  for (const [i, job] of list.entries()) {
    const createdAt = new Date(now.getTime() - (i + 1) * 3_600_000);
    await db.job.create({
      data: {
        ...columnsOf(job, today),
        shipperAccountId,
        createdById: author.id,
        publishedAt: job.status === "draft" ? null : createdAt,
        createdAt,
      },
    });
  }
}
