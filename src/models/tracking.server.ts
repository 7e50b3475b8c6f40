import { db, dbKind } from "#db/client.server.ts";
import { isCurrent, stampOf, type Stamp } from "#db/table-versions.server.ts";
import { loadStream } from "#domain/messaging/streams.ts";
import { isOnTheRoad, positionProblems, stopsReached, type Fix, type PositionInput } from "#domain/maps/tracking.ts";
import { domId, refreshStream, turboStream } from "#lib/turbo.server.ts";
import { found, HttpError, recordId } from "#lib/errors.server.ts";
import { ok, refused, refusedBase, type Result } from "#lib/result.server.ts";
import { renderTemplate } from "#lib/templates.server.ts";
import { broadcastTo } from "#lib/broadcast.server.ts";
import { actorOf, loadVisibleTo } from "#models/loads.server.ts";
import { storedList } from "#domain/jobs/stored-values.ts";
import { mappedPlaceSelect, routeThrough, stopTitle, trackingOf, tripMap, type MappedPlace, type Tracking } from "#geo/trips.server.ts";
import { notifyAll } from "#models/quotes.server.ts";
import type { CurrentUser } from "#models/users.server.ts";

// The driver's phone reports where the load is. Each accepted fix is stored, moves the marker on
// the open load pages of the shipper and the carrier, and may record the arrival at a stop.
// A position arrives every few seconds from every lorry on the road, so what the checks need is
// kept in memory: the load's facts until the load, its stops or the job's places change, and (on
// SQLite, where this process is the only writer) each load's last fix as this process stored it.

const FACT_TABLES = ["Load", "LoadStop", "JobLocation", "Job"];
const MAX_KEPT = 10_000;

type Stop = { id: number; arrivedAt: Date | null; place: MappedPlace };
type LoadFacts = { id: number; status: string; driverId: number | null; carrierAccountId: number | null; stops: Stop[]; shipperAccountId: number };

const keptFacts = new Map<number, { facts: LoadFacts; stamp: Stamp }>();
const lastFixes = new Map<number, Fix>();

async function factsOf(loadId: number): Promise<LoadFacts | null> {
  const entry = keptFacts.get(loadId);
  if (entry && isCurrent(entry.stamp)) return entry.facts;
  const stamp = stampOf(FACT_TABLES);
  const row = await db().load.findUnique({
    where: { id: loadId },
    select: {
      id: true,
      status: true,
      driverId: true,
      carrierAccountId: true,
      job: { select: { shipperAccountId: true } },
      stops: { select: { id: true, arrivedAt: true, jobLocation: { select: mappedPlaceSelect } } },
    },
  });
  if (!row) return null;
  const facts = { ...row, shipperAccountId: row.job.shipperAccountId, stops: row.stops.map((s) => ({ id: s.id, arrivedAt: s.arrivedAt, place: s.jobLocation })) };
  if (keptFacts.size >= MAX_KEPT) keptFacts.clear();
  keptFacts.set(loadId, { facts, stamp });
  return facts;
}

// On SQLite this process is the only writer, so the fix it stored last is the load's latest. On
// PostgreSQL other processes store fixes too: the latest is read from the database every time (one
// seek on LoadPosition(loadId, recordedAt)). Two fixes of one load arriving at two processes in the
// same instant may both pass that check; a phone sends its fixes one after another, and the load's
// latest position is read by time, so the worst case is one fix stored out of order.
const keepsLastFixes = () => dbKind() !== "postgresql";

/** The load's latest fix: as this process last stored it (SQLite), else read. */
export async function latestFix(loadId: number): Promise<Fix | null> {
  const kept = keepsLastFixes() ? lastFixes.get(loadId) : undefined;
  if (kept) return kept;
  const row = await db().loadPosition.findFirst({ where: { loadId }, orderBy: { recordedAt: "desc" }, select: { latitude: true, longitude: true, recordedAt: true } });
  if (row) remember(loadId, row);
  return row;
}

function remember(loadId: number, fix: Fix) {
  if (!keepsLastFixes()) return;
  if (lastFixes.size >= MAX_KEPT) lastFixes.delete(lastFixes.keys().next().value!);
  lastFixes.set(loadId, fix);
}

/** Forget everything kept (a fresh app, or a test that rewrote the database behind the app). */
export function forgetTracking(): void {
  keptFacts.clear();
  lastFixes.clear();
}

export const NOT_ON_THE_ROAD = "This load is not on the road: positions are shared from when a driver is on it until delivery";
export const DRIVER_ONLY = "Only the load's driver shares its position";

