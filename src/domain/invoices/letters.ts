import { formatLongDate } from "#domain/format/dates.ts";
import { formatMoney } from "#domain/format/money.ts";
import type { Letter } from "#domain/email/letters.ts";
import { SELF_BILLED_INVOICE_HEADING, SELF_BILLED_VAT_STATEMENT } from "./self-billing.ts";

// The e-mail that carries an issued invoice, its PDF attached, to the invoice e-mail address in the
// receiving company's billing details (usually an accounts inbox, not a Loadline user). A carrier's
// invoice goes to the shipper; a self-billed one, which the shipper raised, goes to the carrier, whose
// output tax it states. It is the invoice itself, not a notification: sent whatever anyone's e-mail
// choices, with no unsubscribe.

export type InvoiceMail = {
  number: string;
  selfBilled: boolean;
  /** Who supplied the carriage and who is charged: registered names. */
  supplier: string;
  customer: string;
  grossPence: number;
  dueDate: Date;
  /** The invoice's page, for anyone at the company who signs in. */
  link: string;
};

/** "Invoice INV-000042 from Pennine Haulage Ltd: £1,234.56 due 12 March 2027". */
export function invoiceMailSubject(invoice: InvoiceMail): string {
  const what = invoice.selfBilled ? `${SELF_BILLED_INVOICE_HEADING} ${invoice.number} raised by ${invoice.customer}` : `Invoice ${invoice.number} from ${invoice.supplier}`;
  return `${what}: ${formatMoney(invoice.grossPence)} due ${formatLongDate(invoice.dueDate)}`;
}

export function invoiceLetter(invoice: InvoiceMail): Letter {
  const opening = invoice.selfBilled
    ? `${invoice.customer} raised self-billed invoice ${invoice.number} for the carriage ${invoice.supplier} supplied, under your self-billing agreement. ${SELF_BILLED_VAT_STATEMENT}.`
    : `${invoice.supplier} has sent ${invoice.customer} invoice ${invoice.number}.`;
  const text =
    `Hello,\n\n${opening}\n\n` +
    `Amount: ${formatMoney(invoice.grossPence)} (VAT included)\n` +
    `Payment due: ${formatLongDate(invoice.dueDate)}\n\n` +
    `The invoice is attached as a PDF. It is also on Loadline: ${invoice.link}\n\n` +
    `--\nSent by Loadline to the invoice e-mail address in your company's billing details.\n`;
  return { subject: invoiceMailSubject(invoice), text };
}
