import type { Prisma, PrismaClient } from "#generated/prisma/client.ts";
import { awardJob } from "#models/award.server.ts";

// Demo bidding: quotes on open tenders, a scheduled auction, a live auction closing in a few
// hours, and an awarded job whose loads have drivers. Uses the jobs seed's open tenders when there
// are some; its own auctions and awarded job are recognised by reference, so a second run adds nothing.
// Awards go through awardJob (the app's client), which is the client the seed is given.

const LIVE_AUCTION = "Chilled pallets auction: Manchester to Glasgow";
const SCHEDULED_AUCTION = "Ambient groceries auction: Daventry to Cardiff";
const AWARDED_JOB = "Weekly chilled run: Leeds to Bristol";

const DAY = 86_400_000;
const HOUR = 3_600_000;

type Accounts = Record<string, number>;

export async function seedBidding(db: PrismaClient, accounts: Accounts): Promise<void> {
  if (await db.job.findFirst({ where: { reference: LIVE_AUCTION }, select: { id: true } })) return;
  const people = await demoPeople(db, accounts);
  if (!people) return;
  const now = Date.now();

  await quoteOpenTenders(db, accounts, people, now);

  const live = await createDemoJob(db, accounts.shipper!, people.shipperUserId, {
    reference: LIVE_AUCTION,
    status: "live",
    jobType: "single",
    numberOfLoads: 4,
    expectedQuantity: 4,
    isAuction: true,
    auctionOpensAt: new Date(now - HOUR),
    auctionClosesAt: new Date(now + 3 * HOUR),
    secureNowPriceCents: 52_000,
    firstBidPercentage: 50,
    secondBidPercentage: 50,
    thirdBidPercentage: 0,
  }, ["Manchester", "M17 1SN", "Trafford Park", 53.4625, -2.3236], ["Glasgow", "G33 4EL", "Queenslie Industrial Estate", 55.8663, -4.1323], now + 3 * DAY);
  await bid(db, live.id, accounts.carrier2!, people.carrier2UserId, 61_000, 4, now - 30 * 60_000);

  await createDemoJob(db, accounts.shipper!, people.shipperUserId, {
    reference: SCHEDULED_AUCTION,
    status: "scheduled",
    jobType: "single",
    numberOfLoads: 2,
    expectedQuantity: 2,
    isAuction: true,
    auctionOpensAt: new Date(now + 2 * DAY),
    auctionClosesAt: new Date(now + 3 * DAY),
    secureNowPriceCents: 39_500,
  }, ["Daventry", "NN11 8RB", "DIRFT", 52.2955, -1.1846], ["Cardiff", "CF3 2EX", "Wentloog Avenue", 51.5071, -3.1271], now + 6 * DAY);

  const weekly = await createDemoJob(db, accounts.shipper!, people.shipperUserId, {
    reference: AWARDED_JOB,
    status: "open",
    jobType: "multi",
    frequency: "weekly",
    startDate: dayStart(now + DAY),
    endDate: dayStart(now + 36 * DAY),
    expectedQuantity: 6,
    firstBidPercentage: 70,
    secondBidPercentage: 30,
    thirdBidPercentage: 0,
  }, ["Leeds", "LS10 1RJ", "Stourton", 53.7700, -1.5150], ["Bristol", "BS11 8AZ", "Avonmouth", 51.5050, -2.6760], null);
  await bid(db, weekly.id, accounts.carrier!, people.carrierUserId, 48_000, 6, now - 2 * DAY);
  await bid(db, weekly.id, accounts.carrier2!, people.carrier2UserId, 49_500, 4, now - DAY);
  await awardJob(weekly.id);
  await driveLoads(db, accounts, people, weekly.id);
}

type People = { shipperUserId: number; carrierUserId: number; carrier2UserId: number; driverIds: number[]; driver3Id: number | null };

async function demoPeople(db: PrismaClient, accounts: Accounts): Promise<People | null> {
  const users = await db.user.findMany({ where: { accountId: { in: [accounts.shipper!, accounts.carrier!, accounts.carrier2!] } }, orderBy: { id: "asc" } });
  const office = (accountId: number | undefined) => users.find((u) => u.accountId === accountId && u.role !== "driver")?.id;
  const shipperUserId = office(accounts.shipper);
  const carrierUserId = office(accounts.carrier);
  const carrier2UserId = office(accounts.carrier2);
  if (!shipperUserId || !carrierUserId || !carrier2UserId) return null;
  const driverIds = users.filter((u) => u.accountId === accounts.carrier && u.role === "driver").map((u) => u.id);
  const driver3Id = users.find((u) => u.accountId === accounts.carrier2 && u.role === "driver")?.id ?? null;
  return { shipperUserId, carrierUserId, carrier2UserId, driverIds, driver3Id };
}

