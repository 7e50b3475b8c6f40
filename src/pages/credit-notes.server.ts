import { formatDate } from "#domain/format/dates.ts";
import { formatMoney } from "#domain/format/money.ts";
import { CREDIT_NOTE_FORM_FIELDS, CREDIT_NOTE_REASON_MAX } from "#domain/invoices/credit-note-form.ts";
import type { FieldErrors } from "#lib/result.server.ts";
import { creditNotesOf, mayCredit, owedOn, type CreditableInvoice } from "#models/credit-notes.server.ts";
import type { CurrentUser } from "#models/users.server.ts";

// The invoice's credit notes, a Turbo frame on its page (views/invoices/_credit_notes.ejs): the list
// for both offices, each with its PDF, and the form for the office that issues them while something
// is still owed. A refused form comes back in the frame with its messages (422).

export const CREDIT_NOTES_FRAME = "credit_notes";
export const creditNotesPath = (invoiceId: number) => `/invoices/${invoiceId}/credit_notes`;
export const creditNotePdfPath = (creditNoteId: number) => `/credit_notes/${creditNoteId}.pdf`;

export type CreditNoteForm = { errors: FieldErrors; values: Record<string, unknown> };

/** What the frame shows to this office; `form` is a refused form as posted. */
export async function creditNotesFrame(invoice: CreditableInvoice, user: CurrentUser, form: CreditNoteForm | null = null) {
  const notes = await creditNotesOf(invoice.id);
  const owed = owedOn(invoice);
  const issuing = mayCredit(invoice, user) && invoice.status === "issued" && owed > 0;
  return {
    frameId: CREDIT_NOTES_FRAME,
    creditNotes: notes.map((note) => ({
      id: note.id, number: note.number, date: formatDate(note.issueDate), amount: formatMoney(note.grossPence), vat: formatMoney(note.vatPence), reason: note.reason,
      pdfHref: creditNotePdfPath(note.id),
    })),
    credited: formatMoney(invoice.creditedPence),
    owed: formatMoney(owed),
    form: issuing ? { action: creditNotesPath(invoice.id), fields: CREDIT_NOTE_FORM_FIELDS, reasonMax: CREDIT_NOTE_REASON_MAX } : null,
    errors: form?.errors ?? {},
    values: form?.values ?? { amount: "", reason: "" },
  };
}
