// Enough accepted prices on one lane for the price guide to show (docs/price-guide.md): Leeds (LS) to
// Bristol (BS), curtain-sider, palletised; six awarded jobs in the last two calendar months (always
// within the guide's 90 days), two each from Northwind Foods and two extra demo shippers, Aire Valley
// Paper and Mendip Drinks, carried by Pennine and Severn. As the extra shippers' loads fall in the
// months of Northwind's history, those months of the dashboard's price per mile index are backed by
// three shippers too. The demo's open "Ambient groceries Leeds to Bristol" job is on this lane, so
// the carrier sees the guide beside its quote form. A second run adds nothing (jobs by reference).
import { randomBytes } from "node:crypto";
import type { PrismaClient } from "#generated/prisma/client.ts";
import { hashPassword } from "#models/users.server.ts";

type Accounts = { shipper: number; carrier: number; carrier2: number };

const LEEDS = { city: "Leeds", postCode: "LS9 0RS", region: "England", countryCode: "GB", latitude: 53.789, longitude: -1.508 };
const BRISTOL = { city: "Bristol", postCode: "BS11 8AZ", region: "England", countryCode: "GB", latitude: 51.505, longitude: -2.676 };

const EXTRA_SHIPPERS = [
  { name: "Aire Valley Paper Ltd", email: "accounts@airevalleypaper.example", person: "Hannah Brook" },
  { name: "Mendip Drinks Co", email: "accounts@mendipdrinks.example", person: "Owen Price" },
] as const;

/** [shipper (0: Northwind, 1 and 2: the extra ones), months back, day of month, price in pence, carrier]. */
const AWARDS: [number, number, number, number, "carrier" | "carrier2"][] = [
  [0, 1, 15, 56_000, "carrier"], [0, 2, 15, 54_000, "carrier2"],
  [1, 1, 10, 58_000, "carrier2"], [1, 2, 20, 52_000, "carrier"],
  [2, 1, 20, 61_000, "carrier"], [2, 2, 10, 57_500, "carrier2"],
];

const DAY = 24 * 60 * 60 * 1000;

export async function seedPriceGuide(db: PrismaClient, accounts: Accounts, now = new Date()): Promise<void> {
  const shippers = [{ accountId: accounts.shipper, userId: await firstUser(db, accounts.shipper) }, ...(await extraShippers(db))];
  for (const [index, [who, monthsBack, day, priceCents, carrier]] of AWARDS.entries()) {
    const shipper = shippers[who]!;
    const reference = `Paper and drinks Leeds to Bristol ${index + 1}`;
    if (await db.job.findFirst({ where: { shipperAccountId: shipper.accountId, reference }, select: { id: true } })) continue;
    const awardedAt = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - monthsBack, day, 10));
    const carrierAccountId = accounts[carrier];
    const job = await db.job.create({
      data: {
        shipperAccountId: shipper.accountId, createdById: shipper.userId, reference, status: "completed", jobType: "single",
        loadType: "palletised", palletType: "standard", quantityStandard: 22, vehicleTypes: '["curtain_side"]', vehicleSpec: "standard",
        publishedAt: new Date(awardedAt.getTime() - 2 * DAY), awardedAt, createdAt: new Date(awardedAt.getTime() - 2 * DAY),
        locations: { create: [{ kind: "pickup", position: 0, ...LEEDS }, { kind: "delivery", position: 0, ...BRISTOL }] },
      },
      select: { id: true },
    });
    const quote = await db.quote.create({
      data: { jobId: job.id, carrierAccountId, placedById: await firstUser(db, carrierAccountId), valueCents: priceCents, numberOfLoads: 1, status: "accepted" },
      select: { id: true },
    });
    const pickupDate = new Date(awardedAt.getTime() + 2 * DAY);
    await db.load.create({
      data: {
        jobId: job.id, sequence: 1, carrierAccountId, quoteId: quote.id, priceCents, status: "delivered", pickupDate, deliveryDate: pickupDate,
        collectedAt: pickupDate, deliveredAt: new Date(pickupDate.getTime() + 8 * 60 * 60 * 1000),
      },
    });
  }
}

async function firstUser(db: PrismaClient, accountId: number): Promise<number> {
  return (await db.user.findFirstOrThrow({ where: { accountId }, orderBy: { id: "asc" }, select: { id: true } })).id;
}

/**
 * The two extra demo shippers (made once; no one signs in as them: their passwords are random, and
 * their addresses are not the demo users' @example.com ones, which the README lists and tests sign in as).
 */
async function extraShippers(db: PrismaClient): Promise<{ accountId: number; userId: number }[]> {
  const made = [];
  for (const shipper of EXTRA_SHIPPERS) {
    const existing = await db.user.findUnique({ where: { email: shipper.email }, select: { id: true, accountId: true } });
    if (existing) {
      made.push({ accountId: existing.accountId, userId: existing.id });
      continue;
    }
    const passwordHash = await hashPassword(randomBytes(32).toString("base64url"));
    const account = await db.account.create({ data: { kind: "shipper", name: shipper.name }, select: { id: true } });
    const user = await db.user.create({ data: { email: shipper.email, name: shipper.person, role: "admin", accountId: account.id, passwordHash }, select: { id: true } });
    made.push({ accountId: account.id, userId: user.id });
  }
  return made;
}
