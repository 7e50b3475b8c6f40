import { useEffect, useMemo, useRef } from "react";
import type { Chart as ChartJs, ChartConfiguration, ChartType } from "chart.js";
import { chartProps, type ChartProps } from "#domain/charts/chart-props.ts";

type ChartClass = typeof ChartJs;

/**
 * A canvas drawn by Chart.js, read out as the chart's summary (the same figures are in the table
 * beside it). `data-chart-drawn` says the drawing is done.
 */
export function ChartCanvas<T extends ChartType>({ raw, Chart, configure }: { raw: Record<string, unknown>; Chart: ChartClass; configure: (props: ChartProps) => ChartConfiguration<T> }) {
  const props = useMemo(() => chartProps(raw), [raw]);
  const canvas = useRef<HTMLCanvasElement>(null);

  useEffect(() => {
    if (!canvas.current) return;
    const config = configure(props) as unknown as ChartConfiguration;
    const chart = new Chart(canvas.current, config);
    canvas.current.dataset.chartDrawn = config.type;
    return () => chart.destroy();
  }, [props, Chart, configure]);

  return <canvas ref={canvas} role="img" aria-label={props.summary} />;
}
