import { db } from "#db/client.server.ts";
import { creditNoteFormSchema } from "#domain/invoices/credit-note-form.ts";
import { creditNoteParts, creditTotals, type RateGross } from "#domain/invoices/credit-note-vat.ts";
import { formatInvoiceNumber, seriesPrefix } from "#domain/invoices/numbering.ts";
import { vatBreakdown } from "#domain/invoices/vat.ts";
import type { Prisma } from "#generated/prisma/client.ts";
import { found } from "#lib/errors.server.ts";
import { parseInput } from "#lib/input.server.ts";
import { ok, refusedBase, type Result } from "#lib/result.server.ts";
import { mayCredit, owedOn, type CreditableInvoice } from "#models/credit-notes.server.ts";
import { takeNextSequence } from "#models/invoices/numbering.server.ts";
import type { CurrentUser } from "#models/users.server.ts";

// Issuing a credit note: numbered in the numbering account's "CN" series inside the transaction that
// writes it, with the invoice's credited total moved on by compare-and-set (on what was credited when
// the amount was checked), so two credit notes at once never take the invoice below nothing: the
// second is refused (409) and its number given back. The invoice is "credited" once nothing is owed.

export const CREDIT_NOTE_REFUSALS = {
  draft: "A draft invoice cannot be credited: it has not been issued",
  changed: "This invoice changed while you were crediting it. Check what is still owed and try again",
} as const;

const CREDIT_NOTE_SERIES = { kind: "credit_note" } as const;

/** The issuer side's office credits the invoice: 404 for anyone else, 409 for a draft, 422 for bad input. */
export async function issueCreditNote(invoice: CreditableInvoice, user: CurrentUser, body: unknown, now = new Date()): Promise<Result<{ creditNoteId: number; number: string }>> {
  found(mayCredit(invoice, user));
  if (invoice.status === "draft") return refusedBase(CREDIT_NOTE_REFUSALS.draft, 409);
  const input = parseInput(creditNoteFormSchema(owedOn(invoice)), body);
  if (!input.ok) return input;
  const note = await recordCreditNote(invoice, { amountPence: input.data.amountPence, reason: input.data.reason, createdById: user.id }, now);
  return note ? ok({ creditNoteId: note.id, number: note.number }) : refusedBase(CREDIT_NOTE_REFUSALS.changed, 409);
}

type Credit = { amountPence: number; reason: string; createdById: number | null };

const ratesOf = (invoice: CreditableInvoice): RateGross[] =>
  vatBreakdown(invoice.lines.map((line) => ({ netPence: line.netPence, rateBp: line.vatRateBp }))).map(({ rateBp, grossPence }) => ({ rateBp, grossPence }));

/**
 * Writes a credit note already checked against `invoice` as read (amount at most what was owed) and
 * answers its id and number; null when the invoice's credits or status changed since (nothing written).
 */
export async function recordCreditNote(invoice: CreditableInvoice, credit: Credit, now = new Date()): Promise<{ id: number; number: string } | null> {
  try {
    return await db().$transaction((tx) => writeCreditNote(tx, invoice, credit, now));
  } catch (err) {
    if (err instanceof ChangedMeanwhile) return null;
    throw err;
  }
}

class ChangedMeanwhile extends Error {}

async function writeCreditNote(tx: Prisma.TransactionClient, invoice: CreditableInvoice, credit: Credit, now: Date): Promise<{ id: number; number: string }> {
  const creditedPence = invoice.creditedPence + credit.amountPence;
  const status = creditedPence >= invoice.grossPence ? "credited" : "issued";
  const claimed = await tx.invoice.updateMany({ where: { id: invoice.id, status: "issued", creditedPence: invoice.creditedPence }, data: { creditedPence, status } });
  if (!claimed.count) throw new ChangedMeanwhile();
  const earlier = await tx.creditNote.aggregate({ where: { invoiceId: invoice.id }, _sum: { vatPence: true } });
  const balance = { grossPence: invoice.grossPence, vatPence: invoice.vatPence, creditedPence: invoice.creditedPence, creditedVatPence: earlier._sum.vatPence ?? 0, rates: ratesOf(invoice) };
  const totals = creditTotals(creditNoteParts(credit.amountPence, balance));
  const series = seriesPrefix(CREDIT_NOTE_SERIES);
  const sequence = await takeNextSequence(tx, invoice.numberingAccountId, series);
  const note = await tx.creditNote.create({
    data: {
      invoiceId: invoice.id, numberingAccountId: invoice.numberingAccountId, series, sequence, number: formatInvoiceNumber(CREDIT_NOTE_SERIES, sequence),
      issueDate: now, reason: credit.reason, createdById: credit.createdById, ...totals,
    },
    select: { id: true, number: true },
  });
  return note;
}
