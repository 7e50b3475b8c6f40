import type { CreditNoteDocument } from "#pages/credit-notes/document.server.ts";
import { CREDIT_NOTE_FIELD_LABELS } from "#pages/credit-notes/document.server.ts";
import { vatDocumentPdf } from "#pages/pdf/vat-document.server.ts";

// The credit note as a PDF to file or forward, laid out as the invoice's PDF is: every field a VAT
// invoice shows and what a credit note adds (creditNoteDocument).

/** The file name the PDF is saved under: "Credit note CN-000007.pdf". */
export const creditNoteFilename = (number: string) => `Credit note ${number}.pdf`;

/** Builds the PDF; resolves with its bytes. */
export function creditNotePdf(number: string, shown: CreditNoteDocument): Promise<Buffer> {
  return vatDocumentPdf(`Credit note ${number}`, shown, { labels: CREDIT_NOTE_FIELD_LABELS, linesHeading: "Credited" });
}
