import type { PrismaClient } from "#generated/prisma/client.ts";
import { invoiceAcceptedLoad } from "#models/invoices.server.ts";
import { issueDraftInvoice } from "#models/invoices/send.server.ts";

// Getting paid in the demo: billing details for Northwind and both carriers, and an invoice for each
// carrier's four most recent accepted loads for Northwind, drafted and sent by the app's own code
// (dated when each proof was accepted, numbered in each carrier's series as it is sent): Pennine's
// oldest paid and confirmed, Severn's oldest paid and awaiting Severn's confirmation, the rest unpaid
// (overdue once their terms have run out), except Severn's latest, left as a draft for Severn's office
// to check and send. A second run adds nothing.

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
  const carriers = [[accounts.carrier, "confirmed", false], [accounts.carrier2, "paid", true]] as const;
  for (const [carrierAccountId, paidFirst, leaveDraft] of carriers) {
    if (!carrierAccountId) continue;
    const sent = await invoiceLoads(db, shipperAccountId, carrierAccountId, leaveDraft);
    const first = sent[0];
    if (!first) continue;
    const payment = { status: "paid", paidAt: now, paidReference: paidFirst === "confirmed" ? "BACS 240117" : "BACS 240188" };
    await db.invoice.update({ where: { id: first }, data: { ...payment, receiptConfirmedAt: paidFirst === "confirmed" ? now : null } });
  }
  // The demo's invoices were e-mailed when they were sent, long before this start: none goes now.
  await db.invoice.updateMany({ where: { customerAccountId: shipperAccountId, emailPending: true }, data: { emailPending: false } });
}

/** The carrier's four latest accepted loads for the shipper, oldest first, each drafted and sent when its proof was accepted (the latest left a draft when asked): the ids sent. */
async function invoiceLoads(db: PrismaClient, shipperAccountId: number, carrierAccountId: number, leaveDraft: boolean): Promise<number[]> {
  const where = { carrierAccountId, proofStatus: "accepted", priceCents: { not: null }, job: { shipperAccountId } };
  const loads = await db.load.findMany({ where, orderBy: { deliveredAt: "desc" }, take: 4, select: { id: true, proofAcceptedAt: true } });
  const sent: number[] = [];
  for (const [index, load] of loads.reverse().entries()) {
    // As if drafted (and sent) when the proof was accepted, not on the day the demo was made.
    const at = load.proofAcceptedAt ?? new Date();
    const id = await invoiceAcceptedLoad(load.id, at);
    if (!id) continue;
    await db.invoice.update({ where: { id }, data: { createdAt: at } });
    if (leaveDraft && index === loads.length - 1) continue;
    if ((await issueDraftInvoice({ id, issuerAccountId: carrierAccountId }, at)).ok) sent.push(id);
  }
  return sent;
}
