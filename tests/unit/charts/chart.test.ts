import { describe, expect, it } from "vitest";
import { chartCsv, chartFileName, chartProps, chartSummary, chartTable, type Chart } from "#domain/charts/chart.ts";
import { chartProps as checkChartProps } from "#domain/charts/chart-props.ts";
import { toCsv } from "#domain/charts/csv.ts";

const spend: Chart = {
  id: "spend-per-month",
  kind: "bar",
  title: "Spend per month",
  labelHeading: "Month",
  labels: ["Jan 2026", "Feb 2026"],
  csvLabels: ["2026-01-01", "2026-02-01"],
  datasets: [
    { label: "Pennine", values: [50_000, 45_050] },
    { label: "Severn", values: [0, 120_000] },
  ],
  format: "currency",
  stacked: true,
};
const statuses: Chart = { id: "loads-by-status", kind: "pie", title: "Loads by status", labelHeading: "Status", labels: ["Assigned", "Delivered"], datasets: [{ label: "Loads", values: [1, 2] }], format: "number" };

describe("a chart's props, table, summary and CSV", () => {
  it("plots pounds in datasets, stacked, with a legend; one series goes in `values`", () => {
    const props = chartProps(spend);
    expect(props).toEqual({
      title: "Spend per month",
      summary: "Spend per month. Jan 2026: Pennine £500, Severn £0; Feb 2026: Pennine £450.5, Severn £1,200.",
      labels: ["Jan 2026", "Feb 2026"],
      values: null,
      datasets: [
        { label: "Pennine", values: [500, 450.5] },
        { label: "Severn", values: [0, 1200] },
      ],
      stacked: true,
      legend: true,
      format: "currency",
      currency: "GBP",
      showAllTicks: false,
    });
    expect(checkChartProps(props)).toEqual(props);
    expect(chartProps(statuses)).toMatchObject({ values: [1, 2], datasets: null, legend: true, stacked: false });
  });

  it("tables the figures as the chart writes them, a pie with its shares", () => {
    expect(chartTable(spend)).toEqual({ head: ["Month", "Pennine", "Severn"], rows: [["Jan 2026", "£500", "£0"], ["Feb 2026", "£450.5", "£1,200"]] });
    expect(chartTable(statuses)).toEqual({ head: ["Status", "Loads", "Share"], rows: [["Assigned", "1", "33%"], ["Delivered", "2", "67%"]] });
  });

  it("says when there is nothing to show", () => {
    expect(chartSummary({ ...statuses, datasets: [{ label: "Loads", values: [0, 0] }] })).toBe("Loads by status: nothing in this period.");
  });

  it("writes CSV with ISO months and pounds to two decimals, named after the chart and period", () => {
    expect(chartCsv(spend)).toBe("Month,Pennine (GBP),Severn (GBP)\r\n2026-01-01,500.00,0.00\r\n2026-02-01,450.50,1200.00\r\n");
    expect(chartFileName(spend, { from: "2026-01", to: "2026-03" })).toBe("spend-per-month-2026-01-to-2026-03.csv");
    expect(chartFileName(spend, { from: "2026-04", to: "2026-04" })).toBe("spend-per-month-2026-04.csv");
  });

  it.each([
    { cells: ["plain", "a,b", 'say "hi"', "two\nlines"], line: 'plain,"a,b","say ""hi""","two\nlines"' },
    { cells: ["=SUM(A1)", "+1", "-2", "@x", { raw: "-2.50" }], line: "'=SUM(A1),'+1,'-2,'@x,-2.50" },
  ])("quotes and defuses cells: $line", ({ cells, line }) => {
    expect(toCsv([cells])).toBe(`${line}\r\n`);
  });
});
