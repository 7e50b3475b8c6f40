import { shownNumber } from "#domain/invoices/numbering.ts";
import { bankDetailsRecentlyChanged } from "#domain/billing/details.ts";
import { formatSortCode, paymentTermsText } from "#domain/billing/labels.ts";
import { daysBetween } from "#domain/format/calendar.ts";
import { formatDate, formatLongDate } from "#domain/format/dates.ts";
import { ukDate } from "#domain/invoices/dates.ts";
import { formatMoney } from "#domain/format/money.ts";
import { owedPence } from "#domain/invoices/credit-notes.ts";
import { isVatRegistered, NOT_VAT_REGISTERED_STATEMENT } from "#domain/invoices/registration.ts";
import { SELF_BILLED_INVOICE_HEADING, SELF_BILLED_VAT_STATEMENT } from "#domain/invoices/self-billing.ts";
import { vatBreakdown, vatRateLabel, ZERO_RATE_BP } from "#domain/invoices/vat.ts";
import { readParty, type InvoiceDetail, type InvoiceParty } from "#models/invoices.server.ts";

// What an invoice shows, on its page and in its PDF alike: every field a full UK VAT invoice must
// (VAT_INVOICE_FIELDS in src/domain/invoices/required-fields.ts), each under the label below, so
// the tests can check the checklist against both. The carrier's bank details are for the customer.
// A self-billed invoice is headed and worded as VAT Notice 700/62 asks; a carrier that is not
// VAT-registered issues an invoice (not a VAT invoice) that says no VAT is charged; a draft says so.

/** The label each VAT_INVOICE_FIELDS item is shown under. */
export const INVOICE_FIELD_LABELS: Readonly<Record<string, string>> = {
  invoice_number: "Invoice number",
  issue_date: "Date of issue",
  tax_point: "Tax point (date of supply)",
  supplier_name_address: "From",
  supplier_vat_number: "Supplier's VAT number",
  customer_name_address: "To",
  description: "Description",
  quantity: "Quantity",
  unit_price: "Unit price (excl. VAT)",
  vat_rate: "VAT rate",
  line_net: "Amount (excl. VAT)",
  total_net: "Total excluding VAT",
  total_vat: "Total VAT",
  zero_rated_total: "Zero-rated, no VAT payable",
  cash_discount: "Discount for prompt payment",
  total_gross: "Total including VAT",
};

/** `nowrap`: a short value (an amount, a date) kept on one line, so a narrow screen wraps its label instead. */
type Fact = { label: string; value: string; nowrap?: boolean };
const label = (key: string) => INVOICE_FIELD_LABELS[key] ?? key;
const short = (name: string, value: string): Fact => ({ label: name, value, nowrap: true });

/** A party's name and address as lines, then its company and VAT numbers. */
function partyLines(party: InvoiceParty): string[] {
  return [party.legalName, ...party.address.split("\n").map((line) => line.trim()).filter(Boolean)];
}

/** "Not charged" rather than "0%" when the supplier is not VAT-registered: a 0% rate would read as zero-rated. */
const NO_VAT_RATE = "Not charged";

function lineOf(line: InvoiceDetail["lines"][number], registered: boolean) {
  return {
    description: line.description,
    dates: `Collected ${formatDate(line.collectionDate) || "—"}, delivered ${formatDate(line.deliveryDate)}`,
    quantity: "1",
    unitPrice: formatMoney(line.netPence),
    vatRate: registered ? vatRateLabel(line.vatRateBp) : NO_VAT_RATE,
    net: formatMoney(line.netPence),
    vat: formatMoney(line.vatPence),
  };
}

/** What is still owed: nothing once paid (a payment is of what was owed), else gross − credits. */
export const owedOf = (invoice: Pick<InvoiceDetail, "status" | "grossPence" | "creditedPence">) =>
  owedPence({ grossPence: invoice.grossPence, paidPence: invoice.status === "paid" ? invoice.grossPence - invoice.creditedPence : 0, creditedPence: invoice.creditedPence });

/** Credited and still owed, under the totals once the invoice is issued (a draft owes nothing yet). */
function balanceOf(invoice: InvoiceDetail): Fact[] {
  if (invoice.status === "draft") return [];
  return [short("Credited", formatMoney(invoice.creditedPence)), short("Still owed", formatMoney(owedOf(invoice)))];
}

