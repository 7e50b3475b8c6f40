// Invoices as a CSV for Xero's "Import invoices" (Sales → Invoices → Import): one row per invoice
// line, the invoice's own columns repeated on each, columns named as in Xero's template. Dates are
// DD/MM/YYYY; UnitAmount is the net unit price in pounds with two decimals (import the file as "Tax
// exclusive"); TaxType is the tax rate's name exactly as Xero's UK organisations show it.
//
// Text cells go through `toCsv` (RFC 4180 quoting; a cell starting = + - @ gets a leading apostrophe
// so a spreadsheet shows it instead of running it, OWASP "CSV Injection"); numbers and dates we
// wrote ourselves are raw cells, so a negative amount stays a number.

import { toCsv, type CsvCell } from "#domain/charts/csv.ts";
import { assertNonNegativeWhole, assertWhole, poundsText } from "./pence.ts";
import { STANDARD_RATE_BP, ZERO_RATE_BP } from "./vat.ts";

export const XERO_COLUMNS = [
  "ContactName", "EmailAddress", "InvoiceNumber", "InvoiceDate", "DueDate", "Description", "Quantity", "UnitAmount", "AccountCode", "TaxType",
] as const;

/** Xero's default "Sales" account in a new UK organisation; the app setting may name another. */
export const DEFAULT_XERO_ACCOUNT_CODE = "200";

export const XERO_TAX_TYPES: Readonly<Record<number, string>> = {
  [STANDARD_RATE_BP]: "20% (VAT on Income)",
  [ZERO_RATE_BP]: "Zero Rated Income",
};

export type XeroLine = { description: string; quantity: number; unitPence: number; rateBp: number };
export type XeroInvoice = {
  contactName: string;
  emailAddress: string;
  invoiceNumber: string;
  invoiceDate: string; // yyyy-mm-dd
  dueDate: string; // yyyy-mm-dd
  lines: readonly XeroLine[];
};

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** "2027-03-14" → "14/03/2027". */
export function xeroDate(isoDate: string): string {
  const match = ISO_DATE.exec(isoDate);
  if (!match) throw new RangeError(`not a date written yyyy-mm-dd: ${isoDate}`);
  return `${match[3]}/${match[2]}/${match[1]}`;
}

export function xeroTaxType(rateBp: number): string {
  const name = XERO_TAX_TYPES[rateBp];
  if (!name) throw new RangeError(`no Xero tax type for a rate of ${rateBp} bp`);
  return name;
}

function lineRow(invoice: XeroInvoice, line: XeroLine, accountCode: string): CsvCell[] {
  assertNonNegativeWhole(line.quantity, "quantity");
  assertWhole(line.unitPence, "unitPence");
  return [
    invoice.contactName, invoice.emailAddress, invoice.invoiceNumber,
    { raw: xeroDate(invoice.invoiceDate) }, { raw: xeroDate(invoice.dueDate) },
    line.description, { raw: String(line.quantity) }, { raw: poundsText(line.unitPence) },
    accountCode, xeroTaxType(line.rateBp),
  ];
}

/** The rows (no header) for one invoice: one per line. */
export function xeroRows(invoice: XeroInvoice, accountCode = DEFAULT_XERO_ACCOUNT_CODE): CsvCell[][] {
  return invoice.lines.map((line) => lineRow(invoice, line, accountCode));
}

/** The whole file: the header, then every invoice's rows; CRLF line ends. */
export function xeroCsv(invoices: readonly XeroInvoice[], accountCode = DEFAULT_XERO_ACCOUNT_CODE): string {
  return toCsv([[...XERO_COLUMNS], ...invoices.flatMap((invoice) => xeroRows(invoice, accountCode))]);
}
