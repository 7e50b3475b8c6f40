import { db } from "#db/client.server.ts";
import type { Prisma } from "#generated/prisma/client.ts";
import { found } from "#lib/errors.server.ts";
import { filteredScope, type InvoiceFilters } from "#models/invoices/list.server.ts";
import type { CurrentUser } from "#models/users.server.ts";

// Every invoice of this office's that the filters pick, oldest first, with its lines and both
// parties' snapshots: what an accounting export needs. Unlike the list it has no limit, since an
// export that silently stopped at 200 invoices would under-state the books. Drivers get 404.

const exportSelect = {
  id: true, number: true, issueDate: true, dueDate: true, supplier: true, customer: true,
  lines: { select: { description: true, netPence: true, vatRateBp: true }, orderBy: { id: "asc" } },
} as const;

export type ExportInvoice = Prisma.InvoiceGetPayload<{ select: typeof exportSelect }>;

export async function invoicesForExport(user: CurrentUser, filters: InvoiceFilters, now = new Date()): Promise<ExportInvoice[]> {
  const where = found(filteredScope(user, filters, now));
  // A draft is not an invoice yet (no number): it is not in the books.
  return db().invoice.findMany({ where: { AND: [where, { status: { not: "draft" } }] }, select: exportSelect, orderBy: { id: "asc" } });
}