/** Both demo carriers quote on the first open tenders the jobs seed made (or on one of ours). */
async function quoteOpenTenders(db: PrismaClient, accounts: Accounts, people: People, now: number) {
  let tenders = await db.job.findMany({ where: { shipperAccountId: accounts.shipper, status: "open", isAuction: false }, orderBy: { id: "asc" }, take: 3 });
  if (!tenders.length) {
    tenders = [
      await createDemoJob(db, accounts.shipper!, people.shipperUserId, { reference: "Palletised drinks: Burton to Norwich", status: "open", jobType: "single", numberOfLoads: 3, expectedQuantity: 3 }, ["Burton upon Trent", "DE14 1PZ", "Centrum 100", 52.7900, -1.6560], ["Norwich", "NR6 6EP", "Airport Industrial Estate", 52.6680, 1.2790], now + 5 * DAY),
    ];
  }
  for (const [i, job] of tenders.entries()) {
    const loads = Math.max(1, job.expectedQuantity);
    await bid(db, job.id, accounts.carrier!, people.carrierUserId, 42_000 + i * 3_000, loads, now - (5 - i) * HOUR);
    if (i < 2) await bid(db, job.id, accounts.carrier2!, people.carrier2UserId, 40_500 + i * 5_000, Math.max(1, Math.ceil(loads / 2)), now - (4 - i) * HOUR);
  }
}

/** Dave has the first two loads (one collected), Gemma the third; Tom drives for Severn. */
async function driveLoads(db: PrismaClient, accounts: Accounts, people: People, jobId: number) {
  const loads = await db.load.findMany({ where: { jobId }, orderBy: { sequence: "asc" } });
  const pennine = loads.filter((l) => l.carrierAccountId === accounts.carrier);
  const severn = loads.filter((l) => l.carrierAccountId === accounts.carrier2);
  const plan: [number | undefined, number | undefined | null][] = [
    [pennine[0]?.id, people.driverIds[0]],
    [pennine[1]?.id, people.driverIds[0]],
    [pennine[2]?.id, people.driverIds[1]],
    [severn[0]?.id, people.driver3Id],
  ];
  for (const [loadId, driverId] of plan) {
    if (loadId && driverId) await db.load.update({ where: { id: loadId }, data: { driverId, status: "driver_assigned" } });
  }
  if (pennine[0]) {
    await db.load.update({ where: { id: pennine[0].id }, data: { status: "collected", collectedAt: new Date() } });
    await db.job.update({ where: { id: jobId }, data: { status: "in_progress" } });
  }
}

function bid(db: PrismaClient, jobId: number, carrierAccountId: number, placedById: number, valueCents: number, numberOfLoads: number, at: number) {
  return db.quote.upsert({
    where: { jobId_carrierAccountId: { jobId, carrierAccountId } },
    create: { jobId, carrierAccountId, placedById, valueCents, numberOfLoads, status: "active", createdAt: new Date(at), updatedAt: new Date(at) },
    update: {},
  });
}

type Place = [city: string, postCode: string, address: string, latitude: number, longitude: number];

function createDemoJob(db: PrismaClient, shipperAccountId: number, createdById: number, columns: Partial<Prisma.JobUncheckedCreateInput> & { reference: string; status: string; jobType: string }, pickup: Place, delivery: Place, pickupDay: number | null) {
  return db.job.create({
    data: {
      shipperAccountId,
      createdById,
      loadType: "palletised",
      palletType: "standard",
      quantityStandard: 24,
      totalWeightKg: 18_000,
      vehicleTypes: JSON.stringify(["curtain_side"]),
      publishedAt: new Date(),
      ...columns,
      locations: {
        create: [
          { kind: "pickup", position: 0, city: pickup[0], postCode: pickup[1], address: pickup[2], latitude: pickup[3], longitude: pickup[4], countryCode: "GB", windowDate: pickupDay ? dayStart(pickupDay) : null, windowFrom: "07:00", windowTo: "11:00" },
          { kind: "delivery", position: 0, city: delivery[0], postCode: delivery[1], address: delivery[2], latitude: delivery[3], longitude: delivery[4], countryCode: "GB", windowDate: pickupDay ? dayStart(pickupDay + DAY) : null, windowFrom: "08:00", windowTo: "16:00" },
        ],
      },
    },
  });
}

const dayStart = (ms: number) => new Date(new Date(ms).toISOString().slice(0, 10) + "T00:00:00Z");
