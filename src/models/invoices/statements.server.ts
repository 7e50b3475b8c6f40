import { db } from "#db/client.server.ts";
import { ukDate } from "#domain/invoices/dates.ts";
import type { Prisma } from "#generated/prisma/client.ts";
import { invoiceScope } from "#models/invoices.server.ts";
import type { CurrentUser } from "#models/users.server.ts";

// What a statement needs, in one read: this office's unpaid invoices and those paid this month
// (a UK calendar month; `paidAt` is stored as midnight UTC of the UK day it was paid), each with the
// account on both sides. The sums are done by the page (src/pages/invoices/statements.server.ts):
// what credit notes took off an invoice is not owed (creditedPence), and a fully credited invoice
// (status "credited") is in neither.

const statementSelect = {
  status: true, dueDate: true, grossPence: true, creditedPence: true,
  issuerAccount: { select: { id: true, name: true } },
  customerAccount: { select: { id: true, name: true } },
} as const;

export type StatementInvoice = Prisma.InvoiceGetPayload<{ select: typeof statementSelect }>;

/** Midnight UTC of the 1st of today's UK month: a paidAt on or after it was paid this month. */
export const startOfUkMonth = (now: Date) => new Date(`${ukDate(now).slice(0, 7)}-01T00:00:00Z`);

/** Unpaid invoices and those paid this month; [] for anyone without invoices. */
export async function statementInvoices(user: CurrentUser, now = new Date()): Promise<StatementInvoice[]> {
  const scope = invoiceScope(user);
  if (!scope) return [];
  const open = { OR: [{ status: "issued" }, { status: "paid", paidAt: { gte: startOfUkMonth(now) } }] };
  return db().invoice.findMany({ where: { ...scope, ...open }, select: statementSelect, orderBy: { id: "asc" } });
}
