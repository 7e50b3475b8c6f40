import type { InvoiceDocument } from "#pages/invoices/document.server.ts";
import { INVOICE_FIELD_LABELS } from "#pages/invoices/document.server.ts";
import { type Fact, vatDocumentPdf, writeFacts } from "#pages/pdf/vat-document.server.ts";

// The invoice as a PDF to file or forward: the same document as its page (invoiceDocument), so it
// carries every field a full VAT invoice must, under the same heading (a self-billed invoice's, a
// draft's) and with the same statements (the self-billed output-tax wording, or that no VAT is
// charged); then where to pay, and where payment stands.

/** The file name the PDF is saved under: "Invoice INV-000042.pdf". */
export const invoiceFilename = (number: string) => `Invoice ${number}.pdf`;

/** Builds the PDF; resolves with its bytes. `extra`: where payment stands and any late-payment figures. */
export function invoicePdf(number: string, shown: InvoiceDocument, extra: { status: string; late: readonly Fact[] }): Promise<Buffer> {
  return vatDocumentPdf(`${shown.heading} ${number}`, shown, {
    labels: INVOICE_FIELD_LABELS,
    linesHeading: "Charges",
    more: (document) => {
      if (shown.bank) {
        document.moveDown().fontSize(12).text("Pay by bank transfer to");
        document.fontSize(10);
        writeFacts(document, shown.bank);
        if (shown.bankChanged) document.text(shown.bankChanged);
      }
      document.moveDown().fontSize(10).text(extra.status);
      if (extra.late.length) writeFacts(document, extra.late);
    },
  });
}
