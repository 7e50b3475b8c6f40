// The dashboard's charts, made from the grouped rows the database adds up (src/models/chart-
// figures). A shipper sees what it spends and with whom; a carrier what it earns and wins.

import { LOAD_STATUSES, loadStatusLabel } from "#domain/loads/status.ts";
import type { Chart } from "./chart.ts";
import { shortMonthLabel } from "./months.ts";
import { co2eKgOfGrams } from "./co2e.ts";

export type LoadFigureRow = {
  /** London month of delivery, or null for loads not delivered in the period. */
  deliveredMonth: string | null;
  /** Collection day within the period. */
  picked: boolean;
  carrierId: number | null;
  carrierName: string | null;
  status: string;
  loads: number;
  pence: number;
  collectedOnTime: number;
  deliveredOnTime: number;
  collectionDated: number;
  deliveryDated: number;
  /** Grams of CO2e of these loads (shippers' figures; 0 for carriers'). */
  co2eGrams: number;
};
export type LaneFigureRow = { origin: string | null; destination: string | null; loads: number; averagePence: number };
export type QuoteFigureRow = { month: string; placed: number; won: number };

export type DashboardStat = { title: string; value: string; hint: string };

/** Carriers beyond this many are added up as one "Other carriers" series, so colours stay apart. */
export const CARRIERS_SHOWN = 7;

const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);
const monthLabels = (months: readonly string[]) => ({ labels: months.map(shortMonthLabel), csvLabels: months.map((month) => `${month}-01`) });
const delivered = (rows: readonly LoadFigureRow[]) => rows.filter((row) => row.deliveredMonth !== null);

/** Carriers by the total of `measure`, largest first, the tail folded into "Other carriers". */
function carrierGroups(rows: readonly LoadFigureRow[], measure: (row: LoadFigureRow) => number): { label: string; ids: (number | null)[] }[] {
  const totals = new Map<number | null, { name: string; total: number }>();
  for (const row of rows) {
    const entry = totals.get(row.carrierId) ?? { name: row.carrierName ?? "No carrier", total: 0 };
    entry.total += measure(row);
    totals.set(row.carrierId, entry);
  }
  const ranked = [...totals].sort(([, a], [, b]) => b.total - a.total || a.name.localeCompare(b.name));
  const shown = ranked.length > CARRIERS_SHOWN ? ranked.slice(0, CARRIERS_SHOWN - 1) : ranked;
  const rest = ranked.slice(shown.length);
  return [...shown.map(([id, { name }]) => ({ label: name, ids: [id] })), ...(rest.length ? [{ label: "Other carriers", ids: rest.map(([id]) => id) }] : [])];
}

export function spendPerMonth(rows: readonly LoadFigureRow[], months: readonly string[], title = "Spend per month", id = "spend-per-month", byCarrier = true): Chart {
  const done = delivered(rows);
  const groups = byCarrier ? carrierGroups(done, (row) => row.pence) : [{ label: title.replace(/ per month$/, ""), ids: null }];
  const datasets = groups.map((group) => ({
    label: group.label,
    values: months.map((month) => sum(done.filter((row) => row.deliveredMonth === month && (!group.ids || group.ids.includes(row.carrierId))).map((row) => row.pence))),
  }));
  return { id, kind: "bar", title, labelHeading: "Month", ...monthLabels(months), datasets: datasets.length ? datasets : [{ label: "Spend", values: months.map(() => 0) }], format: "currency", stacked: byCarrier };
}

/** CO2e of the loads delivered each month, in whole kilograms. */
export function co2ePerMonth(rows: readonly LoadFigureRow[], months: readonly string[]): Chart {
  const done = delivered(rows);
  const grams = (month: string) => sum(done.filter((row) => row.deliveredMonth === month).map((row) => row.co2eGrams));
  return { id: "co2e-per-month", kind: "bar", title: "CO2e per month", labelHeading: "Month", ...monthLabels(months), datasets: [{ label: "kg CO2e", values: months.map((month) => co2eKgOfGrams(grams(month))) }], format: "number" };
}

export const revenuePerMonth = (rows: readonly LoadFigureRow[], months: readonly string[]): Chart => spendPerMonth(rows, months, "Revenue per month", "revenue-per-month", false);

