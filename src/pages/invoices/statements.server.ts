import { formatMoney } from "#domain/format/money.ts";
import { daysToPayText } from "#domain/invoices/days-to-pay.ts";
import { invoiceSideOf } from "#models/invoices.server.ts";
import { daysToPayOf } from "#models/invoices/days-to-pay.server.ts";
import { statementInvoices, type StatementInvoice } from "#models/invoices/statements.server.ts";
import type { CurrentUser } from "#models/users.server.ts";
import { overdue } from "#pages/invoices/late-payment.server.ts";
import { compareText } from "#domain/format/compare-text.ts";

// Statements: per company on the other side, what a carrier's office is owed or a shipper's office
// owes. Outstanding is every invoice not yet paid (gross, in pence), overdue the part of it past its
// due date (from the day after, as dates.ts has it), and paid this month what was paid since the 1st
// of the UK month; each after what credit notes took off. Summed from one read (models/invoices/
// statements), never a query per company. A carrier's office also sees how quickly each customer pays
// (days to pay, one more read for all of them).

type Totals = { id: number; name: string; outstanding: number; overdue: number; paidThisMonth: number };

function add(totals: Totals, invoice: StatementInvoice, now: Date): void {
  const amount = invoice.grossPence - invoice.creditedPence;
  if (invoice.status === "paid") {
    totals.paidThisMonth += amount;
    return;
  }
  totals.outstanding += amount;
  if (overdue(invoice, now)) totals.overdue += amount;
}

/** The sums per counterpart in integer pence, by name. */
export function statementTotals(invoices: readonly StatementInvoice[], issuerSide: boolean, now: Date): Totals[] {
  const byAccount = new Map<number, Totals>();
  for (const invoice of invoices) {
    const account = issuerSide ? invoice.customerAccount : invoice.issuerAccount;
    const totals = byAccount.get(account.id) ?? { id: account.id, name: account.name, outstanding: 0, overdue: 0, paidThisMonth: 0 };
    byAccount.set(account.id, totals);
    add(totals, invoice, now);
  }
  return [...byAccount.values()].sort((a, b) => compareText(a.name, b.name) || a.id - b.id);
}

/** The statements table's rows and words; null when there is nothing outstanding or paid this month. */
export async function statementsOf(user: CurrentUser, now = new Date()) {
  const issuerSide = invoiceSideOf(user) === "issuer";
  const totals = statementTotals(await statementInvoices(user, now), issuerSide, now);
  if (!totals.length) return null;
  const paysIn = issuerSide ? await daysToPayOf(totals.map((row) => row.id), now) : new Map<number, number | null>();
  return {
    heading: issuerSide ? "What customers owe you" : "What you owe carriers",
    rows: totals.map((row) => ({
      id: row.id, name: row.name,
      outstanding: formatMoney(row.outstanding), overdue: formatMoney(row.overdue), paidThisMonth: formatMoney(row.paidThisMonth),
      hasOverdue: row.overdue > 0,
      paysIn: daysToPayText(paysIn.get(row.id) ?? null),
    })),
  };
}
