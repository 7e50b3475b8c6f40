import type { PrismaClient } from "#generated/prisma/client.ts";

// Demo support chats (Sarah's, answered; Callum's, waiting for support) and a contract awarded to
// Pennine Haulage that waits for its office to sign to accept. Recognised by the contract's
// reference, so a second run adds nothing.

const CONTRACT = "Contract: Midlands ambient replenishment";
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

type Accounts = Record<string, number>;

export async function seedSupport(db: PrismaClient, accounts: Accounts, now = Date.now()): Promise<void> {
  if (!accounts.shipper || !accounts.carrier) return;
  if (await db.job.findFirst({ where: { reference: CONTRACT }, select: { id: true } })) return;
  const [sarah, callum, sam] = await Promise.all(
    ["shipper@example.com", "carrier@example.com", "support@example.com"].map((email) => db.user.findUnique({ where: { email }, select: { id: true } })),
  );
  if (!sarah || !callum || !sam) return;
  await chat(db, sarah.id, [
    { fromUserId: sarah.id, fromSupport: false, body: "Hello, can a colleague see the quotes on my jobs too?", at: now - 2 * DAY, read: true },
    { fromUserId: sam.id, fromSupport: true, body: "Yes: invite them from Team with the member role. They see every job of Northwind Foods.", at: now - 2 * DAY + HOUR, read: true },
  ]);
  await chat(db, callum.id, [{ fromUserId: callum.id, fromSupport: false, body: "Where do I sign for the Midlands contract we won?", at: now - HOUR, read: false }]);
  await awardedContract(db, accounts, sarah.id, callum.id, now);
}

type Line = { fromUserId: number; fromSupport: boolean; body: string; at: number; read: boolean };

async function chat(db: PrismaClient, userId: number, lines: Line[]) {
  const { id } = await db.supportConversation.create({ data: { userId, lastMessageAt: new Date(lines.at(-1)!.at), createdAt: new Date(lines[0]!.at) } });
  await db.supportMessage.createMany({
    data: lines.map((line) => ({ conversationId: id, fromUserId: line.fromUserId, fromSupport: line.fromSupport, body: line.body, createdAt: new Date(line.at), readAt: line.read ? new Date(line.at + HOUR) : null })),
  });
}

const place = (kind: "pickup" | "delivery", city: string, postCode: string, latitude: number, longitude: number) => ({
  kind, position: 0, city, postCode, region: "England", countryCode: "GB", latitude, longitude, address: "Distribution centre", companyName: `Northwind ${city}`,
});

async function awardedContract(db: PrismaClient, accounts: Accounts, shipperUserId: number, carrierUserId: number, now: number) {
  const start = new Date(Date.UTC(new Date(now).getUTCFullYear(), new Date(now).getUTCMonth() + 1, 1));
  const job = await db.job.create({
    data: {
      shipperAccountId: accounts.shipper!, createdById: shipperUserId, reference: CONTRACT, status: "awarded", jobType: "contract",
      contractDuration: "six_months", callOffLoadType: "scheduled", loadType: "palletised", palletType: "standard", quantityStandard: 20,
      startDate: start, endDate: new Date(start.getTime() + 181 * DAY), expectedQuantity: 4, publishedAt: new Date(now - 6 * DAY), awardedAt: new Date(now - DAY),
      locations: { create: [place("pickup", "Daventry", "NN11 8QL", 52.286, -1.175), place("delivery", "Birmingham", "B46 1AL", 52.525, -1.707)] },
    },
  });
  const quote = await db.quote.create({ data: { jobId: job.id, carrierAccountId: accounts.carrier!, placedById: carrierUserId, valueCents: 39_000, numberOfLoads: 4, status: "accepted" } });
  await db.load.createMany({
    data: [1, 2, 3, 4].map((sequence) => ({ jobId: job.id, sequence, carrierAccountId: accounts.carrier!, quoteId: quote.id, status: "assigned", priceCents: 39_000, pickupDate: new Date(start.getTime() + (sequence - 1) * 7 * DAY) })),
  });
}