function totalsOf(invoice: InvoiceDetail, registered: boolean): Fact[] {
  const rates = vatBreakdown(invoice.lines.map((line) => ({ netPence: line.netPence, rateBp: line.vatRateBp })));
  const zeroRated = rates.find((rate) => rate.rateBp === ZERO_RATE_BP)?.netPence ?? 0;
  return [
    short(label("total_net"), formatMoney(invoice.netPence)),
    ...(registered ? [short(label("zero_rated_total"), formatMoney(zeroRated))] : []),
    short(label("total_vat"), formatMoney(invoice.vatPence)),
    short(label("cash_discount"), "None offered"),
    short(label("total_gross"), formatMoney(invoice.grossPence)),
    ...balanceOf(invoice),
  ];
}

export const DRAFT_HEADING = "Draft invoice";

/** The document's heading: self-billed, draft, a VAT invoice, or (from a supplier not VAT-registered) an invoice. */
function headingOf(invoice: InvoiceDetail, registered: boolean): string {
  if (invoice.selfBillingAgreementId) return SELF_BILLED_INVOICE_HEADING;
  if (invoice.status === "draft") return DRAFT_HEADING;
  return registered ? "VAT invoice" : "Invoice";
}

/** The sentences a document must carry: the self-billed output-tax statement, or that no VAT is charged. */
function statementsOf(invoice: InvoiceDetail, supplier: InvoiceParty, customer: InvoiceParty, registered: boolean): string[] {
  const statements: string[] = [];
  if (invoice.selfBillingAgreementId) statements.push(`Raised by ${customer.legalName} for ${supplier.legalName} under a self-billing agreement.`);
  if (invoice.selfBillingAgreementId && registered) statements.push(SELF_BILLED_VAT_STATEMENT);
  if (!registered) statements.push(NOT_VAT_REGISTERED_STATEMENT);
  return statements;
}

/** "Sort code 40-12-34, account 12345678", for the customer's eyes only; null when none was given. */
function bankOf(supplier: InvoiceParty, forCustomer: boolean): Fact[] | null {
  if (!forCustomer || !supplier.sortCode || !supplier.accountNumber) return null;
  return [
    { label: "Account name", value: supplier.legalName },
    short("Sort code", formatSortCode(supplier.sortCode)),
    short("Account number", supplier.accountNumber),
  ];
}

/** "Bank details changed on 3 March 2027", when the carrier changed them in the 30 days before now. */
function bankChangeOf(supplier: InvoiceParty, forCustomer: boolean, now: Date): string | null {
  const changedAt = supplier.bankDetailsChangedAt ? new Date(supplier.bankDetailsChangedAt) : null;
  if (!forCustomer || !changedAt || !bankDetailsRecentlyChanged(changedAt, now)) return null;
  return `Bank details changed on ${formatLongDate(changedAt)}`;
}

/** Days from the tax point's UK day to the due date (stored as its UTC midnight). */
const termsDaysOf = (invoice: InvoiceDetail) => daysBetween(ukDate(invoice.taxPoint), invoice.dueDate.toISOString().slice(0, 10));

/** The invoice as a document: heading facts, the two parties, its lines, totals and payment details. */
export function invoiceDocument(invoice: InvoiceDetail, forCustomer: boolean, now = new Date()) {
  const supplier = readParty(invoice.supplier);
  const customer = readParty(invoice.customer);
  const registered = isVatRegistered(supplier.vatNumber);
  const facts: Fact[] = [
    short(label("invoice_number"), shownNumber(invoice.number)),
    short(label("issue_date"), formatLongDate(invoice.issueDate)),
    short(label("tax_point"), formatLongDate(invoice.taxPoint)),
    short("Payment due", formatLongDate(invoice.dueDate)),
  ];
  const terms = paymentTermsText(termsDaysOf(invoice));
  if (terms) facts.push({ label: "Payment terms", value: terms });
  return {
    heading: headingOf(invoice, registered),
    statements: statementsOf(invoice, supplier, customer, registered),
    facts,
    supplier: { lines: partyLines(supplier), companyNumber: supplier.companyNumber, vatNumber: supplier.vatNumber ?? "Not VAT-registered", email: supplier.invoiceEmail },
    customer: { lines: partyLines(customer), companyNumber: customer.companyNumber, vatNumber: customer.vatNumber, email: customer.invoiceEmail },
    lines: invoice.lines.map((line) => lineOf(line, registered)),
    totals: totalsOf(invoice, registered),
    bank: bankOf(supplier, forCustomer),
    bankChanged: bankChangeOf(supplier, forCustomer, now),
  };
}
export type InvoiceDocument = ReturnType<typeof invoiceDocument>;
