// The dashboard's "Invoices" panel: what a shipper's office owes (or a carrier's office is owed) in
// all, the part of it overdue, and what was paid this month, each after what credit notes took off
// (the same sums as the statements on /invoices, src/pages/invoices/statements.server.ts), linking
// to the list. One grouped statement, whatever the number of invoices.
import { z } from "zod";
import { db } from "#db/client.server.ts";
import { instant } from "#db/sql-dialect.server.ts";
import { Prisma } from "#generated/prisma/client.ts";
import { formatMoney } from "#domain/format/money.ts";
import { ukDate } from "#domain/invoices/dates.ts";
import { invoiceSideOf } from "#models/invoices.server.ts";
import { startOfUkMonth } from "#models/invoices/statements.server.ts";
import type { CurrentUser } from "#models/users.server.ts";

const Sums = z.object({ outstanding: z.coerce.number(), overdue: z.coerce.number(), paid: z.coerce.number() });

/** Outstanding, overdue (due before today's UK day) and paid this UK month, in pence, for one side of the account's invoices. */
async function invoiceSums(side: "issuer" | "customer", accountId: number, now: Date) {
  const column = Prisma.raw(side === "issuer" ? `"issuerAccountId"` : `"customerAccountId"`);
  const today = instant(Date.parse(`${ukDate(now)}T00:00:00Z`));
  const monthStart = instant(startOfUkMonth(now).getTime());
  const owed = Prisma.sql`"grossPence" - "creditedPence"`;
  const rows = await db().$queryRaw<unknown[]>`
    SELECT
      COALESCE(SUM(CASE WHEN "status" = 'issued' THEN ${owed} ELSE 0 END), 0) AS "outstanding",
      COALESCE(SUM(CASE WHEN "status" = 'issued' AND "dueDate" < ${today} THEN ${owed} ELSE 0 END), 0) AS "overdue",
      COALESCE(SUM(CASE WHEN "status" = 'paid' AND "paidAt" >= ${monthStart} THEN ${owed} ELSE 0 END), 0) AS "paid"
    FROM "Invoice" WHERE ${column} = ${accountId} AND "status" IN ('issued', 'paid')`;
  return Sums.parse(rows[0]);
}

export type DashboardInvoices = { heading: string; href: string; overdueHref: string; outstanding: string; overdue: string; paidThisMonth: string; hasOverdue: boolean };

/** The panel for an office; null for anyone without invoices (drivers). */
export async function dashboardInvoices(user: CurrentUser, now = new Date()): Promise<DashboardInvoices | null> {
  const side = invoiceSideOf(user);
  if (!side) return null;
  const sums = await invoiceSums(side, user.accountId, now);
  return {
    heading: side === "issuer" ? "Invoices: what customers owe you" : "Invoices: what you owe carriers",
    href: "/invoices",
    overdueHref: "/invoices?state=overdue",
    outstanding: formatMoney(sums.outstanding),
    overdue: formatMoney(sums.overdue),
    paidThisMonth: formatMoney(sums.paid),
    hasOverdue: sums.overdue > 0,
  };
}
