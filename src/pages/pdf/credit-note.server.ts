import PDFDocument from "pdfkit";
import type { CreditNoteDocument } from "#pages/credit-notes/document.server.ts";
import { CREDIT_NOTE_FIELD_LABELS } from "#pages/credit-notes/document.server.ts";

// The credit note as a PDF to file or forward, laid out as the invoice's PDF is: every field a VAT
// invoice shows and what a credit note adds (creditNoteDocument). The standard PDF fonts have no
// arrow, so a "→" is written "to".

type Fact = { label: string; value: string };

/** The file name the PDF is saved under: "Credit note CN-000007.pdf". */
export const creditNoteFilename = (number: string) => `Credit note ${number}.pdf`;

const plain = (text: string) => text.replaceAll("→", "to");

function facts(document: PDFKit.PDFDocument, list: readonly Fact[]) {
  for (const fact of list) document.text(`${fact.label}: ${plain(fact.value)}`);
}

function party(document: PDFKit.PDFDocument, heading: string, who: CreditNoteDocument["customer"], vatLabel: string) {
  document.moveDown().fontSize(12).text(heading);
  document.fontSize(10).text(who.lines.map(plain).join("\n"));
  if (who.companyNumber) document.text(`Company number: ${who.companyNumber}`);
  if (who.vatNumber) document.text(`${vatLabel}: ${who.vatNumber}`);
}

function lines(document: PDFKit.PDFDocument, shown: CreditNoteDocument) {
  const label = (key: string) => CREDIT_NOTE_FIELD_LABELS[key] ?? key;
  document.moveDown().fontSize(12).text("Credited");
  document.fontSize(10);
  for (const line of shown.lines) {
    document.moveDown(0.5).text(`${label("description")}: ${plain(line.description)}`);
    document.text(`${label("quantity")}: ${line.quantity}`);
    document.text(`${label("unit_price")}: ${line.unitPrice}`);
    document.text(`${label("vat_rate")}: ${line.vatRate}`);
    document.text(`${label("line_net")}: ${line.net}`);
    document.text(`VAT: ${line.vat}`);
  }
}

/** Builds the PDF; resolves with its bytes. */
export function creditNotePdf(number: string, shown: CreditNoteDocument): Promise<Buffer> {
  const document = new PDFDocument({ size: "A4", margin: 50, info: { Title: `Credit note ${number}`, Author: "Loadline" } });
  const chunks: Buffer[] = [];
  document.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve) => document.on("end", () => resolve(Buffer.concat(chunks))));
  document.fontSize(20).text(shown.heading);
  document.moveDown(0.5).fontSize(10);
  for (const statement of shown.statements) document.text(plain(statement));
  facts(document, shown.facts);
  party(document, CREDIT_NOTE_FIELD_LABELS.supplier_name_address!, shown.supplier, CREDIT_NOTE_FIELD_LABELS.supplier_vat_number!);
  party(document, CREDIT_NOTE_FIELD_LABELS.customer_name_address!, shown.customer, "VAT number");
  lines(document, shown);
  document.moveDown().fontSize(12).text("Totals");
  document.fontSize(10);
  facts(document, shown.totals);
  document.end();
  return done;
}
