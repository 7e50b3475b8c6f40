import { addDays } from "#domain/format/calendar.ts";
import { formatLongDate } from "#domain/format/dates.ts";
import { formatMoney } from "#domain/format/money.ts";
import { owedPence } from "#domain/invoices/credit-notes.ts";
import { daysLate, isOverdue, ukDate } from "#domain/invoices/dates.ts";
import { baseRateReferenceDate, fixedCompensationPence, statutoryInterest, statutoryRateBp } from "#domain/invoices/late-payment.ts";
import { vatRateLabel } from "#domain/invoices/vat.ts";
import { env } from "#lib/env.server.ts";
import type { InvoiceDetail } from "#models/invoices.server.ts";

// What an unpaid invoice past its due date may claim under the Late Payment of Commercial Debts
// (Interest) Act 1998 (late-payment.ts): interest from the day after the due date at 8% over the
// base rate (BANK_BASE_RATE_BP, the app's setting: it cannot look the Bank's rate up), and the fixed
// compensation by the debt's size. The debt is what is still owed: the gross less its credit notes
// (an unpaid invoice has no payments). Shown to both sides; null while the invoice is not overdue.

const dueDayOf = (invoice: Pick<InvoiceDetail, "dueDate">) => invoice.dueDate.toISOString().slice(0, 10);

/** Whether the invoice is awaiting payment past its due date (from the day after it). */
export function overdue(invoice: Pick<InvoiceDetail, "status" | "dueDate">, now: Date): boolean {
  return invoice.status === "issued" && isOverdue(dueDayOf(invoice), ukDate(now));
}

export function latePaymentOf(invoice: InvoiceDetail, now = new Date(), baseRateBp = env().BANK_BASE_RATE_BP) {
  if (!overdue(invoice, now)) return null;
  const due = dueDayOf(invoice);
  const days = daysLate(due, ukDate(now));
  const debtPence = owedPence({ grossPence: invoice.grossPence, paidPence: 0, creditedPence: invoice.creditedPence });
  const interestPence = statutoryInterest({ principalPence: debtPence, baseRateBp, daysLate: days });
  const compensationPence = fixedCompensationPence(debtPence);
  const rate = vatRateLabel(statutoryRateBp(baseRateBp));
  const reference = formatLongDate(baseRateReferenceDate(addDays(due, 1)));
  return {
    daysLate: days,
    facts: [
      { label: "Days late", value: String(days), nowrap: true },
      { label: "Interest rate", value: `${rate} a year: the statutory 8% over the base rate of ${vatRateLabel(baseRateBp)} on ${reference}` },
      { label: "Interest so far", value: formatMoney(interestPence), nowrap: true },
      { label: "Fixed compensation", value: formatMoney(compensationPence), nowrap: true },
    ],
  };
}
