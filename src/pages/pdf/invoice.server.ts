import PDFDocument from "pdfkit";
import type { InvoiceDocument } from "#pages/invoices/document.server.ts";
import { INVOICE_FIELD_LABELS } from "#pages/invoices/document.server.ts";

// The invoice as a PDF to file or forward: the same document as its page (invoiceDocument), so it
// carries every field a full VAT invoice must, under the same heading (a self-billed invoice's, a
// draft's) and with the same statements (the self-billed output-tax wording, or that no VAT is
// charged). The standard PDF fonts have no arrow, so a route's "→" is written "to".

type Fact = { label: string; value: string };

/** The file name the PDF is saved under: "Invoice INV-000042.pdf". */
export const invoiceFilename = (number: string) => `Invoice ${number}.pdf`;

const plain = (text: string) => text.replaceAll("→", "to");

function facts(document: PDFKit.PDFDocument, list: readonly Fact[]) {
  for (const fact of list) document.text(`${fact.label}: ${plain(fact.value)}`);
}

function party(document: PDFKit.PDFDocument, heading: string, who: { lines: string[]; companyNumber: string | null; vatNumber: string | null }, vatLabel: string | null) {
  document.moveDown().fontSize(12).text(heading);
  document.fontSize(10).text(who.lines.join("\n"));
  if (who.companyNumber) document.text(`Company number: ${who.companyNumber}`);
  if (vatLabel && who.vatNumber) document.text(`${vatLabel}: ${who.vatNumber}`);
}

function lines(document: PDFKit.PDFDocument, shown: InvoiceDocument) {
  document.moveDown().fontSize(12).text("Charges");
  document.fontSize(10);
  for (const line of shown.lines) {
    document.moveDown(0.5).text(`${INVOICE_FIELD_LABELS.description}: ${plain(line.description)}`);
    document.text(line.dates);
    document.text(`${INVOICE_FIELD_LABELS.quantity}: ${line.quantity}`);
    document.text(`${INVOICE_FIELD_LABELS.unit_price}: ${line.unitPrice}`);
    document.text(`${INVOICE_FIELD_LABELS.vat_rate}: ${line.vatRate}`);
    document.text(`${INVOICE_FIELD_LABELS.line_net}: ${line.net}`);
    document.text(`VAT: ${line.vat}`);
  }
}

/** Builds the PDF; resolves with its bytes. `extra`: where payment stands and any late-payment figures. */
export function invoicePdf(number: string, shown: InvoiceDocument, extra: { status: string; late: readonly Fact[] }): Promise<Buffer> {
  const document = new PDFDocument({ size: "A4", margin: 50, info: { Title: `${shown.heading} ${number}`, Author: "Loadline" } });
  const chunks: Buffer[] = [];
  document.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve) => document.on("end", () => resolve(Buffer.concat(chunks))));
  document.fontSize(20).text(shown.heading);
  document.moveDown(0.5).fontSize(10);
  for (const statement of shown.statements) document.text(statement);
  if (shown.statements.length) document.moveDown(0.5);
  facts(document, shown.facts);
  party(document, INVOICE_FIELD_LABELS.supplier_name_address!, shown.supplier, INVOICE_FIELD_LABELS.supplier_vat_number!);
  party(document, INVOICE_FIELD_LABELS.customer_name_address!, shown.customer, "VAT number");
  lines(document, shown);
  document.moveDown().fontSize(12).text("Totals");
  document.fontSize(10);
  facts(document, shown.totals);
  if (shown.bank) {
    document.moveDown().fontSize(12).text("Pay by bank transfer to");
    document.fontSize(10);
    facts(document, shown.bank);
    if (shown.bankChanged) document.text(shown.bankChanged);
  }
  document.moveDown().fontSize(10).text(extra.status);
  if (extra.late.length) facts(document, extra.late);
  document.end();
  return done;
}
