import { db } from "#db/client.server.ts";
import { readInvoice, type InvoiceDetail } from "#models/invoices.server.ts";

// Issued invoices waiting to be e-mailed (Invoice.emailPending, set as each is issued). Every app
// process sweeps for them; an invoice is claimed by the update that clears its flag, so only one
// process sends it, and given back when the sending fails, so a later sweep tries again.

const AT_A_TIME = 20;

export async function invoiceIdsToEmail(): Promise<number[]> {
  const pending = await db().invoice.findMany({ where: { emailPending: true }, select: { id: true }, orderBy: { id: "asc" }, take: AT_A_TIME });
  return pending.map((invoice) => invoice.id);
}

/** The invoice, once this process has claimed its e-mail; null when another process got there first. */
export async function claimInvoiceEmail(id: number): Promise<InvoiceDetail | null> {
  const { count } = await db().invoice.updateMany({ where: { id, emailPending: true }, data: { emailPending: false } });
  return count ? readInvoice(id) : null;
}

export async function releaseInvoiceEmail(id: number): Promise<void> {
  await db().invoice.update({ where: { id }, data: { emailPending: true } });
}
