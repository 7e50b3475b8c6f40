import { db } from "#db/client.server.ts";
import { ukDate } from "#domain/invoices/dates.ts";
import { averageDaysToPay, daysToPayFrom, type PaidDays } from "#domain/invoices/days-to-pay.ts";

// How quickly shippers pay (days-to-pay.ts): for each, the average whole days from tax point to
// payment over its invoices paid in the last 12 months, from every carrier, so a carrier sees how a
// customer pays before it is owed much. `paidAt` is stored as UTC midnight of the UK day it was paid;
// the tax point is an instant, read as its UK day. One statement for any number of shippers.

/** Each shipper's average days to pay (null when it paid nothing in the last 12 months). */
export async function daysToPayOf(shipperAccountIds: readonly number[], now = new Date()): Promise<Map<number, number | null>> {
  const ids = [...new Set(shipperAccountIds)];
  const byShipper = new Map<number, PaidDays[]>(ids.map((id) => [id, []]));
  if (!ids.length) return new Map();
  const from = new Date(`${daysToPayFrom(ukDate(now))}T00:00:00Z`);
  const paid = await db().invoice.findMany({
    where: { customerAccountId: { in: ids }, status: "paid", paidAt: { gte: from } },
    select: { customerAccountId: true, taxPoint: true, paidAt: true },
  });
  for (const invoice of paid) byShipper.get(invoice.customerAccountId)?.push({ taxPointDay: ukDate(invoice.taxPoint), paidDay: invoice.paidAt!.toISOString().slice(0, 10) });
  return new Map([...byShipper].map(([id, days]) => [id, averageDaysToPay(days)]));
}

/** One shipper's average days to pay, or null. */
export async function daysToPay(shipperAccountId: number, now = new Date()): Promise<number | null> {
  return (await daysToPayOf([shipperAccountId], now)).get(shipperAccountId) ?? null;
}
