import { creditPartsWithVat } from "#domain/invoices/credit-note-vat.ts";
import { formatLongDate } from "#domain/format/dates.ts";
import { formatMoney } from "#domain/format/money.ts";
import { shownNumber } from "#domain/invoices/numbering.ts";
import { vatBreakdown, vatRateLabel, ZERO_RATE_BP } from "#domain/invoices/vat.ts";
import { readParty, type InvoiceParty } from "#models/invoices.server.ts";
import type { CreditNoteDetail } from "#models/credit-notes.server.ts";
import { INVOICE_FIELD_LABELS } from "#pages/invoices/document.server.ts";

// What a credit note shows, in its PDF: everything a VAT invoice does (VAT_INVOICE_FIELDS) and what
// a credit note adds (CREDIT_NOTE_FIELDS: why, the amount credited without VAT, the VAT credited,
// the original invoice's number and date), each under the label below, so the tests can walk both
// lists. The parties are the invoice's, as they were when it was issued. One line per VAT rate: a
// credit on an invoice of several rates is shared between them (credit-note-vat.ts). A credit note on
// a self-billed invoice is raised by the customer too, and says so (VAT Notice 700/62).

/** The label each VAT_INVOICE_FIELDS and CREDIT_NOTE_FIELDS item is shown under. */
export const CREDIT_NOTE_FIELD_LABELS: Readonly<Record<string, string>> = {
  ...INVOICE_FIELD_LABELS,
  invoice_number: "Credit note number",
  tax_point: "Tax point of the supply credited",
  total_net: "Total credited excluding VAT",
  total_vat: "Total VAT credited",
  total_gross: "Total credited including VAT",
  credit_reason: "Reason for the credit",
  credited_net: "Amount credited (excl. VAT)",
  credited_vat: "VAT credited",
  original_invoice: "Original invoice",
};

type Fact = { label: string; value: string };
const label = (key: string) => CREDIT_NOTE_FIELD_LABELS[key] ?? key;
const fact = (key: string, value: string): Fact => ({ label: label(key), value });
const partyLines = (party: InvoiceParty) => [party.legalName, ...party.address.split("\n").map((line) => line.trim()).filter(Boolean)];

function linesOf(note: CreditNoteDetail) {
  const rates = vatBreakdown(note.invoice.lines.map((line) => ({ netPence: line.netPence, rateBp: line.vatRateBp }))).map(({ rateBp, grossPence }) => ({ rateBp, grossPence }));
  const description = `Credit against invoice ${shownNumber(note.invoice.number)}`;
  return creditPartsWithVat(note.grossPence, note.vatPence, rates).map((part) => ({
    description, quantity: "1", unitPrice: formatMoney(part.netPence), vatRate: vatRateLabel(part.rateBp), rateBp: part.rateBp, net: formatMoney(part.netPence), vat: formatMoney(part.vatPence),
    netPence: part.netPence,
  }));
}

export const CREDIT_NOTE_HEADING = "Credit note";
export const SELF_BILLED_CREDIT_NOTE_HEADING = "Self-billed credit note";

/** The credit note as a document: its heading, heading facts, the two parties, its lines by rate and its totals. */
export function creditNoteDocument(note: CreditNoteDetail) {
  const supplier = readParty(note.invoice.supplier);
  const customer = readParty(note.invoice.customer);
  const lines = linesOf(note);
  const zeroRated = lines.filter((line) => line.rateBp === ZERO_RATE_BP).reduce((sum, line) => sum + line.netPence, 0);
  const selfBilled = note.invoice.selfBillingAgreementId !== null;
  return {
    heading: selfBilled ? SELF_BILLED_CREDIT_NOTE_HEADING : CREDIT_NOTE_HEADING,
    statements: selfBilled ? [`Raised by ${customer.legalName} for ${supplier.legalName} under a self-billing agreement.`] : [],
    facts: [
      fact("invoice_number", note.number),
      fact("issue_date", formatLongDate(note.issueDate)),
      fact("original_invoice", `${shownNumber(note.invoice.number)} of ${formatLongDate(note.invoice.issueDate)}`),
      fact("tax_point", formatLongDate(note.invoice.taxPoint)),
      fact("credit_reason", note.reason),
    ],
    supplier: { lines: partyLines(supplier), companyNumber: supplier.companyNumber, vatNumber: supplier.vatNumber ?? "Not VAT-registered" },
    customer: { lines: partyLines(customer), companyNumber: customer.companyNumber, vatNumber: customer.vatNumber },
    lines,
    totals: [
      fact("credited_net", formatMoney(note.netPence)),
      fact("total_net", formatMoney(note.netPence)),
      fact("zero_rated_total", formatMoney(zeroRated)),
      fact("credited_vat", formatMoney(note.vatPence)),
      fact("total_vat", formatMoney(note.vatPence)),
      fact("cash_discount", "None offered"),
      fact("total_gross", formatMoney(note.grossPence)),
    ],
  };
}
export type CreditNoteDocument = ReturnType<typeof creditNoteDocument>;
