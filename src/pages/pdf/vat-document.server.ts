import PDFDocument from "pdfkit";

// One layout for the VAT documents Loadline files (invoices and credit notes): heading,
// statements, facts, supplier and customer, the lines, then totals; the caller adds what only its
// kind of document carries (an invoice's bank details and payment state). The standard PDF fonts
// have no arrow, so a route's "→" is written "to".

export type Fact = { label: string; value: string };
type Party = { lines: string[]; companyNumber: string | null; vatNumber: string | null };
type Line = { description: string; dates?: string; quantity: string | number; unitPrice: string; vatRate: string; net: string; vat: string };

/** What a VAT document shows, as its page shows it. */
export type VatDocument = {
  heading: string;
  statements: readonly string[];
  facts: readonly Fact[];
  supplier: Party;
  customer: Party;
  lines: readonly Line[];
  totals: readonly Fact[];
};

const plain = (text: string) => text.replaceAll("→", "to");

export function writeFacts(document: PDFKit.PDFDocument, list: readonly Fact[]) {
  for (const fact of list) document.text(`${fact.label}: ${plain(fact.value)}`);
}

function party(document: PDFKit.PDFDocument, heading: string, who: Party, vatLabel: string) {
  document.moveDown().fontSize(12).text(heading);
  document.fontSize(10).text(who.lines.map(plain).join("\n"));
  if (who.companyNumber) document.text(`Company number: ${who.companyNumber}`);
  if (who.vatNumber) document.text(`${vatLabel}: ${who.vatNumber}`);
}

function lines(document: PDFKit.PDFDocument, heading: string, shown: readonly Line[], label: (key: string) => string) {
  document.moveDown().fontSize(12).text(heading);
  document.fontSize(10);
  for (const line of shown) {
    document.moveDown(0.5).text(`${label("description")}: ${plain(line.description)}`);
    if (line.dates) document.text(line.dates);
    document.text(`${label("quantity")}: ${line.quantity}`);
    document.text(`${label("unit_price")}: ${line.unitPrice}`);
    document.text(`${label("vat_rate")}: ${line.vatRate}`);
    document.text(`${label("line_net")}: ${line.net}`);
    document.text(`VAT: ${line.vat}`);
  }
}

/**
 * Builds the PDF and resolves with its bytes. `labels` are the document's field labels (the same
 * the page uses); `more` writes what follows the totals.
 */
export function vatDocumentPdf(
  title: string,
  shown: VatDocument,
  options: { labels: Readonly<Record<string, string>>; linesHeading: string; more?: (document: PDFKit.PDFDocument) => void },
): Promise<Buffer> {
  const label = (key: string) => options.labels[key] ?? key;
  const document = new PDFDocument({ size: "A4", margin: 50, info: { Title: title, Author: "Loadline" } });
  const chunks: Buffer[] = [];
  document.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve) => document.on("end", () => resolve(Buffer.concat(chunks))));
  document.fontSize(20).text(shown.heading);
  document.moveDown(0.5).fontSize(10);
  for (const statement of shown.statements) document.text(plain(statement));
  if (shown.statements.length) document.moveDown(0.5);
  writeFacts(document, shown.facts);
  party(document, label("supplier_name_address"), shown.supplier, label("supplier_vat_number"));
  party(document, label("customer_name_address"), shown.customer, "VAT number");
  lines(document, options.linesHeading, shown.lines, label);
  document.moveDown().fontSize(12).text("Totals");
  document.fontSize(10);
  writeFacts(document, shown.totals);
  options.more?.(document);
  document.end();
  return done;
}
