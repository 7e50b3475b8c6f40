import { isOfficeOf } from "#domain/accounts/team.ts";
import { formatMoney } from "#domain/format/money.ts";
import { type RoadCharges, chargesFor, routeSummaries, type ZoneSummary } from "#domain/road-charges/charges.ts";
import { journeyTimes, type TimedPlace } from "#domain/road-charges/journey.ts";
import { type VehicleRecord, vehicleProfile } from "#domain/road-charges/vehicle.ts";
import { type RouteVisits, routeVisits } from "#domain/road-charges/visits.ts";
import type { RoutePlan } from "#geo/routing/provider.ts";
import type { CurrentUser } from "#models/users.server.ts";
import { fleetOf } from "#models/vehicles.server.ts";

// Road charges on a job's route (docs/road-charges.md), as the job page, the quote form's hint, the
// load page's vehicle choice and the JSON API show them. Worked out from the route the page already
// has (the router's answers are kept, so asking again costs nothing) and the job's stops: no
// statement of its own but the carrier's fleet, which is kept until a vehicle is written.

export const ROAD_CHARGES_DOCS_NOTE = "Figures as published by each operator; check the operator's own page before you rely on one.";

export type RouteCharges = { visits: RouteVisits; datesKnown: boolean; estimated: boolean };

/** The zones and crossings the planned route meets and on which days; null with no route. */
export function routeChargesOf(places: readonly TimedPlace[], plan: RoutePlan | null, timeZone: string, nowMs = Date.now()): RouteCharges | null {
  if (!plan || plan.points.length === 0) return null;
  const { startMs, endMs, datesKnown } = journeyTimes(places, timeZone, nowMs);
  return { visits: routeVisits({ path: plan.points, startMs, endMs }), datesKnown, estimated: plan.source !== "osrm" };
}

export type VehicleCharges = RoadCharges & {
  vehicleId: number; registration: string; totalText: string;
  /** One line per zone or crossing that charges or refuses it: "Bristol CAZ: £100.00 a day …". */
  lines: string[];
  /** Why the vehicle may not go, one line per zone: empty when it may. */
  refusals: string[];
};

/** What the route costs one vehicle, with the lines a page shows. */
export function vehicleCharges(route: RouteCharges, vehicle: VehicleRecord & { id: number; registration: string }): VehicleCharges {
  const charges = chargesFor(route.visits, vehicleProfile(vehicle));
  const shown = charges.charges.filter((charge) => charge.status !== "free");
  return {
    ...charges,
    vehicleId: vehicle.id,
    registration: vehicle.registration,
    totalText: formatMoney(charges.totalPence),
    // "Bristol CAZ £100.00 (£100.00 a day for lorries below Euro VI, 1 day (1 Dec 2026))": the sum first, then how it is made up.
    lines: shown.map((charge) => (charge.status === "due" ? `${charge.name} ${formatMoney(charge.pence)} (${charge.text})` : `${charge.name}: ${charge.text}`)),
    refusals: shown.filter((charge) => charge.status === "not_allowed").map((charge) => `${charge.name}: ${charge.text}`),
  };
}

export type RoadChargesPanel = {
  routeKnown: boolean;
  summaries: ZoneSummary[];
  /** "Road charges on this route: Bristol CAZ £100.00 a day for lorries below Euro VI; …", or null when none. */
  headline: string | null;
  /** The carrier office's vehicles, each priced; empty for drivers. */
  vehicles: VehicleCharges[];
  notes: string[];
};

function notesOf(route: RouteCharges | null): string[] {
  if (!route) return [];
  return [
    route.estimated ? "The route is estimated from straight lines between the stops: a road route may pass zones it does not." : "",
    route.datesKnown ? "" : "The job has no fixed days: charges are priced for one day at today's rules.",
    ROAD_CHARGES_DOCS_NOTE,
  ].filter(Boolean);
}

/** The job page's "Road charges" section for a carrier's people; null for anyone else. */
export async function roadChargesPanel(user: CurrentUser, job: { locations: readonly TimedPlace[]; timezone: string }, plan: RoutePlan | null): Promise<RoadChargesPanel | null> {
  if (user.account.kind !== "carrier") return null;
  const route = routeChargesOf(job.locations, plan, job.timezone);
  const summaries = route ? routeSummaries(route.visits) : [];
  const fleet = route && summaries.length && isOfficeOf("carrier", user) ? await fleetOf(user.accountId) : [];
  return {
    routeKnown: route !== null,
    summaries,
    headline: summaries.length ? `Road charges on this route: ${summaries.map((each) => `${each.name} ${each.text}`).join("; ")}` : null,
    vehicles: route ? fleet.map((vehicle) => vehicleCharges(route, vehicle)) : [],
    notes: notesOf(route),
  };
}
