// When both offices are told an invoice is overdue: an invoice unpaid on its due date is overdue
// from the next day (dates.ts), and they are told that morning at 08:00 UK time, at the start of a
// working day rather than at midnight; a sweep that runs later (a server that was down) tells them
// at its first run after that. Each invoice is told once (Invoice.overdueNotifiedAt).

import { addDays } from "#domain/format/calendar.ts";
import { formatLongDate, zonedDateTimeToUtc } from "#domain/format/dates.ts";
import { formatMoney } from "#domain/format/money.ts";

/** The hour, UK time, of the morning after the due date when the notice goes. */
export const OVERDUE_NOTICE_HOUR = "08:00";

/** The instant the notice is due for an invoice due on `dueDay` (yyyy-mm-dd): 08:00 in London the day after. */
export function overdueNoticeAt(dueDay: string): Date {
  const at = zonedDateTimeToUtc(`${addDays(dueDay, 1)}T${OVERDUE_NOTICE_HOUR}`);
  if (!at) throw new RangeError(`dueDay must be a date written yyyy-mm-dd, not ${JSON.stringify(dueDay)}`);
  return at;
}

/** Whether it is time to tell both offices: still unpaid, not told yet, and 08:00 UK time the day after the due date has come. */
export function isTimeToTellOverdue(invoice: { status: string; dueDay: string; notified: boolean }, now: Date): boolean {
  if (invoice.status !== "issued" || invoice.notified) return false;
  return now.getTime() >= overdueNoticeAt(invoice.dueDay).getTime();
}

/** The earliest due day that may be time to tell now: every due day before or on it is worth checking. */
export const latestDueDayToTell = (today: string) => addDays(today, -1);

export type OverdueFacts = { invoiceId: number; number: string; dueDate: Date; owedPence: number; counterpart: string; side: "issuer" | "customer" };

/** The notice each office gets: who owes or is owed, how much, since when. */
export function overdueNoticeContent(facts: OverdueFacts) {
  const owed = formatMoney(facts.owedPence);
  const due = formatLongDate(facts.dueDate);
  return {
    kind: "invoice_overdue" as const,
    title: `Invoice ${facts.number} is overdue`,
    body: facts.side === "issuer" ? `${facts.counterpart} has not paid ${owed}, due on ${due}.` : `You have not paid ${facts.counterpart} ${owed}, due on ${due}.`,
    path: `/invoices/${facts.invoiceId}`,
  };
}
