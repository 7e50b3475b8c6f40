import { db } from "#db/client.server.ts";
import { isOverdue, ukDate } from "#domain/invoices/dates.ts";

// The carrier is asked whether the shipper paid on time only once there is an answer: the load's
// invoice is paid, or issued and past its due date. Before then (no invoice, a draft, not yet due)
// the question is left out, and a credited invoice was never to be paid.

/** Whether the load's invoice is paid or overdue at `now`. */
export async function paymentDueFor(loadId: number, now = new Date()): Promise<boolean> {
  const line = await db().invoiceLine.findUnique({ where: { loadId }, select: { invoice: { select: { status: true, dueDate: true } } } });
  if (!line) return false;
  const { status, dueDate } = line.invoice;
  return status === "paid" || (status === "issued" && isOverdue(ukDate(dueDate), ukDate(now)));
}
