import { db } from "#db/client.server.ts";
import { ukDate } from "#domain/invoices/dates.ts";
import type { Prisma } from "#generated/prisma/client.ts";
import { invoiceScope, invoiceSideOf } from "#models/invoices.server.ts";
import type { CurrentUser } from "#models/users.server.ts";

// An office's invoices, newest first: a carrier's the ones it issued, a shipper's the ones issued to
// it. The states partition them: "draft" (the carrier's, not sent yet; the shipper never sees one),
// "issued" (awaiting payment, not yet due or due today), "overdue" (awaiting payment from the day
// after the due date, as dates.ts has it), "paid" and "credited" (cancelled in full by credit notes).

export const INVOICE_STATES = ["draft", "issued", "overdue", "paid", "credited"] as const;
export type InvoiceState = (typeof INVOICE_STATES)[number];
export type InvoiceFilters = { state?: InvoiceState | null; counterpart?: number | null };

/** The most a list shows; older invoices are past the end of it (the CSV export has them all). */
export const INVOICE_LIST_LIMIT = 200;

/** Midnight UTC of today's UK day: a due date (stored so) before it is past. */
const startOfToday = (now: Date) => new Date(`${ukDate(now)}T00:00:00Z`);

function stateWhere(state: InvoiceState | null | undefined, now: Date): Prisma.InvoiceWhereInput {
  if (state === "draft") return { status: "draft" };
  if (state === "paid" || state === "credited") return { status: state };
  if (state === "overdue") return { status: "issued", dueDate: { lt: startOfToday(now) } };
  return state === "issued" ? { status: "issued", dueDate: { gte: startOfToday(now) } } : {};
}

const listSelect = {
  id: true, number: true, status: true, issueDate: true, dueDate: true, grossPence: true, paidAt: true, receiptConfirmedAt: true,
  issuerAccount: { select: { id: true, name: true } },
  customerAccount: { select: { id: true, name: true } },
} as const;

export type InvoiceRow = Prisma.InvoiceGetPayload<{ select: typeof listSelect }>;

/** This office's invoices narrowed by the filters; null for anyone without invoices (drivers). */
export function filteredScope(user: CurrentUser, filters: InvoiceFilters, now: Date): Prisma.InvoiceWhereInput | null {
  const scope = invoiceScope(user);
  if (!scope) return null;
  const side = invoiceSideOf(user);
  const counterpart = filters.counterpart ? (side === "issuer" ? { customerAccountId: filters.counterpart } : { issuerAccountId: filters.counterpart }) : {};
  return { ...scope, ...stateWhere(filters.state, now), ...counterpart };
}

/** This office's invoices in a state and with one counterpart (each optional); [] for anyone without invoices. */
export async function invoicesFor(user: CurrentUser, filters: InvoiceFilters = {}, now = new Date()): Promise<InvoiceRow[]> {
  const where = filteredScope(user, filters, now);
  if (!where) return [];
  return db().invoice.findMany({
    where,
    select: listSelect,
    orderBy: { id: "desc" },
    take: INVOICE_LIST_LIMIT,
  });
}

/** The accounts on the other side of this office's invoices, by name: the counterpart filter's choices. */
export function counterpartsOf(user: CurrentUser): Promise<{ id: number; name: string }[]> {
  const side = invoiceSideOf(user);
  if (!side) return Promise.resolve([]);
  const where = side === "issuer" ? { invoicesReceived: { some: { issuerAccountId: user.accountId } } } : { invoicesIssued: { some: { customerAccountId: user.accountId } } };
  return db().account.findMany({ where, select: { id: true, name: true }, orderBy: [{ name: "asc" }, { id: "asc" }] });
}
