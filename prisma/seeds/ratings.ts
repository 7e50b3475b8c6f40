import type { PrismaClient } from "#generated/prisma/client.ts";
import { averageCentistars } from "#domain/ratings/rules.ts";

// Ratings in the demo, so profiles and quote lists show real scores: on Northwind's delivered loads
// of the last year (seedHistory), Northwind has rated both Pennine and Severn and each carrier has
// rated Northwind back (so those ratings are revealed); Pennine has replied to its lowest one. On
// Pennine's most recent delivery (within the 30 days) only Northwind has rated so far: still blind
// to Pennine. Answers vary by load, from a fixed pattern. Runs after seedHistory and seedProofReviews;
// a second run adds nothing (a load with a rating is left as it is).

const DAY = 86_400_000;
const RATED_PER_CARRIER = 6;
type Accounts = Record<string, number>;
type Load = { id: number; carrierAccountId: number | null; deliveredAt: Date | null };

const SHIPPER_COMMENTS = ["Collected and delivered on time, POD sent the same day.", "Good communication on the road.", "", "Arrived an hour late at Glasgow, but called ahead.", "", "Careful with the pallets, paperwork complete."];
const CARRIER_COMMENTS = ["Clear instructions, quick turnaround at the dock.", "", "Waited 90 minutes for a tipping slot.", "", "Paid on the due date.", ""];
const STARS = [5, 4, 5, 3, 4, 5, 4];
const star = (i: number) => STARS[i % STARS.length]!;

/** Northwind's rating of the carrier on one load. */
function shipperRating(load: Load, i: number, shipperAccountId: number, authorId: number) {
  const answers = { punctuality: i === 3 ? 2 : star(i), communication: star(i + 1), careOfGoods: star(i + 2), paperwork: star(i + 3) };
  const createdAt = new Date(load.deliveredAt!.getTime() + DAY);
  return {
    loadId: load.id, side: "shipper", raterAccountId: shipperAccountId, ratedAccountId: load.carrierAccountId!, authorId, ...answers,
    averageCentistars: averageCentistars(Object.values(answers)), wouldAgain: i !== 3, comment: SHIPPER_COMMENTS[i % SHIPPER_COMMENTS.length] || null, createdAt,
  };
}

/** The carrier's rating of Northwind on the same load. */
function carrierRating(load: Load, i: number, shipperAccountId: number, authorId: number) {
  const answers = { accuracy: star(i + 2), siteAndWaiting: i === 2 ? 2 : star(i + 4), communication: star(i + 1), paymentOnTime: star(i + 5) };
  const createdAt = new Date(load.deliveredAt!.getTime() + 2 * DAY);
  return {
    loadId: load.id, side: "carrier", raterAccountId: load.carrierAccountId!, ratedAccountId: shipperAccountId, authorId, ...answers,
    averageCentistars: averageCentistars(Object.values(answers)), wouldAgain: true, comment: CARRIER_COMMENTS[i % CARRIER_COMMENTS.length] || null, createdAt,
  };
}

const adminOf = async (db: PrismaClient, accountId: number) =>
  (await db.user.findFirstOrThrow({ where: { accountId, role: "admin" }, orderBy: { id: "asc" }, select: { id: true } })).id;

/** Delivered loads of Northwind's run by this carrier with no rating yet, newest first. */
const unratedLoads = (db: PrismaClient, shipperAccountId: number, carrierAccountId: number, deliveredBefore: Date, take: number) =>
  db.load.findMany({
    where: { status: "delivered", carrierAccountId, job: { shipperAccountId }, deliveredAt: { not: null, lt: deliveredBefore }, ratings: { none: {} } },
    select: { id: true, carrierAccountId: true, deliveredAt: true }, orderBy: { deliveredAt: "desc" }, take,
  });

/** Both sides rated on the carrier's older loads; the carrier replies to the lowest of Northwind's. */
async function seedRevealed(db: PrismaClient, accounts: Accounts, carrierKey: "carrier" | "carrier2", reply: string | null) {
  const shipperAccountId = accounts.shipper!;
  const carrierAccountId = accounts[carrierKey]!;
  if (await db.rating.count({ where: { side: "carrier", raterAccountId: carrierAccountId, ratedAccountId: shipperAccountId } })) return;
  const [shipperAuthor, carrierAuthor] = [await adminOf(db, shipperAccountId), await adminOf(db, carrierAccountId)];
  const loads = await unratedLoads(db, shipperAccountId, carrierAccountId, new Date(Date.now() - 31 * DAY), RATED_PER_CARRIER);
  for (const [i, load] of loads.entries()) {
    const rated = await db.rating.create({ data: shipperRating(load, i, shipperAccountId, shipperAuthor), select: { id: true, createdAt: true } });
    await db.rating.create({ data: carrierRating(load, i, shipperAccountId, carrierAuthor) });
    if (reply && i === 3) await db.rating.update({ where: { id: rated.id }, data: { reply, repliedAt: new Date(rated.createdAt.getTime() + 2 * DAY), repliedById: carrierAuthor } });
  }
}

/** Northwind has rated Pennine's latest delivery (within the 30 days); Pennine has not yet: blind. */
async function seedBlind(db: PrismaClient, accounts: Accounts) {
  const shipperAccountId = accounts.shipper!;
  const [latest] = await db.load.findMany({
    where: { status: "delivered", carrierAccountId: accounts.carrier!, job: { shipperAccountId }, deliveredAt: { gte: new Date(Date.now() - 28 * DAY) } },
    select: { id: true, carrierAccountId: true, deliveredAt: true, ratings: { select: { id: true } } }, orderBy: { deliveredAt: "desc" }, take: 1,
  });
  if (!latest || latest.ratings.length || !latest.deliveredAt) return;
  const rating = shipperRating(latest, 0, shipperAccountId, await adminOf(db, shipperAccountId));
  await db.rating.create({ data: { ...rating, createdAt: new Date(Math.min(rating.createdAt.getTime(), Date.now())) } });
}

export async function seedRatings(db: PrismaClient, accounts: Accounts): Promise<void> {
  if (!accounts.shipper || !accounts.carrier || !accounts.carrier2) return;
  await seedBlind(db, accounts);
  await seedRevealed(db, accounts, "carrier", "Sorry about Glasgow: the M74 was closed at Junction 4. We now plan that run with an hour in hand.");
  await seedRevealed(db, accounts, "carrier2", null);
}
