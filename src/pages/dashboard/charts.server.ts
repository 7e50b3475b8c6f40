// Each dashboard chart's figures as the chart shows them: which charts an office gets, from its kept sums.
import { chartView, type Chart, type ChartView } from "#domain/charts/chart.ts";
import * as build from "#domain/charts/dashboard-charts.ts";
import type { Period } from "#domain/charts/period.ts";
import { laneFigures, loadFigures, quoteFigures, type FigureScope } from "#pages/dashboard/chart-sums.server.ts";
import type { CurrentUser } from "#models/users.server.ts";
import { keptUntilWritten } from "#db/kept-until-written.server.ts";
import { figureWindow, loadRowsForPeriod, quoteRowsForPeriod } from "#domain/charts/figure-window.ts";
import type { LoadMonthRow } from "#domain/charts/figure-window.ts";
import type { LaneFigureRow, QuoteFigureRow } from "#domain/charts/dashboard-charts.ts";
import { dashboardSide } from "#pages/dashboard/side.server.ts";

type Figures = { charts: Chart[]; stats: build.DashboardStat[] };
export type DashboardCharts = Figures & { views: ChartView[] };

/** Where a chart's figures download as CSV, for the same period. */
export const chartCsvPath = (chart: Chart, period: Period) => `/dashboard/charts/${chart.id}.csv?${period.query}`;

/** A shipper's or carrier's office charts for the period (two or three grouped queries); none for drivers. */
export async function dashboardCharts(user: CurrentUser, period: Period): Promise<DashboardCharts | null> {
  const figures = await figuresFor(user, period);
  if (!figures) return null;
  return { ...figures, views: figures.charts.map((chart) => chartView(chart, chartCsvPath(chart, period))) };
}

function figuresFor(user: CurrentUser, period: Period): Promise<Figures> | null {
  const side = dashboardSide(user);
  if (side === "shipper") return shipperCharts({ side, accountId: user.accountId }, period.months);
  if (side === "carrier") return carrierCharts({ side, accountId: user.accountId }, period.months);
  return null;
}

// An account's figures are kept until a load, job, place, account or quote changes (the table
// versions say when; see docs/caching.md), so reloading the dashboard, or opening it from several
// browsers, adds the year up once. The loads and quotes are kept by month over a window of months
// around today (figure-window.ts), so choosing another period inside it adds nothing up again; the
// busiest lanes are kept per period. After a write, figures that took long to add up (a big
// account's months) are shown as they were while fresh ones are added up behind them.
const FIGURE_TABLES = ["Load", "Job", "JobLocation", "Account", "Quote"];
const keptMonths = keptUntilWritten<{ loads: LoadMonthRow[]; quotes: QuoteFigureRow[] }>(FIGURE_TABLES);
const keptLanes = keptUntilWritten<LaneFigureRow[]>(FIGURE_TABLES);

async function monthFigures(scope: FigureScope, months: string[]) {
  const window = figureWindow(months, new Date());
  const key = `${scope.side}:${scope.accountId}:${window[0]}:${window.at(-1)}`;
  const { loads, quotes } = await keptMonths(key, async () => {
    const [loads, quotes] = await Promise.all([
      loadFigures(scope, window),
      scope.side === "carrier" ? quoteFigures(scope.accountId, window) : [],
    ]);
    return { loads, quotes };
  });
  return { loads: loadRowsForPeriod(loads, months), quotes: quoteRowsForPeriod(quotes, months) };
}

const lanesOf = (scope: FigureScope, months: string[]) =>
  keptLanes(`${scope.side}:${scope.accountId}:${months[0]}:${months.at(-1)}`, () => laneFigures(scope, months));

async function shipperCharts(scope: FigureScope, months: string[]): Promise<Figures> {
  const [{ loads }, lanes] = await Promise.all([monthFigures(scope, months), lanesOf(scope, months)]);
  return {
    charts: [
      build.spendPerMonth(loads, months),
      build.loadsByStatus(loads),
      build.carrierShare(loads),
      build.lanePrices(lanes),
      build.co2ePerMonth(loads, months),
    ],
    stats: build.onTimeStats(loads),
  };
}

async function carrierCharts(scope: FigureScope, months: string[]): Promise<Figures> {
  const [{ loads, quotes }, lanes] = await Promise.all([monthFigures(scope, months), lanesOf(scope, months)]);
  return {
    charts: [
      build.revenuePerMonth(loads, months),
      build.quotesPlacedAndWon(quotes, months),
      build.loadsByStatus(loads),
      build.busiestLanes(lanes),
    ],
    stats: [build.winRateStat(quotes)],
  };
}

/** One of the user's dashboard charts by its id, or null (an unknown chart, or a driver). */
export async function dashboardChart(user: CurrentUser, id: string, period: Period): Promise<Chart | null> {
  const figures = await figuresFor(user, period);
  return figures?.charts.find((chart) => chart.id === id) ?? null;
}
