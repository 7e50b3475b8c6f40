import { shownNumber } from "#domain/invoices/numbering.ts";
import type { InvoiceDetail } from "#models/invoices.server.ts";
import { paymentStatusOf } from "#pages/invoices.server.ts";
import { invoiceDocument } from "#pages/invoices/document.server.ts";
import { latePaymentOf } from "#pages/invoices/late-payment.server.ts";
import { invoiceFilename, invoicePdf } from "#pages/pdf/invoice.server.ts";

/** The invoice as a PDF file, as the customer's side (bank details shown) or the issuer's sees it. */
export async function invoiceFile(invoice: InvoiceDetail, forCustomer: boolean, now = new Date()): Promise<{ filename: string; pdf: Buffer }> {
  const number = shownNumber(invoice.number);
  const late = latePaymentOf(invoice, now)?.facts ?? [];
  const pdf = await invoicePdf(number, invoiceDocument(invoice, forCustomer, now), { status: paymentStatusOf(invoice, now), late });
  return { filename: invoiceFilename(number), pdf };
}
