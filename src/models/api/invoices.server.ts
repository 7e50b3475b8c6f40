import { db } from "#db/client.server.ts";
import { invoiceScope } from "#models/invoices.server.ts";
import type { CurrentUser } from "#models/users.server.ts";

// The API's invoices, a page at a time by id (newest first), by the invoice pages' own rule
// (invoiceScope): the issuer's office sees its own, drafts too; the customer's office those issued to it.

const apiInvoiceSelect = {
  id: true, number: true, status: true, issuerAccountId: true, customerAccountId: true, issueDate: true, taxPoint: true, dueDate: true,
  netPence: true, vatPence: true, grossPence: true, creditedPence: true, paidAt: true, receiptConfirmedAt: true,
  lines: { select: { loadId: true, description: true, collectionDate: true, deliveryDate: true, netPence: true, vatRateBp: true, vatPence: true }, orderBy: { id: "asc" } },
} as const;

export type InvoiceFilter = { status?: string | undefined; cursor?: number | undefined; limit: number };

/** One page, and one row more; none for anyone without invoices (drivers). */
export async function invoicePage(user: CurrentUser, filter: InvoiceFilter) {
  const scope = invoiceScope(user);
  if (!scope) return [];
  const where = { AND: [scope, filter.status ? { status: filter.status } : {}, filter.cursor ? { id: { lt: filter.cursor } } : {}] };
  return db().invoice.findMany({ where, select: apiInvoiceSelect, orderBy: { id: "desc" }, take: filter.limit + 1 });
}
