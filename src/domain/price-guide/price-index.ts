import { isBacked, pencePerMile, type PricedLoad } from "./guide.ts";
import { quartileOf } from "./percentiles.ts";
import { groupBy } from "../group-by.ts";

// The monthly price per mile index: over the last INDEX_MONTHS calendar months (UTC, this one
// included), the median pence per mile of the loads accepted in each month, all lanes together.
// A month is given only when it is backed as a lane's guide is (MIN_LOADS loads from MIN_SHIPPERS
// shippers, counting loads with known miles), so no month's figure is one shipper's price.

export const INDEX_MONTHS = 12;

export type AcceptedLoad = PricedLoad & { acceptedAt: Date };
export type IndexMonth = { month: string; label: string; loads: number; medianPencePerMile: number };

const MONTH_LABEL = new Intl.DateTimeFormat("en-GB", { month: "long", year: "numeric", timeZone: "UTC" });

/** "2026-11" for a moment in November 2026 (UTC). */
export const monthKey = (at: Date): string => at.toISOString().slice(0, 7);

/** The first instant of the index's earliest month, for `now`. */
export function indexStart(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - (INDEX_MONTHS - 1), 1));
}

/** The backed months of the index, oldest first. */
export function pricePerMileIndex(loads: readonly AcceptedLoad[], now: Date): IndexMonth[] {
  const start = indexStart(now);
  const counted = loads.filter((load) => load.acceptedAt >= start && load.acceptedAt <= now && pencePerMile(load) !== null);
  const byMonth = groupBy(counted, (load) => monthKey(load.acceptedAt));
  return [...byMonth.entries()]
    .filter(([, month]) => isBacked(month))
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([month, rows]) => ({
      month,
      label: MONTH_LABEL.format(new Date(`${month}-01T00:00:00Z`)),
      loads: rows.length,
      medianPencePerMile: quartileOf(rows.map((load) => pencePerMile(load)!), 2),
    }));
}
