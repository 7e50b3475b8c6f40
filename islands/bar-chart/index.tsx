import { BarController, BarElement, CategoryScale, Chart, Legend, LinearScale, Tooltip } from "chart.js";
import { ChartCanvas } from "../charts/chart-canvas.tsx";
import { barConfig } from "../charts/options.ts";

// Only what a bar chart draws with, so the rest of Chart.js stays out of the download.
Chart.register(BarController, BarElement, CategoryScale, LinearScale, Legend, Tooltip);

/** A bar chart (one series, or several side by side or stacked). */
export default function BarChart(raw: Record<string, unknown>) {
  return <ChartCanvas raw={raw} Chart={Chart} configure={barConfig} />;
}
