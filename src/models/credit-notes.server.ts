import { db } from "#db/client.server.ts";
import { owedPence } from "#domain/invoices/credit-notes.ts";
import type { Prisma } from "#generated/prisma/client.ts";
import { found, recordId } from "#lib/errors.server.ts";
import { invoiceScope, invoiceSideOf } from "#models/invoices.server.ts";
import type { CurrentUser } from "#models/users.server.ts";

// Credit notes: an issued invoice is never edited; it is reduced, wholly or in part, by a credit note
// in the "CN" series of the account that numbers the invoice (the carrier for its own invoices, the
// shipper for one it self-billed), issued by that account's office (credit-notes/issue). Both offices
// on the invoice see its credit notes; their drivers, and everyone else, get 404.

export { issueCreditNote, recordCreditNote, CREDIT_NOTE_REFUSALS } from "#models/credit-notes/issue.server.ts";

const creditableSelect = {
  id: true, issuerAccountId: true, customerAccountId: true, numberingAccountId: true, selfBillingAgreementId: true, number: true, status: true,
  issueDate: true, taxPoint: true, grossPence: true, vatPence: true, creditedPence: true, supplier: true, customer: true,
  lines: { select: { netPence: true, vatRateBp: true, vatPence: true }, orderBy: { id: "asc" } },
} as const;

export type CreditableInvoice = Prisma.InvoiceGetPayload<{ select: typeof creditableSelect }>;

/** The invoice, for the office of either side; 404 for anyone else, drivers included. */
export async function requireCreditableInvoice(user: CurrentUser, id: unknown): Promise<CreditableInvoice> {
  const scope = found(invoiceScope(user));
  return found(await db().invoice.findFirst({ where: { id: recordId(id), ...scope }, select: creditableSelect }));
}

/** The invoice by id, for the app's own work (the demo data); null when there is none. */
export function creditableInvoiceById(id: number): Promise<CreditableInvoice | null> {
  return db().invoice.findUnique({ where: { id }, select: creditableSelect });
}

/** Whether this person's office issues the invoice's credit notes: the office of the account that numbers it. */
export const mayCredit = (invoice: Pick<CreditableInvoice, "numberingAccountId">, user: CurrentUser) =>
  invoiceSideOf(user) !== null && user.accountId === invoice.numberingAccountId;

/** What is still owed: nothing once paid (a payment is always of what was owed), else gross − credits. */
export const owedOn = (invoice: Pick<CreditableInvoice, "status" | "grossPence" | "creditedPence">) =>
  owedPence({ grossPence: invoice.grossPence, paidPence: invoice.status === "paid" ? invoice.grossPence - invoice.creditedPence : 0, creditedPence: invoice.creditedPence });

const creditNoteSelect = { id: true, number: true, issueDate: true, reason: true, netPence: true, vatPence: true, grossPence: true } as const;
export type CreditNoteRow = Prisma.CreditNoteGetPayload<{ select: typeof creditNoteSelect }>;

/** The invoice's credit notes, oldest first. */
export function creditNotesOf(invoiceId: number): Promise<CreditNoteRow[]> {
  return db().creditNote.findMany({ where: { invoiceId }, select: creditNoteSelect, orderBy: { id: "asc" } });
}

const creditNoteDetail = { ...creditNoteSelect, invoice: { select: creditableSelect } } as const;
export type CreditNoteDetail = Prisma.CreditNoteGetPayload<{ select: typeof creditNoteDetail }>;

/** One credit note with its invoice, for the office of either side of the invoice; 404 for anyone else. */
export async function requireCreditNoteFor(user: CurrentUser, id: unknown): Promise<CreditNoteDetail> {
  const scope = found(invoiceScope(user));
  return found(await db().creditNote.findFirst({ where: { id: recordId(id), invoice: scope }, select: creditNoteDetail }));
}
