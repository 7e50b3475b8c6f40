// The dashboard page: what an office sees first, its panels, next loads, auctions, road map and charts.
import { db } from "#db/client.server.ts";
import type { Period } from "#domain/charts/period.ts";
import { toDateInputValue } from "#domain/format/dates.ts";
import { jobScopes } from "#models/jobs/scopes.server.ts";
import { carrierSight } from "#models/jobs/sight.server.ts";
import { priceIndex } from "#models/price-guide.server.ts";
import type { CurrentUser } from "#models/users.server.ts";
import { dashboardCharts, type DashboardCharts } from "#pages/dashboard/charts.server.ts";
import { dashboardInvoices, type DashboardInvoices } from "#pages/dashboard/invoices.server.ts";
import { loadsOnTheRoad, upcomingLoads, UPCOMING_LIMIT } from "#pages/dashboard/loads.server.ts";
import type { RoadView, UpcomingLoad } from "#pages/dashboard/loads.server.ts";
import { panelsFor, type DashboardPanel } from "#pages/dashboard/panels.server.ts";
import { dashboardSide, type DashboardSide } from "#pages/dashboard/side.server.ts";
import { dashboardTips, type DashboardTip } from "#pages/dashboard/tips.server.ts";
import { type PriceIndexPanel, priceIndexPanel } from "#pages/price-guide.server.ts";

export type Dashboard = {
  kind: DashboardSide;
  panels: DashboardPanel[];
  upcoming: UpcomingLoad[];
  auctions: AuctionRow[];
  onTheRoad: RoadView | null;
  /** What the office spent or earned over the chosen period (offices only). */
  charts: DashboardCharts | null;
  /** What the office owes or is owed on invoices (offices only). */
  invoices: DashboardInvoices | null;
  tips: DashboardTip[];
  /** The market's monthly price per mile, all lanes (docs/price-guide.md). */
  priceIndex: PriceIndexPanel;
};
/** An auction that is about to open or is running; `at` is its next opening or closing. */
export type AuctionRow = { id: number; reference: string; phase: "scheduled" | "live"; at: Date };

/**
 * What an office sees first: a few counts that lead somewhere, and the next loads to run. Drivers
 * have no dashboard: they start at the loads they drive (src/server/auth.server.ts, homePathFor).
 * Only offices reach it (the route sends drivers and support elsewhere); any other account is shown
 * a shipper's.
 */
export async function dashboardFor(user: CurrentUser, period: Period, now = new Date()): Promise<Dashboard> {
  const kind = dashboardSide(user) ?? "shipper";
  const today = new Date(`${toDateInputValue(now)}T00:00:00Z`);
  const [panels, upcoming, auctions, onTheRoad, charts, invoices, index] = await Promise.all([
    panelsFor(kind, user, today),
    upcomingLoads(user, today),
    auctionsFor(kind, user, now),
    kind === "shipper" ? loadsOnTheRoad(user, today) : null,
    dashboardCharts(user, period),
    dashboardInvoices(user, now),
    priceIndex(now),
  ]);
  return { kind, panels, upcoming, auctions, onTheRoad, charts, invoices, tips: dashboardTips(kind, user.role), priceIndex: priceIndexPanel(index) };
}

/** Live and upcoming auctions: a shipper's own, or those offered to a carrier; soonest first. */
async function auctionsFor(kind: DashboardSide, user: CurrentUser, now: Date): Promise<AuctionRow[]> {
  const whose = kind === "shipper" ? { shipperAccountId: user.accountId } : jobScopes.inAudienceOf((await carrierSight(user.accountId)).poolIds);
  const rows = await db().job.findMany({
    where: {
      isAuction: true,
      ...jobScopes.auctionRunningOrDue,
      AND: [{ OR: [{ auctionClosesAt: null }, { auctionClosesAt: { gt: now } }] }, whose],
    },
    select: { id: true, reference: true, auctionOpensAt: true, auctionClosesAt: true },
    orderBy: [{ auctionClosesAt: { sort: "asc", nulls: "last" } }, { id: "asc" }],
    take: UPCOMING_LIMIT,
  });
  return rows.flatMap((job) => {
    const opening = job.auctionOpensAt && job.auctionOpensAt > now;
    const at = opening ? job.auctionOpensAt : job.auctionClosesAt;
    const phase = opening ? ("scheduled" as const) : ("live" as const);
    return at ? [{ id: job.id, reference: job.reference, phase, at }] : [];
  });
}
