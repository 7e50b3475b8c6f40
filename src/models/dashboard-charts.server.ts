import { chartView, type Chart, type ChartView } from "#domain/charts/chart.ts";
import * as build from "#domain/charts/dashboard-charts.ts";
import type { Period } from "#domain/charts/period.ts";
import { laneFigures, loadFigures, quoteFigures, type FigureScope } from "#models/chart-figures.server.ts";
import type { CurrentUser } from "#models/users.server.ts";
import { keptUntilWritten } from "#db/kept-until-written.server.ts";

type Figures = { charts: Chart[]; stats: build.DashboardStat[] };
export type DashboardCharts = Figures & { views: ChartView[] };

/** Where a chart's figures download as CSV, for the same period. */
export const chartCsvPath = (chart: Chart, period: Period) => `/dashboard/charts/${chart.id}.csv?${period.query}`;

/** A shipper's or carrier's office charts for the period (two or three grouped queries); none for drivers. */
export async function dashboardCharts(user: CurrentUser, period: Period): Promise<DashboardCharts | null> {
  const figures = await figuresFor(user, period);
  return figures && { ...figures, views: figures.charts.map((chart) => chartView(chart, chartCsvPath(chart, period))) };
}

function figuresFor(user: CurrentUser, period: Period): Promise<Figures> | null {
  if (user.role === "driver") return null;
  if (user.account.kind === "shipper") return kept({ side: "shipper", accountId: user.accountId }, period.months, shipperCharts);
  if (user.account.kind === "carrier") return kept({ side: "carrier", accountId: user.accountId }, period.months, carrierCharts);
  return null;
}

// An account's figures for a period are kept until a load, job, place, account or quote changes
// (the table versions say when; see docs/caching.md), so reloading the dashboard, or opening it from
// several browsers, adds the year up once. After such a write, figures that took long to add up
// (a big account's year) are shown as they were while fresh ones are added up behind them.
const keptFigures = keptUntilWritten<Figures>(["Load", "Job", "JobLocation", "Account", "Quote"]);

function kept(scope: FigureScope, months: string[], compute: (scope: FigureScope, months: string[]) => Promise<Figures>): Promise<Figures> {
  return keptFigures(`${scope.side}:${scope.accountId}:${months.join(",")}`, () => compute(scope, months));
}

async function shipperCharts(scope: FigureScope, months: string[]): Promise<Figures> {
  const [loads, lanes] = await Promise.all([loadFigures(scope, months), laneFigures(scope, months)]);
  return {
    charts: [build.spendPerMonth(loads, months), build.loadsByStatus(loads), build.carrierShare(loads), build.lanePrices(lanes), build.co2ePerMonth(loads, months)],
    stats: build.onTimeStats(loads),
  };
}

async function carrierCharts(scope: FigureScope, months: string[]): Promise<Figures> {
  const [loads, lanes, quotes] = await Promise.all([loadFigures(scope, months), laneFigures(scope, months), quoteFigures(scope.accountId, months)]);
  return {
    charts: [build.revenuePerMonth(loads, months), build.quotesPlacedAndWon(quotes, months), build.loadsByStatus(loads), build.busiestLanes(lanes)],
    stats: [build.winRateStat(quotes)],
  };
}

/** One of the user's dashboard charts by its id, or null (an unknown chart, or a driver). */
export async function dashboardChart(user: CurrentUser, id: string, period: Period): Promise<Chart | null> {
  const figures = await figuresFor(user, period);
  return figures?.charts.find((chart) => chart.id === id) ?? null;
}
