import type { PrismaClient } from "#generated/prisma/client.ts";
import { creditableInvoiceById, recordCreditNote } from "#models/credit-notes.server.ts";

// Credit notes in the demo: of the invoices Pennine Haulage issued to Northwind (seeds/invoices.ts,
// run before this), the newest unpaid one is credited in whole (so it reads "credited") and the one
// before it in part, each numbered in Pennine's CN series by the app's own code. A second run adds
// nothing.

type Accounts = Record<string, number>;

const WHOLE = "The load was cancelled after the collection was refused: nothing is due";
const PART = "Two pallets were damaged in transit: their share of the carriage is credited";

export async function seedCreditNotes(db: PrismaClient, accounts: Accounts): Promise<void> {
  const customerAccountId = accounts.shipper;
  const issuerAccountId = accounts.carrier;
  if (!customerAccountId || !issuerAccountId) return;
  if (await db.creditNote.count({ where: { invoice: { customerAccountId } } })) return;
  const unpaid = await db.invoice.findMany({
    where: { issuerAccountId, customerAccountId, status: "issued", number: { not: null }, creditedPence: 0 },
    select: { id: true },
    orderBy: { id: "desc" },
    take: 2,
  });
  const [whole, part] = await Promise.all(unpaid.map((invoice) => creditableInvoiceById(invoice.id)));
  if (whole) await recordCreditNote(whole, { amountPence: whole.grossPence, reason: WHOLE, createdById: null });
  // A quarter of it, in whole pence.
  if (part) await recordCreditNote(part, { amountPence: Math.floor(part.grossPence / 4), reason: PART, createdById: null });
}
