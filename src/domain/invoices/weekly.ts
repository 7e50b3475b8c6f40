// Weekly grouping: a shipper whose billing details say "weekly" gets one invoice per carrier per
// week instead of one per load. A week is an ISO week (Monday to Sunday) of UK calendar days, so a
// delivery at 23:30 UTC on a summer Sunday is already Monday in London and joins the next week.
// Each load is a line whose tax point is its own delivery; the invoice's tax point is the latest one.

import { addDays, dayOfWeek } from "#domain/format/calendar.ts";
import { zonedDateTimeToUtc } from "#domain/format/dates.ts";
import { ukDate } from "./dates.ts";

export const INVOICE_GROUPINGS = ["per_load", "weekly"] as const;
export type InvoiceGrouping = (typeof INVOICE_GROUPINGS)[number];

export type UkWeek = { monday: string; sunday: string };

/** The Monday and Sunday (UK days, yyyy-mm-dd) of the ISO week holding this instant. */
export function ukWeekOf(instant: Date): UkWeek {
  const day = ukDate(instant);
  // dayOfWeek: 0 = Sunday; an ISO week starts on Monday, so Sunday is its seventh day.
  const monday = addDays(day, -((dayOfWeek(day) + 6) % 7));
  return { monday, sunday: addDays(monday, 6) };
}

/** The instants the week runs between: from UK midnight on its Monday up to (not including) UK midnight after its Sunday. */
export function weekInstants(week: UkWeek): { from: Date; before: Date } {
  const from = zonedDateTimeToUtc(`${week.monday}T00:00`);
  const before = zonedDateTimeToUtc(`${addDays(week.sunday, 1)}T00:00`);
  if (!from || !before) throw new RangeError(`not a week: ${week.monday} to ${week.sunday}`);
  return { from, before };
}

/** Whether a shipper's setting groups its invoices by week; anything unknown is per load. */
export const groupsWeekly = (grouping: string | null | undefined): boolean => grouping === "weekly";

/** The invoice's tax point: the latest of its lines' deliveries. */
export function latestDelivery(deliveries: readonly Date[]): Date {
  if (!deliveries.length) throw new RangeError("an invoice has at least one line");
  return new Date(Math.max(...deliveries.map((delivery) => delivery.getTime())));
}
