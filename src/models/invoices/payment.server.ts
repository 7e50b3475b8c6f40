import { db } from "#db/client.server.ts";
import { ukDate } from "#domain/invoices/dates.ts";
import { paymentInputSchema } from "#domain/invoices/payment.ts";
import { formatLongDate } from "#domain/format/dates.ts";
import { found } from "#lib/errors.server.ts";
import { parseInput } from "#lib/input.server.ts";
import { ok, refusedBase, type Result } from "#lib/result.server.ts";
import { isCustomerOf, isIssuerOf, type InvoiceDetail } from "#models/invoices.server.ts";
import type { CurrentUser } from "#models/users.server.ts";
import { webhookEvent } from "#models/webhooks.server.ts";

// Payment of an invoice: the customer's office says it paid (on a day from the issue date to today,
// with its reference), then the issuer's office confirms the money arrived. Each is compare-and-set
// on the invoice's state, so a second click, or a second person, is told it was done already (409).
// Nothing else about an issued invoice ever changes.

export const PAYMENT_REFUSALS = {
  alreadyPaid: "This invoice is already marked as paid",
  notPaid: "This invoice has not been marked as paid yet",
  alreadyConfirmed: "You have already confirmed receiving this payment",
} as const;

/** The customer's office marks it paid: 404 for anyone else, 409 once paid, 422 for a date it cannot be. */
export async function markPaid(invoice: InvoiceDetail, user: CurrentUser, body: unknown, now = new Date()): Promise<Result> {
  found(isCustomerOf(invoice, user));
  if (invoice.status !== "issued") return refusedBase(PAYMENT_REFUSALS.alreadyPaid, 409);
  const window = { issueDate: ukDate(invoice.issueDate), issueDateText: formatLongDate(invoice.issueDate), today: ukDate(now) };
  const input = parseInput(paymentInputSchema(window), body);
  if (!input.ok) return input;
  const { paidOn, reference } = input.data;
  const data = { status: "paid", paidAt: new Date(`${paidOn}T00:00:00Z`), paidReference: reference };
  const { count } = await db().invoice.updateMany({ where: { id: invoice.id, status: "issued" }, data });
  if (count) await webhookEvent("invoice.paid", invoice.id);
  return count ? ok() : refusedBase(PAYMENT_REFUSALS.alreadyPaid, 409);
}

/** The issuer's office confirms the payment arrived: 404 for anyone else, 409 unless it is marked paid and not yet confirmed. */
export async function confirmReceipt(invoice: InvoiceDetail, user: CurrentUser, now = new Date()): Promise<Result> {
  found(isIssuerOf(invoice, user));
  if (invoice.status !== "paid") return refusedBase(PAYMENT_REFUSALS.notPaid, 409);
  const where = { id: invoice.id, status: "paid", receiptConfirmedAt: null };
  const { count } = await db().invoice.updateMany({ where, data: { receiptConfirmedAt: now } });
  return count ? ok() : refusedBase(PAYMENT_REFUSALS.alreadyConfirmed, 409);
}
