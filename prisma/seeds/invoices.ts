import type { PrismaClient } from "#generated/prisma/client.ts";
import { invoiceAcceptedLoad } from "#models/invoices.server.ts";

// Getting paid in the demo: billing details for Northwind and both carriers, and an invoice for each
// carrier's four most recent accepted loads for Northwind, issued and numbered by the app's own code
// (dated when each proof was accepted): Pennine's oldest paid and confirmed, Severn's oldest paid and
// awaiting Severn's confirmation, the rest unpaid (overdue once their terms have run out). A second
// run adds nothing.

type Accounts = Record<string, number>;

const BILLING = {
  shipper: {
    legalName: "Northwind Foods Ltd", companyNumber: "01234567", registeredAddress: "Unit 4, Stourton Park\nLeeds\nLS10 1RJ",
    vatNumber: "GB123456789", invoiceEmail: "accounts@northwind.example", paymentTermsDays: 30,
  },
  carrier: {
    legalName: "Pennine Haulage Ltd", companyNumber: "07654321", registeredAddress: "Ripponden Road\nHalifax\nHX6 4AA",
    vatNumber: "GB987654321", invoiceEmail: "invoices@pennine.example", sortCode: "402020", accountNumber: "12345678",
  },
  carrier2: {
    legalName: "Severn Freight Services Ltd", companyNumber: "09876543", registeredAddress: "Severn Road\nAvonmouth\nBS11 9YN",
    vatNumber: "GB246813579", invoiceEmail: "accounts@severn.example", sortCode: "309634", accountNumber: "87654321",
  },
} as const;

export async function seedInvoices(db: PrismaClient, accounts: Accounts): Promise<void> {
  for (const [key, details] of Object.entries(BILLING)) {
    const accountId = accounts[key];
    if (accountId) await db.billingDetails.upsert({ where: { accountId }, update: {}, create: { accountId, ...details } });
  }
  const shipperAccountId = accounts.shipper;
  if (!shipperAccountId || (await db.invoice.count({ where: { customerAccountId: shipperAccountId } }))) return;
  const now = new Date();
  for (const [carrierAccountId, paidFirst] of [[accounts.carrier, "confirmed"], [accounts.carrier2, "paid"]] as const) {
    const where = { carrierAccountId, proofStatus: "accepted", priceCents: { not: null }, job: { shipperAccountId } };
    const loads = await db.load.findMany({ where, orderBy: { deliveredAt: "desc" }, take: 4, select: { id: true, proofAcceptedAt: true } });
    const issued: number[] = [];
    for (const load of loads.reverse()) {
      const id = await invoiceAcceptedLoad(load.id);
      // As if issued when the proof was accepted, not on the day the demo was made.
      if (id && load.proofAcceptedAt) await db.invoice.update({ where: { id }, data: { issueDate: load.proofAcceptedAt, createdAt: load.proofAcceptedAt } });
      if (id) issued.push(id);
    }
    const first = issued[0];
    if (!first) continue;
    const payment = { status: "paid", paidAt: now, paidReference: paidFirst === "confirmed" ? "BACS 240117" : "BACS 240188" };
    await db.invoice.update({ where: { id: first }, data: { ...payment, receiptConfirmedAt: paidFirst === "confirmed" ? now : null } });
  }
}
