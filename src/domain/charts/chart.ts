// One chart's figures, and everything made from them: the island's props, the table beside it
// (the same numbers, written the same way), the sentence read out instead of the drawing, and the
// CSV. Money figures are kept in pence until they are shown.

import type { ChartFormat } from "./number-format.ts";
import { formatChartNumber, poundsFromPence } from "./number-format.ts";
import type { ChartProps } from "./chart-props.ts";
import { csvNumber, csvPounds, toCsv, type CsvCell } from "./csv.ts";
import { piePercentages } from "./pie.ts";

export type ChartKind = "bar" | "pie";

export type Chart = {
  /** Names the chart in its CSV's URL and file name ("spend-per-month"). */
  id: string;
  kind: ChartKind;
  title: string;
  /** What each label is, as a column heading ("Month", "Carrier"). */
  labelHeading: string;
  labels: string[];
  /** What each label is in the CSV (ISO dates for months); defaults to the label. */
  csvLabels?: string[];
  /** Pence when format is currency. */
  datasets: { label: string; values: number[] }[];
  format: ChartFormat;
  stacked?: boolean;
  showAllTicks?: boolean;
};

const shown = (chart: Chart, value: number) => (chart.format === "currency" ? poundsFromPence(value) : value);
const written = (chart: Chart, value: number) => formatChartNumber(shown(chart, value), chart.format);

export const isEmptyChart = (chart: Chart) => chart.datasets.every((dataset) => dataset.values.every((value) => value === 0));

export function chartProps(chart: Chart): ChartProps {
  const single = chart.datasets.length === 1;
  return {
    title: chart.title,
    summary: chartSummary(chart),
    labels: chart.labels,
    values: single ? chart.datasets[0]!.values.map((value) => shown(chart, value)) : null,
    datasets: single ? null : chart.datasets.map((dataset) => ({ label: dataset.label, values: dataset.values.map((value) => shown(chart, value)) })),
    stacked: chart.stacked ?? false,
    legend: !single || chart.kind === "pie",
    format: chart.format,
    currency: "GBP",
    showAllTicks: chart.showAllTicks ?? false,
  };
}

/** Each label's figure (several datasets: each named), as one sentence. */
export function chartSummary(chart: Chart): string {
  if (!chart.labels.length || isEmptyChart(chart)) return `${chart.title}: nothing in this period.`;
  const single = chart.datasets.length === 1;
  const percentages = chart.kind === "pie" ? piePercentages(chart.datasets[0]!.values) : [];
  const parts = chart.labels.map((label, index) => {
    if (chart.kind === "pie") return `${label} ${written(chart, chart.datasets[0]!.values[index] ?? 0)} (${percentages[index]}%)`;
    if (single) return `${label} ${written(chart, chart.datasets[0]!.values[index] ?? 0)}`;
    return `${label}: ${chart.datasets.map((dataset) => `${dataset.label} ${written(chart, dataset.values[index] ?? 0)}`).join(", ")}`;
  });
  return `${chart.title}. ${parts.join("; ")}.`;
}

export type ChartTable = { head: string[]; rows: string[][] };

/** The figures as rows: one per label, a column per dataset (and a pie's percentages). */
export function chartTable(chart: Chart): ChartTable {
  const percentages = chart.kind === "pie" ? piePercentages(chart.datasets[0]?.values ?? []) : null;
  return {
    head: [chart.labelHeading, ...chart.datasets.map((dataset) => dataset.label), ...(percentages ? ["Share"] : [])],
    rows: chart.labels.map((label, index) => [
      label,
      ...chart.datasets.map((dataset) => written(chart, dataset.values[index] ?? 0)),
      ...(percentages ? [`${percentages[index]}%`] : []),
    ]),
  };
}

export function chartCsv(chart: Chart): string {
  const heading = (label: string) => (chart.format === "currency" ? `${label} (GBP)` : label);
  const value = (n: number) => (chart.format === "currency" ? csvPounds(n) : csvNumber(n));
  const rows: CsvCell[][] = chart.labels.map((label, index) => [chart.csvLabels?.[index] ?? label, ...chart.datasets.map((dataset) => value(dataset.values[index] ?? 0))]);
  return toCsv([[chart.labelHeading, ...chart.datasets.map((dataset) => heading(dataset.label))], ...rows]);
}

/** "spend-per-month-2025-12-to-2026-11.csv". */
export function chartFileName(chart: Chart, period: { from: string; to: string }): string {
  return `${chart.id}-${period.from}${period.to === period.from ? "" : `-to-${period.to}`}.csv`;
}

export type ChartView = { id: string; kind: ChartKind; title: string; props: ChartProps; table: ChartTable; empty: boolean; csvPath: string };

/** What a page needs to show a chart: the island's props, its table, and where its CSV is. */
export function chartView(chart: Chart, csvPath: string): ChartView {
  return { id: chart.id, kind: chart.kind, title: chart.title, props: chartProps(chart), table: chartTable(chart), empty: !chart.labels.length || isEmptyChart(chart), csvPath };
}
