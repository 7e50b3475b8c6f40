// An account's dashboard figures are added up once per month over a window of months around today,
// and every period inside that window is then read from those few rows: choosing another period
// costs no database work. The database groups the loads by the London month they were delivered
// in and the month of their collection day; a period keeps the months it covers and adds the rest
// away (a load delivered in the period but collected before it still counts as delivered, and is
// not among the period's collections).

import type { LoadFigureRow, QuoteFigureRow } from "./dashboard-charts.ts";
import { addToMonth, monthOfInstant, monthsBetween } from "./months.ts";

/** Months kept before this month (the longest period one may choose ends with this month). */
export const WINDOW_MONTHS_BACK = 23;
/** Months kept after this month (loads booked ahead). */
export const WINDOW_MONTHS_AHEAD = 12;

/** Loads grouped by month: delivered in `deliveredMonth`, collecting in `pickedMonth` (null: outside the window). */
export type LoadMonthRow = Omit<LoadFigureRow, "picked"> & { pickedMonth: string | null };

/**
 * The months whose figures are added up for `months`: the window around today when the period lies
 * inside it (so every such period shares one set of figures), otherwise just the period's own months.
 */
export function figureWindow(months: readonly string[], now: Date): string[] {
  const thisMonth = monthOfInstant(now);
  const [from, to] = [addToMonth(thisMonth, -WINDOW_MONTHS_BACK), addToMonth(thisMonth, WINDOW_MONTHS_AHEAD)];
  const inside = months.length > 0 && months[0]! >= from && months.at(-1)! <= to;
  return inside ? monthsBetween(from, to) : [...months];
}

const SUMMED = ["loads", "pence", "collectedOnTime", "deliveredOnTime", "collectionDated", "deliveryDated", "co2eGrams"] as const;

/** The period's rows from the window's: months outside the period set aside, rows that fall together added up. */
export function loadRowsForPeriod(rows: readonly LoadMonthRow[], months: readonly string[]): LoadFigureRow[] {
  const inPeriod = new Set(months);
  const merged = new Map<string, LoadFigureRow>();
  for (const { pickedMonth, ...row } of rows) {
    const deliveredMonth = row.deliveredMonth !== null && inPeriod.has(row.deliveredMonth) ? row.deliveredMonth : null;
    const picked = pickedMonth !== null && inPeriod.has(pickedMonth);
    if (deliveredMonth === null && !picked) continue;
    const key = JSON.stringify([deliveredMonth, picked, row.carrierId, row.status]);
    const kept = merged.get(key);
    if (!kept) {
      merged.set(key, { ...row, deliveredMonth, picked });
      continue;
    }
    for (const field of SUMMED) kept[field] += row[field];
  }
  return [...merged.values()];
}

/** The period's months of quote figures. */
export function quoteRowsForPeriod(rows: readonly QuoteFigureRow[], months: readonly string[]): QuoteFigureRow[] {
  const inPeriod = new Set(months);
  return rows.filter((row) => inPeriod.has(row.month));
}