/**
 * Every load the period touches, each once, by its status now: those collecting in the period and
 * those delivered in it (a load delivered this month but collected last month counts, as the spend
 * and carrier charts beside it count it), labelled as the loads' badges read.
 */
export function loadsByStatus(rows: readonly LoadFigureRow[]): Chart {
  const touched = rows.filter((row) => row.picked || row.deliveredMonth !== null);
  const statuses = LOAD_STATUSES.filter((status) => touched.some((row) => row.status === status && row.loads > 0));
  return {
    id: "loads-by-status",
    kind: "pie",
    title: "Loads by status",
    labelHeading: "Status",
    labels: statuses.map(loadStatusLabel),
    csvLabels: [...statuses],
    datasets: [{ label: "Loads", values: statuses.map((status) => sum(touched.filter((row) => row.status === status).map((row) => row.loads))) }],
    format: "number",
  };
}

export function carrierShare(rows: readonly LoadFigureRow[]): Chart {
  const done = delivered(rows);
  const groups = carrierGroups(done, (row) => row.loads);
  return {
    id: "carrier-share",
    kind: "pie",
    title: "Each carrier's share of loads",
    labelHeading: "Carrier",
    labels: groups.map((group) => group.label),
    datasets: [{ label: "Loads delivered", values: groups.map((group) => sum(done.filter((row) => group.ids.includes(row.carrierId)).map((row) => row.loads))) }],
    format: "number",
  };
}

const laneName = (lane: LaneFigureRow) => `${lane.origin ?? "Unknown"} → ${lane.destination ?? "Unknown"}`;

export function lanePrices(lanes: readonly LaneFigureRow[]): Chart {
  return {
    id: "lane-prices",
    kind: "bar",
    title: "Average price per load on your busiest lanes",
    labelHeading: "Lane",
    labels: lanes.map(laneName),
    datasets: [{ label: "Average price per load", values: lanes.map((lane) => Math.round(lane.averagePence)) }],
    format: "currency",
    showAllTicks: true,
  };
}

export function busiestLanes(lanes: readonly LaneFigureRow[]): Chart {
  return {
    id: "busiest-lanes",
    kind: "bar",
    title: "Your busiest lanes",
    labelHeading: "Lane",
    labels: lanes.map(laneName),
    datasets: [{ label: "Loads delivered", values: lanes.map((lane) => lane.loads) }],
    format: "number",
    showAllTicks: true,
  };
}

export function quotesPlacedAndWon(rows: readonly QuoteFigureRow[], months: readonly string[]): Chart {
  const of = (month: string) => rows.find((row) => row.month === month) ?? { placed: 0, won: 0 };
  return {
    id: "quotes-placed-won",
    kind: "bar",
    title: "Quotes placed and won",
    labelHeading: "Month",
    ...monthLabels(months),
    datasets: [
      { label: "Placed", values: months.map((month) => of(month).placed) },
      { label: "Won", values: months.map((month) => of(month).won) },
    ],
    format: "number",
  };
}

/** A share as a whole percentage, or "–" when there is nothing to divide by. */
export const rate = (part: number, whole: number): string => (whole > 0 ? `${Math.round((part / whole) * 100)}%` : "–");

export function onTimeStats(rows: readonly LoadFigureRow[]): DashboardStat[] {
  const done = delivered(rows);
  const total = (pick: (row: LoadFigureRow) => number) => sum(done.map(pick));
  return [
    { title: "Collected on time", value: rate(total((r) => r.collectedOnTime), total((r) => r.collectionDated)), hint: "Delivered loads collected by the end of their collection day" },
    { title: "Delivered on time", value: rate(total((r) => r.deliveredOnTime), total((r) => r.deliveryDated)), hint: "Delivered by the end of their delivery day" },
  ];
}

export function winRateStat(rows: readonly QuoteFigureRow[]): DashboardStat {
  const placed = sum(rows.map((row) => row.placed));
  const won = sum(rows.map((row) => row.won));
  return { title: "Win rate", value: rate(won, placed), hint: `${won} of ${placed} quotes placed in the period won` };
}
