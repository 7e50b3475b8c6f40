import { DEFAULT_LIMIT, paged } from "#domain/api/common.ts";
import { presentInvoice } from "#domain/api/invoices.ts";
import type { ApiRoutes } from "#domain/api/routes.ts";
import { invoicePage } from "#models/api/invoices.server.ts";
import { isCustomerOf, requireInvoiceFor } from "#models/invoices.server.ts";
import { invoiceFile } from "#pages/invoices/file.server.ts";
import type { Handlers } from "#server/api/dispatch.server.ts";

// Invoices: the invoice pages' scope, finder and PDF.

type InvoiceRoutes = Pick<ApiRoutes, "listInvoices" | "getInvoice" | "getInvoicePdf">;

export const invoiceHandlers: Handlers<InvoiceRoutes> = {
  async listInvoices({ caller, query }) {
    const limit = query.limit ?? DEFAULT_LIMIT;
    const rows = await invoicePage(caller.user, { status: query.status, cursor: query.cursor, limit });
    return { status: 200, body: paged(rows, limit, presentInvoice) };
  },

  async getInvoice({ caller, params }) {
    return { status: 200, body: presentInvoice(await requireInvoiceFor(caller.user, params.id)) };
  },

  async getInvoicePdf({ caller, params }) {
    const invoice = await requireInvoiceFor(caller.user, params.id);
    const { filename, pdf } = await invoiceFile(invoice, isCustomerOf(invoice, caller.user));
    return { status: 200, file: pdf, type: "application/pdf", filename };
  },
};
