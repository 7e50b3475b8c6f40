import { db } from "#db/client.server.ts";
import type { Prisma } from "#generated/prisma/client.ts";
import { formatInvoiceNumber, seriesPrefix } from "#domain/invoices/numbering.ts";
import { found } from "#lib/errors.server.ts";
import { ok, refusedBase, type Refusal, type Result } from "#lib/result.server.ts";
import { hasPendingCharges } from "#models/extra-charges/invoice-lines.server.ts";
import { isIssuerOf, type InvoiceDetail } from "#models/invoices.server.ts";
import { INVOICE_SERIES, loadsOfDraft, writeDraft } from "#models/invoices/drafts.server.ts";
import { takeNextSequence } from "#models/invoices/numbering.server.ts";
import type { CurrentUser } from "#models/users.server.ts";
import { webhookEvent } from "#models/webhooks.server.ts";

// Sending a draft: the carrier's office has checked it, and it becomes the carrier's VAT invoice.
// In one transaction its lines are written again (both parties' billing details and the approved
// extra charges as they are now), it takes the next number in the carrier's INV series, and it is
// issued today. A rolled-back send gives its number back. Only the carrier's office sends; the
// shipper never sees a draft (404). A draft whose load still has an extra charge awaiting the
// shipper's decision waits, since an issued invoice is never edited.

export const SEND_REFUSALS = {
  alreadySent: "This invoice has already been sent",
  chargesPending: "An extra charge on this invoice is waiting for the shipper's decision. Send the invoice once it is decided.",
} as const;

/** A refusal thrown out of the transaction, so that it rolls back (and gives back any number taken). */
class SendRefused extends Error {
  constructor(readonly refusal: Refusal) {
    super(refusal.errors.base);
  }
}

type Draft = Pick<InvoiceDetail, "id" | "issuerAccountId">;

async function issueDraft(tx: Prisma.TransactionClient, invoice: Draft, now: Date): Promise<void> {
  const loads = await loadsOfDraft(tx, invoice.id);
  for (const load of loads) if (await hasPendingCharges(tx, load.id)) throw new SendRefused(refusedBase(SEND_REFUSALS.chargesPending, 409));
  if (loads.length) await writeDraft(tx, invoice, loads, now);
  const sequence = await takeNextSequence(tx, invoice.issuerAccountId, seriesPrefix(INVOICE_SERIES));
  // Issued, it waits to be e-mailed to the shipper (src/server/email-sweep/invoices.server.ts).
  const data = { status: "issued", sequence, number: formatInvoiceNumber(INVOICE_SERIES, sequence), issueDate: now, emailPending: true };
  const { count } = await tx.invoice.updateMany({ where: { id: invoice.id, status: "draft" }, data });
  if (!count) throw new SendRefused(refusedBase(SEND_REFUSALS.alreadySent, 409));
}

/** The carrier's office sends its draft: 404 for anyone else, 409 once sent or while a charge awaits a decision. */
export async function sendDraft(invoice: InvoiceDetail, user: CurrentUser, now = new Date()): Promise<Result> {
  found(isIssuerOf(invoice, user));
  if (invoice.status !== "draft") return refusedBase(SEND_REFUSALS.alreadySent, 409);
  return issueDraftInvoice(invoice, now);
}

/** Issues the draft as of `now` (the checks of who may are the caller's: sendDraft, or the demo data). */
export async function issueDraftInvoice(invoice: Draft, now = new Date()): Promise<Result> {
  try {
    await db().$transaction((tx) => issueDraft(tx, invoice, now));
    await webhookEvent("invoice.issued", invoice.id);
    return ok();
  } catch (error) {
    if (error instanceof SendRefused) return error.refusal;
    throw error;
  }
}
