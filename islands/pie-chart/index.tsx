import { ArcElement, Chart, Legend, PieController, Tooltip } from "chart.js";
import { ChartCanvas } from "../charts/chart-canvas.tsx";
import { pieConfig } from "../charts/options.ts";

// Only what a pie chart draws with.
Chart.register(PieController, ArcElement, Legend, Tooltip);

/** A pie chart whose slices are labelled with their rounded share of the whole. */
export default function PieChart(raw: Record<string, unknown>) {
  return <ChartCanvas raw={raw} Chart={Chart} configure={pieConfig} />;
}
