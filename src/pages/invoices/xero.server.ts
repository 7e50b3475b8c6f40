import { shownNumber } from "#domain/invoices/numbering.ts";
import { ukDate } from "#domain/invoices/dates.ts";
import { xeroCsv, type XeroInvoice } from "#domain/invoices/xero-csv.ts";
import { invoiceSideOf, readParty } from "#models/invoices.server.ts";
import { invoicesForExport, type ExportInvoice } from "#models/invoices/export.server.ts";
import type { InvoiceFilters } from "#models/invoices/list.server.ts";
import type { CurrentUser } from "#models/users.server.ts";

// The office's invoices as a file for Xero's "Import invoices" (xero-csv.ts has the columns and
// rules). The contact is the company on the other side as the invoice named it when issued (its
// snapshot), so the file matches the documents sent, whatever either side has changed since. Each
// line is one load at quantity 1, its net amount the unit price.

export const INVOICES_CSV_PATH = "/invoices.csv";
export const INVOICES_CSV_FILENAME = "invoices.csv";

function xeroInvoiceOf(invoice: ExportInvoice, issuerSide: boolean): XeroInvoice {
  const contact = readParty(issuerSide ? invoice.customer : invoice.supplier);
  return {
    contactName: contact.legalName,
    emailAddress: contact.invoiceEmail ?? "",
    invoiceNumber: shownNumber(invoice.number),
    invoiceDate: ukDate(invoice.issueDate),
    dueDate: invoice.dueDate.toISOString().slice(0, 10),
    lines: invoice.lines.map((line) => ({ description: line.description, quantity: 1, unitPence: line.netPence, rateBp: line.vatRateBp })),
  };
}

/** The CSV text; 404 for anyone without invoices (drivers). */
export async function invoicesCsv(user: CurrentUser, filters: InvoiceFilters, now = new Date()): Promise<string> {
  const invoices = await invoicesForExport(user, filters, now);
  const issuerSide = invoiceSideOf(user) === "issuer";
  return xeroCsv(invoices.map((invoice) => xeroInvoiceOf(invoice, issuerSide)));
}

/** The download link for the list as filtered. */
export function invoicesCsvHref(filters: InvoiceFilters): string {
  const query = new URLSearchParams();
  if (filters.state) query.set("state", filters.state);
  if (filters.counterpart) query.set("counterpart", String(filters.counterpart));
  const text = query.toString();
  return text ? `${INVOICES_CSV_PATH}?${text}` : INVOICES_CSV_PATH;
}
