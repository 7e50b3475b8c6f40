import type { PrismaClient } from "#generated/prisma/client.ts";
import { autoAcceptAt } from "#domain/loads/proof-review.ts";
import { calendarDateValue } from "#domain/jobs/stored-values.ts";
import { toDateInputValue } from "#domain/format/dates.ts";
import { signature, store } from "./files.ts";

// The shipper's review of proofs of delivery in the demo: a spot load Severn delivered two days ago
// (signed for), whose proof awaits Northwind's review beside the Pennine load delivered yesterday;
// every other delivered load settled by the rule, as if the app had been running: accepted by
// itself 5 working days after its delivery when that day has passed, else awaiting review. A second
// run adds nothing (the spot job is recognised by its reference; settled loads have a status).

export const RECENT_DELIVERY_REFERENCE = "Spot load to Doncaster (delivered this week)";
const DAY = 86_400_000;
type Accounts = Record<string, number>;

const place = (kind: "pickup" | "delivery", city: string, postCode: string, latitude: number, longitude: number, day: string) => ({
  kind, position: 0, city, postCode, region: "England", countryCode: "GB", latitude, longitude, windowDate: calendarDateValue(day),
  companyName: `Northwind ${city}`, address: "Distribution centre", fullAddress: `Northwind ${city}, ${postCode}, UK`,
});

/** Severn's spot load from Leeds to Doncaster, delivered two days before `now` and signed for by Joe at goods-in. */
async function seedRecentDelivery(db: PrismaClient, accounts: Accounts, now: Date) {
  const shipperAccountId = accounts.shipper!;
  if (await db.job.findFirst({ where: { shipperAccountId, reference: RECENT_DELIVERY_REFERENCE }, select: { id: true } })) return;
  const people = await db.user.findMany({ where: { email: { in: ["shipper@example.com", "carrier2@example.com", "driver3@example.com"] } }, select: { id: true, email: true } });
  const id = (email: string) => people.find((person) => person.email === email)?.id;
  const [shipperId, carrierId, driverId] = [id("shipper@example.com"), id("carrier2@example.com"), id("driver3@example.com")];
  if (!shipperId || !carrierId || !driverId) return;
  const deliveredAt = new Date(now.getTime() - 2 * DAY);
  const collectedAt = new Date(deliveredAt.getTime() - 3 * 3_600_000);
  const day = toDateInputValue(collectedAt);
  const job = await db.job.create({
    data: {
      shipperAccountId, createdById: shipperId, reference: RECENT_DELIVERY_REFERENCE, status: "completed", jobType: "single", loadType: "palletised",
      palletType: "standard", quantityStandard: 18, publishedAt: new Date(now.getTime() - 6 * DAY), awardedAt: new Date(now.getTime() - 4 * DAY),
      locations: { create: [place("pickup", "Leeds", "LS9 0RS", 53.789, -1.508, day), place("delivery", "Doncaster", "DN11 0BF", 53.473, -1.104, day)] },
    },
  });
  const quote = await db.quote.create({ data: { jobId: job.id, carrierAccountId: accounts.carrier2!, placedById: carrierId, valueCents: 27_500, numberOfLoads: 1, status: "accepted" } });
  const load = await db.load.create({
    data: { jobId: job.id, sequence: 1, carrierAccountId: accounts.carrier2!, quoteId: quote.id, driverId, status: "delivered", priceCents: 27_500, pickupDate: calendarDateValue(day), deliveryDate: calendarDateValue(day), collectedAt, deliveredAt },
  });
  const signed = await store(db, driverId, await signature());
  await db.proofOfDelivery.create({ data: { loadId: load.id, recipientName: "Joe Barker", deliveredAt, latitude: 53.473, longitude: -1.104, signatureBlobId: signed.id, recordedById: driverId } });
}

/** Delivered loads with no proof status yet (not the shipper's own fleet's): accepted by itself when due, else awaiting review. */
async function settleDeliveredProofs(db: PrismaClient, now: Date) {
  const loads = await db.load.findMany({
    where: { status: "delivered", proofStatus: null, deliveredAt: { not: null } },
    select: { id: true, deliveredAt: true, carrierAccountId: true, job: { select: { shipperAccountId: true } } },
  });
  const reviewed = loads.filter((load) => load.carrierAccountId !== null && load.carrierAccountId !== load.job.shipperAccountId);
  const due = reviewed.map((load) => ({ id: load.id, at: autoAcceptAt(load.deliveredAt!) }));
  const accepted = due.filter((load) => load.at <= now);
  const waiting = due.filter((load) => load.at > now).map((load) => load.id);
  await db.$transaction([
    ...accepted.map(({ id, at }) => db.load.update({ where: { id }, data: { proofStatus: "accepted", proofAcceptedAt: at } })),
    db.load.updateMany({ where: { id: { in: waiting } }, data: { proofStatus: "awaiting_review" } }),
    // A review with no person: the proof accepted by itself.
    db.proofReview.createMany({ data: accepted.map(({ id, at }) => ({ loadId: id, decision: "accepted", createdAt: at })) }),
  ]);
}

export async function seedProofReviews(db: PrismaClient, accounts: Accounts, now = new Date()): Promise<void> {
  if (!accounts.shipper || !accounts.carrier2) return;
  await seedRecentDelivery(db, accounts, now);
  await settleDeliveredProofs(db, now);
}
