import type { ChartConfiguration, TooltipItem } from "chart.js";
import { colourPair } from "#domain/charts/colours.ts";
import { formatChartNumber } from "#domain/charts/number-format.ts";
import { piePercentages } from "#domain/charts/pie.ts";
import type { ChartProps } from "#domain/charts/chart-props.ts";

// Chart.js configurations made from the islands' props. Pure data: the islands register only the
// Chart.js parts their chart type needs and hand one of these over.

const seriesOf = (props: ChartProps) => props.datasets ?? [{ label: props.title, values: props.values ?? [] }];
const written = (props: ChartProps) => (value: number | string) => formatChartNumber(Number(value), props.format, props.currency);

export function barConfig(props: ChartProps): ChartConfiguration<"bar"> {
  const write = written(props);
  return {
    type: "bar",
    data: {
      labels: props.labels,
      datasets: seriesOf(props).map((series, index) => {
        const { fill, border } = colourPair(index);
        return { label: series.label, data: series.values, backgroundColor: fill, borderColor: border, borderWidth: 1 };
      }),
    },
    options: {
      animation: false,
      maintainAspectRatio: false,
      scales: {
        x: { stacked: props.stacked, ticks: { autoSkip: !props.showAllTicks } },
        y: { stacked: props.stacked, beginAtZero: true, ticks: { callback: write } },
      },
      plugins: {
        legend: { display: props.legend },
        tooltip: { callbacks: { label: (item: TooltipItem<"bar">) => `${item.dataset.label}: ${write(item.parsed.y ?? 0)}` } },
      },
    },
  };
}

/** A pie's slices, each labelled with its rounded share of the whole ("Delivered (60%)"). */
export function pieConfig(props: ChartProps): ChartConfiguration<"pie"> {
  const write = written(props);
  const values = props.values ?? props.datasets?.[0]?.values ?? [];
  const percentages = piePercentages(values);
  const pairs = values.map((_, index) => colourPair(index));
  return {
    type: "pie",
    data: {
      labels: props.labels.map((label, index) => `${label} (${percentages[index]}%)`),
      datasets: [{ label: props.title, data: values, backgroundColor: pairs.map((p) => p.fill), borderColor: pairs.map((p) => p.border), borderWidth: 1 }],
    },
    options: {
      animation: false,
      maintainAspectRatio: false,
      plugins: {
        legend: { display: props.legend, position: "right" },
        tooltip: { callbacks: { label: (item: TooltipItem<"pie">) => ` ${write(item.parsed)}` } },
      },
    },
  };
}
