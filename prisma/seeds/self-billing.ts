import type { PrismaClient } from "#generated/prisma/client.ts";
import { ukDate } from "#domain/invoices/dates.ts";
import { agreementTerm } from "#domain/invoices/self-billing.ts";

// Self-billing in the demo: Northwind and Pennine have an agreement in force, accepted two days ago
// under Pennine's VAT number, so the Pennine load delivered yesterday (its proof awaiting Northwind's
// review, seeds/proof-review.ts) is self-billed the moment Northwind accepts it: an "SB<Pennine's
// id>" invoice raised by Northwind at once. Pennine's earlier loads were delivered before it started
// and keep Pennine's own invoices (seeds/invoices.ts). Run it after seedInvoices. A second run adds
// nothing (the pair's agreement is recognised).

const DAY = 86_400_000;
type Accounts = Record<string, number>;

const dayInstant = (isoDate: string) => new Date(`${isoDate}T00:00:00Z`);

export async function seedSelfBilling(db: PrismaClient, accounts: Accounts, now = new Date()): Promise<void> {
  const shipperAccountId = accounts.shipper;
  const carrierAccountId = accounts.carrier;
  if (!shipperAccountId || !carrierAccountId) return;
  if (await db.selfBillingAgreement.findFirst({ where: { shipperAccountId, carrierAccountId }, select: { id: true } })) return;
  const people = await db.user.findMany({ where: { email: { in: ["shipper@example.com", "carrier@example.com"] } }, select: { id: true, email: true } });
  const offeredById = people.find((person) => person.email === "shipper@example.com")?.id;
  const decidedById = people.find((person) => person.email === "carrier@example.com")?.id;
  if (!offeredById || !decidedById) return;
  const carrier = await db.billingDetails.findUnique({ where: { accountId: carrierAccountId }, select: { vatNumber: true } });
  const acceptedAt = new Date(now.getTime() - 2 * DAY);
  const term = agreementTerm(ukDate(acceptedAt));
  await db.selfBillingAgreement.create({
    data: {
      shipperAccountId, carrierAccountId, status: "accepted", startsOn: dayInstant(term.startDate), endsOn: dayInstant(term.endDate),
      carrierVatNumber: carrier?.vatNumber ?? null, offeredById, decidedById, decidedAt: acceptedAt, createdAt: new Date(acceptedAt.getTime() - DAY),
    },
  });
}
