import { db } from "#db/client.server.ts";
import { isOfficeOf } from "#domain/accounts/team.ts";
import type { Prisma } from "#generated/prisma/client.ts";
import { found, recordId } from "#lib/errors.server.ts";
import type { CurrentUser } from "#models/users.server.ts";

// Invoices: a carrier's (the issuer's) bill to a shipper (the customer) for carriage it ran. When a
// load's proof is accepted (invoices/issue) the carrier's office gets a draft to check and send
// (invoices/drafts, invoices/send), or, under a self-billing agreement, the shipper's account raises
// it at once (invoices/self-billed). Once issued it is numbered without gaps in its numbering
// account's series (invoices/numbering) and never edited or deleted: the customer's office records
// that it paid, and the issuer's office confirms the money arrived (invoices/payment). Only the two
// offices see it, and the customer never sees a draft; their drivers, and everyone else, get 404.

export { invoiceAcceptedLoad, invoiceAfterAcceptance, invoiceAfterChargesDecided } from "#models/invoices/issue.server.ts";
export { confirmReceipt, markPaid } from "#models/invoices/payment.server.ts";
export { invoicesFor, counterpartsOf, type InvoiceFilters, type InvoiceState } from "#models/invoices/list.server.ts";
export { readParty, type InvoiceParty } from "#models/invoices/parties.server.ts";

export type InvoiceSide = "issuer" | "customer";

/** Which side of invoices this person's office is on: a carrier's issues them, a shipper's receives them. */
export function invoiceSideOf(user: CurrentUser): InvoiceSide | null {
  if (isOfficeOf("carrier", user)) return "issuer";
  return isOfficeOf("shipper", user) ? "customer" : null;
}

/** The invoices this office may see: those its account issued (its drafts too), or those issued to it (never a draft). */
export function invoiceScope(user: CurrentUser): Prisma.InvoiceWhereInput | null {
  const side = invoiceSideOf(user);
  if (side === "issuer") return { issuerAccountId: user.accountId };
  return side === "customer" ? { customerAccountId: user.accountId, status: { not: "draft" } } : null;
}

const invoiceSelect = {
  id: true, issuerAccountId: true, customerAccountId: true, numberingAccountId: true, selfBillingAgreementId: true, creditedPence: true, series: true, sequence: true, number: true, status: true,
  issueDate: true, taxPoint: true, dueDate: true, netPence: true, vatPence: true, grossPence: true, supplier: true,
  customer: true, paidAt: true, paidReference: true, receiptConfirmedAt: true, createdAt: true,
  lines: {
    select: { id: true, loadId: true, description: true, collectionDate: true, deliveryDate: true, netPence: true, vatRateBp: true, vatPence: true },
    orderBy: { id: "asc" },
  },
} as const;

export type InvoiceDetail = Prisma.InvoiceGetPayload<{ select: typeof invoiceSelect }>;

/** The invoice, whoever asks: for the app's own work (e-mailing it), never for a request. */
export const readInvoice = (id: number) => db().invoice.findUnique({ where: { id }, select: invoiceSelect });

/** The invoice, for the office of its issuer or of its customer; 404 for anyone else, drivers included. */
export async function requireInvoiceFor(user: CurrentUser, id: unknown): Promise<InvoiceDetail> {
  const scope = found(invoiceScope(user));
  return found(await db().invoice.findFirst({ where: { id: recordId(id), ...scope }, select: invoiceSelect }));
}

/** Whether this person is in the office the invoice is addressed to (who pays it). */
export const isCustomerOf = (invoice: Pick<InvoiceDetail, "customerAccountId">, user: CurrentUser) =>
  invoiceSideOf(user) === "customer" && user.accountId === invoice.customerAccountId;

/** Whether this person is in the office that issued the invoice (who is paid). */
export const isIssuerOf = (invoice: Pick<InvoiceDetail, "issuerAccountId">, user: CurrentUser) =>
  invoiceSideOf(user) === "issuer" && user.accountId === invoice.issuerAccountId;
