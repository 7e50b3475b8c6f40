import { db } from "#db/client.server.ts";
import { loadStream } from "#domain/messaging/streams.ts";
import { isOnTheRoad, positionProblems, stopsReached, type Fix, type PositionInput } from "#domain/maps/tracking.ts";
import { domId, refreshStream, turboStream } from "#lib/turbo.server.ts";
import { found, HttpError, recordId } from "#lib/errors.server.ts";
import { ok, refused, refusedBase, type Result } from "#lib/result.server.ts";
import { renderTemplate } from "#lib/templates.server.ts";
import { broadcastTo } from "#lib/broadcast.server.ts";
import { routeThrough, stopTitle, trackingOf, type Tracking } from "#geo/trips.server.ts";
import { actorOf, loadVisibleTo } from "#models/loads/access.server.ts";
import { notifyAll } from "#models/notifications/after-commit.server.ts";
import { type LoadFacts, factsOf, latestFix, remember } from "#models/tracking/kept.server.ts";
import type { CurrentUser } from "#models/users.server.ts";
import { webhookEvent } from "#models/webhooks.server.ts";

// The driver's phone reports where the load is. Each accepted fix is stored, moves the marker on
// the open load pages of the shipper and the carrier, and may record the arrival at a stop. What the
// checks need is kept in memory (tracking/kept.server.ts).

export const NOT_ON_THE_ROAD =
  "This load is not on the road: positions are shared from when a driver is on it until delivery";
export const DRIVER_ONLY = "Only the load's driver shares its position";

/**
 * A fix from the load's driver. Anyone who may not see the load gets 404; the shipper and the
 * carrier's office get 403 (only the driver's phone knows where the lorry is); a load not on
 * the road, or a fix that is in the future, stale, behind the last one or implausibly far from it,
 * is refused with the reason.
 */
export async function recordPosition(
  user: CurrentUser, id: unknown, input: PositionInput, now = new Date(),
): Promise<Result<{ tracking: Tracking }>> {
  const loadId = recordId(id);
  const actor = actorOf(user);
  const facts = await factsOf(loadId);
  found(facts && loadVisibleTo(facts, user) ? facts : null);
  if (actor !== "driver") throw new HttpError(403, DRIVER_ONLY);
  if (!isOnTheRoad(facts!.status)) return refusedBase(NOT_ON_THE_ROAD);
  const problems = positionProblems(input, await latestFix(loadId), now);
  if (problems) return refused(problems);

  const { latitude, longitude, accuracyM, recordedAt } = input;
  await db().loadPosition.create({ data: { loadId, driverId: user.id, latitude, longitude, accuracyM, recordedAt } });
  remember(loadId, input);
  await webhookEvent("load.position", loadId);
  const arrived = await recordArrivals(facts!, input);
  const tracking = trackingOf(await routeThrough(facts!.stops.map((s) => s.place)), input, false);
  const html = await renderTemplate("loads/_tracking", { loadId, tracking });
  await broadcastTo(loadStream(loadId), turboStream("replace", trackingElementId(loadId), html));
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
  const points = candidates.map((s) => ({ ...s, latitude: s.place.latitude, longitude: s.place.longitude }));
  let recorded = false;
  for (const stop of stopsReached(points, [fix.latitude, fix.longitude])) {
    const notYetReached = { id: stop.id, arrivedAt: null };
    const { count } = await db().loadStop.updateMany({ where: notYetReached, data: { arrivedAt: fix.recordedAt } });
    if (!count) continue;
    recorded = true;
    const stopKind = stop.place.kind === "pickup" ? "pickup" : "delivery";
    await notifyAll([{ kind: "arrived", loadId: facts.id, stopKind, place: stopTitle(stop.place) }]);
  }
  return recorded;
}

export const trackingElementId = (loadId: number) => domId({ id: loadId }, "load_tracking");

/** Each stop of the load with when the driver arrived there (null until then), by job location. */
export async function arrivalsOf(loadId: number): Promise<Map<number, Date>> {
  const rows = await db().loadStop.findMany({
    where: { loadId, arrivedAt: { not: null } },
    select: { jobLocationId: true, arrivedAt: true },
  });
  return new Map(rows.map((row) => [row.jobLocationId, row.arrivedAt!]));
}