/**
 * A fix from the load's driver. Anyone who may not see the load gets 404; the shipper and the
 * carrier's office get 403 (only the driver's phone knows where the lorry is); a load not on
 * the road, or a fix that is in the future, stale, behind the last one or implausibly far from it,
 * is refused with the reason.
 */
export async function recordPosition(user: CurrentUser, id: unknown, input: PositionInput, now = new Date()): Promise<Result<{ tracking: Tracking }>> {
  const loadId = recordId(id);
  const actor = actorOf(user);
  const facts = await factsOf(loadId);
  found(facts && loadVisibleTo(facts, user) ? facts : null);
  if (actor !== "driver") throw new HttpError(403, DRIVER_ONLY);
  if (!isOnTheRoad(facts!.status)) return refusedBase(NOT_ON_THE_ROAD);
  const problems = positionProblems(input, await latestFix(loadId), now);
  if (problems) return refused(problems);

  await db().loadPosition.create({ data: { loadId, driverId: user.id, latitude: input.latitude, longitude: input.longitude, accuracyM: input.accuracyM, recordedAt: input.recordedAt } });
  remember(loadId, input);
  const arrived = await recordArrivals(facts!, input);
  const tracking = trackingOf(await routeThrough(facts!.stops.map((s) => s.place)), input, false);
  await broadcastTo(loadStream(loadId), turboStream("replace", trackingElementId(loadId), await renderTemplate("loads/_tracking", { loadId, tracking })));
  if (arrived) await broadcastTo(loadStream(loadId), refreshStream());
  return ok({ tracking });
}

/**
 * Arriving within the radius of a stop is recorded once (the update only takes a stop not yet
 * reached, so two fixes at once cannot both record it) and told to both sides. A delivery point
 * counts only once the load has been collected.
 */
async function recordArrivals(facts: LoadFacts, fix: Fix): Promise<boolean> {
  const candidates = facts.stops.filter((s) => s.place.kind === "pickup" || facts.status === "collected");
  const reached = stopsReached(candidates.map((s) => ({ ...s, latitude: s.place.latitude, longitude: s.place.longitude })), [fix.latitude, fix.longitude]);
  let recorded = false;
  for (const stop of reached) {
    const { count } = await db().loadStop.updateMany({ where: { id: stop.id, arrivedAt: null }, data: { arrivedAt: fix.recordedAt } });
    if (!count) continue;
    recorded = true;
    await notifyAll([{ kind: "arrived", loadId: facts.id, stopKind: stop.place.kind === "pickup" ? "pickup" : "delivery", place: stopTitle(stop.place) }]);
  }
  return recorded;
}

export const trackingElementId = (loadId: number) => domId({ id: loadId }, "load_tracking");

/** Each stop of the load with when the driver arrived there (null until then), by job location. */
export async function arrivalsOf(loadId: number): Promise<Map<number, Date>> {
  const rows = await db().loadStop.findMany({ where: { loadId, arrivedAt: { not: null } }, select: { jobLocationId: true, arrivedAt: true } });
  return new Map(rows.map((row) => [row.jobLocationId, row.arrivedAt!]));
}

const ARRIVAL_STATUSES = new Set(["driver_assigned", "collected", "delivered"]);

type TrackedLoad = {
  id: number;
  sequence: number;
  status: string;
  collectedAt: Date | null;
  deliveredAt: Date | null;
  job: { reference: string; vehicleTypes: string };
  stops: { jobLocation: MappedPlace }[];
};

/**
 * The load page's map and tracking: the stops, the route, the driver's latest fix with the share
 * done and the arrival estimate, when the driver reached each stop, and the trip's CO2e. The next
 * delivery not yet reached is the active marker (the other drops are shown inactive).
 */
export async function loadTracking(load: TrackedLoad) {
  const places = load.stops.map((s) => s.jobLocation);
  const [position, arrivals] = await Promise.all([
    isOnTheRoad(load.status) ? latestFix(load.id) : null,
    ARRIVAL_STATUSES.has(load.status) ? arrivalsOf(load.id) : new Map<number, Date>(),
  ]);
  const nextDrop = load.status === "collected" ? places.find((p) => p.kind === "delivery" && !arrivals.has(p.id)) : undefined;
  const trip = await tripMap(places, storedList(load.job.vehicleTypes), {
    label: `Route of load ${load.sequence} of ${load.job.reference}`,
    activeMarkerTitle: nextDrop ? stopTitle(nextDrop) : null,
    trackingElementId: trackingElementId(load.id),
  });
  const tracking = trackingOf(trip.plan, position, load.status === "delivered");
  trip.props.routeProgress = tracking.progress;
  return { trip, tracking, arrivals, sharing: isOnTheRoad(load.status) };
}
