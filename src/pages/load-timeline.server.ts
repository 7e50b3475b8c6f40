import { db } from "#db/client.server.ts";
import type { LoadDetail } from "#models/loads.server.ts";
import { stopTitle } from "#geo/trips.server.ts";
import { placeNearOrNone } from "#geo/nearest-place.server.ts";
import { arrivalsOf } from "#models/tracking.server.ts";

// A load's timeline: what happened on the road, oldest first — arriving at each stop (by the phone's
// positions), each press of "Mark collected" and each undoing of one, and the delivery; a collection
// and a delivery say where the driver's phone was, as the nearest known town.

export type TimelineEvent = { at: Date; label: string; place: string };

const EVENT_LABELS: Record<string, string> = { collected: "Collected", collection_undone: "Collection undone" };

export async function loadTimeline(load: LoadDetail): Promise<TimelineEvent[]> {
  const [arrivals, events, proof] = await Promise.all([
    arrivalsOf(load.id),
    db().loadEvent.findMany({ where: { loadId: load.id }, select: { kind: true, createdAt: true, latitude: true, longitude: true }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] }),
    load.deliveredAt ? db().proofOfDelivery.findUnique({ where: { loadId: load.id }, select: { latitude: true, longitude: true } }) : null,
  ]);
  const reached = load.stops.flatMap(({ jobLocation: place }) => {
    const at = arrivals.get(place.id);
    return at ? [{ at, label: `Arrived at ${place.kind === "pickup" ? "collection" : "delivery"}`, place: stopTitle(place).replace(/^[^:]+: /, "") }] : [];
  });
  const pressed = await Promise.all(events.map(async (event) => ({ at: event.createdAt, label: EVENT_LABELS[event.kind] ?? event.kind, place: await placeNearOrNone(event) })));
  // A collection recorded before its presses were kept as events still shows, without a place.
  if (load.collectedAt && !events.some((event) => event.kind === "collected")) pressed.push({ at: load.collectedAt, label: "Collected", place: "" });
  if (load.deliveredAt) pressed.push({ at: load.deliveredAt, label: "Delivered", place: await placeNearOrNone(proof) });
  return [...reached, ...pressed].sort((a, b) => a.at.getTime() - b.at.getTime());
}
