import { shownNumber } from "#domain/invoices/numbering.ts";
import { formatDate, formatLongDate } from "#domain/format/dates.ts";
import { formatMoney } from "#domain/format/money.ts";
import { PAYMENT_FORM_FIELDS } from "#domain/invoices/payment.ts";
import { ukDate } from "#domain/invoices/dates.ts";
import { SELF_BILLING_PATH } from "#domain/invoices/self-billing.ts";
import type { FieldErrors } from "#lib/result.server.ts";
import {
  counterpartsOf, invoiceSideOf, invoicesFor, isCustomerOf, isIssuerOf, type InvoiceDetail, type InvoiceState,
} from "#models/invoices.server.ts";
import type { InvoiceRow } from "#models/invoices/list.server.ts";
import type { CurrentUser } from "#models/users.server.ts";
import { invoiceDocument } from "#pages/invoices/document.server.ts";
import { latePaymentOf, overdue } from "#pages/invoices/late-payment.server.ts";
import { statementsOf } from "#pages/invoices/statements.server.ts";
import { invoicesCsvHref } from "#pages/invoices/xero.server.ts";

// The invoice pages: an office's list (views/invoices/index.ejs), filtered by state and by the
// company on the other side, and one invoice (views/invoices/show.ejs) with what it must show as a
// VAT invoice, late-payment figures when overdue, and the forms for whichever side acts next: the
// carrier sends its draft, the shipper marks it paid, the carrier confirms the money arrived.

export const INVOICES_PATH = "/invoices";
export const invoicePath = (id: number) => `${INVOICES_PATH}/${id}`;
export const invoicePdfPath = (id: number) => `${INVOICES_PATH}/${id}.pdf`;

export const STATE_LABELS: Record<InvoiceState, string> = { draft: "Draft", issued: "Awaiting payment", overdue: "Overdue", paid: "Paid", credited: "Credited" };
/** Each state's pill colour, borrowed from the statuses that mean the same to the eye: not yet, pending, trouble, done. */
const STATE_PILLS: Record<InvoiceState, string> = { draft: "withdrawn", issued: "active", overdue: "cancelled", paid: "won", credited: "withdrawn" };
/** What each state means, in the pill's tooltip (every status badge explains itself). */
const STATE_EXPLANATIONS: Record<InvoiceState, string> = {
  draft: "Not sent yet: check it and send it to the shipper",
  issued: "Issued and not paid yet; payment is not due yet",
  overdue: "Not paid, and the due date has passed: late-payment interest is running",
  paid: "The customer has marked it paid",
  credited: "Cancelled in full by credit notes: nothing is owed",
};
const STATE_OPTIONS = (Object.keys(STATE_LABELS) as InvoiceState[]).map((value) => ({ value, label: STATE_LABELS[value] }));

/** `?state=` and `?counterpart=` as filters; anything unreadable is no filter (an own key only: not "constructor"). */
export function invoiceFilters(query: Record<string, unknown>) {
  const state = typeof query.state === "string" && Object.hasOwn(STATE_LABELS, query.state) ? (query.state as InvoiceState) : null;
  const counterpart = typeof query.counterpart === "string" && /^[1-9]\d{0,14}$/.test(query.counterpart) ? Number(query.counterpart) : null;
  return { state, counterpart };
}

/** The state a row is in now, for its tag. */
function stateOf(invoice: Pick<InvoiceRow, "status" | "dueDate">, now: Date): InvoiceState {
  if (invoice.status === "draft" || invoice.status === "paid" || invoice.status === "credited") return invoice.status;
  return overdue(invoice, now) ? "overdue" : "issued";
}

function rowOf(invoice: InvoiceRow, side: "issuer" | "customer", now: Date) {
  const state = stateOf(invoice, now);
  const counterpart = side === "issuer" ? invoice.customerAccount.name : invoice.issuerAccount.name;
  return {
    id: invoice.id, href: invoicePath(invoice.id), number: shownNumber(invoice.number), counterpart, state, stateLabel: STATE_LABELS[state], pill: STATE_PILLS[state],
    tooltip: STATE_EXPLANATIONS[state], issued: formatDate(invoice.issueDate), due: formatDate(invoice.dueDate), gross: formatMoney(invoice.grossPence),
  };
}

