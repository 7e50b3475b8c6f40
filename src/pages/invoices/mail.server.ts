import { invoiceLetter } from "#domain/invoices/letters.ts";
import type { Mail } from "#lib/mailer.server.ts";
import { readParty, type InvoiceDetail } from "#models/invoices.server.ts";
import { invoicePath } from "#pages/invoices.server.ts";
import { invoiceFile } from "#pages/invoices/file.server.ts";

/**
 * The e-mail that carries an issued invoice, its PDF attached, to the invoice e-mail address the
 * receiving company gave in its billing details (copied into the invoice at issue): the shipper's
 * for a carrier's invoice, the carrier's for one the shipper self-billed. Null when there is none.
 */
export async function invoiceMail(invoice: InvoiceDetail, origin: string, now = new Date()): Promise<Mail | null> {
  const selfBilled = invoice.selfBillingAgreementId !== null;
  const supplier = readParty(invoice.supplier);
  const customer = readParty(invoice.customer);
  const to = (selfBilled ? supplier : customer).invoiceEmail;
  if (!to || !invoice.number) return null;
  const letter = invoiceLetter({
    number: invoice.number, selfBilled, supplier: supplier.legalName, customer: customer.legalName,
    grossPence: invoice.grossPence, dueDate: invoice.dueDate, link: `${origin.replace(/\/+$/, "")}${invoicePath(invoice.id)}`,
  });
  const { filename, pdf } = await invoiceFile(invoice, !selfBilled, now);
  return { to, ...letter, attachments: [{ filename, content: pdf, contentType: "application/pdf" }] };
}
