import { array, boolean, nullable, number, object, oneOf, string, type Shaped } from "#domain/shape/shape.ts";

// Props of the bar-chart and pie-chart islands: built on the server (chart.ts) and checked by the
// islands on mount. Either one series (`values`) or several (`datasets`) over `labels`.

export const chartDataset = object({ label: string, values: array(number) });

export const chartProps = object({
  title: string,
  /** Read out instead of the drawing: the figures in a sentence. */
  summary: string,
  labels: array(string),
  values: nullable(array(number)),
  datasets: nullable(array(chartDataset)),
  /** Bars of several datasets stacked on each other instead of side by side. */
  stacked: boolean,
  legend: boolean,
  format: oneOf(["number", "currency"]),
  currency: string,
  /** Label every bar on the category axis, not only as many as fit. */
  showAllTicks: boolean,
});
export type ChartProps = Shaped<typeof chartProps>;
export type ChartDataset = Shaped<typeof chartDataset>;