/** The list: rows, the filters as chosen, their choices, and what to say when there are none. */
export async function invoicesPage(user: CurrentUser, query: Record<string, unknown>, now = new Date()) {
  const side = invoiceSideOf(user) ?? "customer";
  const filters = invoiceFilters(query);
  const [rows, counterparts, statements] = await Promise.all([invoicesFor(user, filters, now), counterpartsOf(user), statementsOf(user, now)]);
  const filtered = Boolean(filters.state || filters.counterpart);
  return {
    title: "Invoices",
    intro: side === "issuer" ? "Invoices you have issued to shippers, those raised for you under self-billing, and drafts to check and send." : "Invoices carriers have issued to you, and those you raised under self-billing.",
    counterpartLabel: side === "issuer" ? "Customer" : "Carrier",
    rows: rows.map((row) => rowOf(row, side, now)),
    filters,
    stateOptions: STATE_OPTIONS,
    counterparts,
    empty: filtered ? "No invoices match these filters." : "No invoices yet. When the shipper accepts a load's proof of delivery, the carrier gets a draft invoice to send, or the shipper raises a self-billed one.",
    filtered,
    statements,
    csvHref: invoicesCsvHref(filters),
    agreementsHref: SELF_BILLING_PATH,
  };
}

export type PaymentForm = { errors: FieldErrors; values: Record<string, unknown> };

/** Where payment stands, as one sentence. */
export function paymentStatusOf(invoice: InvoiceDetail, now: Date): string {
  if (invoice.status === "draft") return "Not sent yet. Check the lines and send it to the shipper: it takes its number when sent.";
  if (invoice.status === "credited") return "Credited in full: nothing is owed.";
  if (invoice.status === "paid") {
    const paid = `Paid on ${formatLongDate(invoice.paidAt)}${invoice.paidReference ? `, reference ${invoice.paidReference}` : ""}`;
    return invoice.receiptConfirmedAt ? `${paid}. Receipt confirmed on ${formatLongDate(invoice.receiptConfirmedAt)}.` : `${paid}. Awaiting the carrier's confirmation.`;
  }
  return overdue(invoice, now) ? `Overdue: payment was due on ${formatLongDate(invoice.dueDate)}.` : `Awaiting payment by ${formatLongDate(invoice.dueDate)}.`;
}

/** The forms for whichever side acts next: send a draft (its carrier), mark paid (the customer), confirm receipt (the carrier). */
function actionsOf(invoice: InvoiceDetail, user: CurrentUser, now: Date) {
  const path = invoicePath(invoice.id);
  const forCustomer = isCustomerOf(invoice, user);
  const forIssuer = isIssuerOf(invoice, user);
  return {
    send: forIssuer && invoice.status === "draft" ? { action: `${path}/send` } : null,
    payment: forCustomer && invoice.status === "issued" ? { action: `${path}/payment`, fields: PAYMENT_FORM_FIELDS, today: ukDate(now) } : null,
    receipt: forIssuer && invoice.status === "paid" && !invoice.receiptConfirmedAt ? { action: `${path}/receipt` } : null,
    // Credit notes (views/invoices/_credit_notes.ejs, their own routes) are for an invoice once issued.
    creditNotesSrc: invoice.status === "draft" ? null : `${path}/credit_notes`,
  };
}

/** One invoice for one of its two offices; `form` is a refused payment or send form as posted. */
export function invoicePage(invoice: InvoiceDetail, user: CurrentUser, form: PaymentForm | null = null, now = new Date()) {
  const forCustomer = isCustomerOf(invoice, user);
  const state = stateOf(invoice, now);
  const errors = form?.errors ?? {};
  const document = invoiceDocument(invoice, forCustomer, now);
  const heading = invoice.number ? `${document.heading} ${invoice.number}` : document.heading;
  return {
    title: `${Object.keys(errors).length ? "Error: " : ""}${heading}`,
    heading,
    invoice: { id: invoice.id, number: shownNumber(invoice.number) },
    document,
    state, stateLabel: STATE_LABELS[state], pill: STATE_PILLS[state], tooltip: STATE_EXPLANATIONS[state],
    paymentStatus: paymentStatusOf(invoice, now),
    latePayment: latePaymentOf(invoice, now),
    pdfPath: invoicePdfPath(invoice.id),
    ...actionsOf(invoice, user, now),
    errors,
    values: form?.values ?? { paid_on: ukDate(now), reference: "" },
  };
}
