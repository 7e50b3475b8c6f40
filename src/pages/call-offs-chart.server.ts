import type { CallOffMonth } from "#domain/charts/call-offs.ts";
import type { Chart } from "#domain/charts/chart.ts";

// The job page's call-offs chart (and its CSV): a contract's months from callOffMonths() in
// src/models/call-offs.server.ts, drawn as a chart.

/** Estimate and call-offs side by side, a bar pair per month. */
export function callOffChart(months: readonly CallOffMonth[]): Chart {
  return {
    id: "call-offs",
    kind: "bar",
    title: "Loads called off against the estimate",
    labelHeading: "Month",
    labels: months.map((m) => m.label),
    csvLabels: months.map((m) => `${m.month}-01`),
    datasets: [
      { label: "Estimated loads", values: months.map((m) => m.estimate) },
      { label: "Loads called off", values: months.map((m) => m.calledOff) },
    ],
    format: "number",
    showAllTicks: true,
  };
}
