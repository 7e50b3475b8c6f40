import { db } from "#db/client.server.ts";
import { toDateInputValue } from "#domain/format/dates.ts";
import { loadStream } from "#domain/messaging/streams.ts";
import { handoverWarnings, type Point } from "#domain/loads/handover-checks.ts";
import { positionOf, type CollectionInput } from "#domain/loads/handover-input.ts";
import { canTransition } from "#domain/loads/status.ts";
import { UNDO_NOT_YOURS, UNDO_TOO_LATE, isUndoable } from "#domain/loads/undo-collection.ts";
import { HttpError } from "#lib/errors.server.ts";
import { ok, refused, refusedBase, warned, type Result, type Warned } from "#lib/result.server.ts";
import { refreshStream } from "#lib/turbo.server.ts";
import { broadcastTo } from "#lib/broadcast.server.ts";
import { actorOf, runsLoad } from "#models/loads/access.server.ts";
import { afterStatusChange } from "#models/loads/status-changes.server.ts";
import type { LoadDetail } from "#models/loads.server.ts";
import type { CurrentUser } from "#models/users.server.ts";

// The collection: marked by the driver (or the office running the load, for a driver without the
// app), with the phone's position when it gave one; asked again, never refused, when it is before
// the collection day or far from the collection point; undone within 10 minutes by whoever marked it
// or the office. Each press is a LoadEvent, so the timeline shows the collection and its undoing.

/** Done, refused, or asked again: not until the person has read the warnings and sends the form with `confirmed`. */
export type HandoverOutcome = Result | Warned;

const CHANGED_MEANWHILE = "This load changed meanwhile; please reload and try again";

/** What the collection is checked against: today where the job's times are kept, the collection day and the pickups. */
function collectionWarnings(load: LoadDetail, position: Point | null, now: Date): string[] {
  const pickup = load.stops.find((stop) => stop.jobLocation.kind === "pickup");
  // A contract's loads are due "during" a month, not on a day.
  const day = load.job.jobType === "contract" ? null : (pickup?.windowDate ?? load.pickupDate);
  return handoverWarnings({
    step: "collection",
    today: toDateInputValue(now, load.job.timezone),
    collectionDay: day ? day.toISOString().slice(0, 10) : null,
    position,
    sites: load.stops.filter((stop) => stop.jobLocation.kind === "pickup").map((stop) => stop.jobLocation),
  });
}

export async function markCollected(
  load: LoadDetail, user: CurrentUser, input: CollectionInput, now = new Date(),
): Promise<HandoverOutcome> {
  const actor = actorOf(user);
  if (!canTransition(load.status, "collected", actor)) {
    return refused({ status: "This load cannot be marked collected now" });
  }
  // Only the driver's phone is with the goods; an office marking it for a driver is wherever the office is.
  const position = actor === "driver" ? positionOf(input) : null;
  const warnings = input.confirmed ? [] : collectionWarnings(load, position, now);
  if (warnings.length) return warned(warnings);
  const outcome = await db().$transaction(async (tx) => {
    const where = { id: load.id, status: load.status };
    const { count } = await tx.load.updateMany({ where, data: { status: "collected", collectedAt: now } });
    if (!count) return refusedBase(CHANGED_MEANWHILE, 409);
    const place = { latitude: position?.latitude ?? null, longitude: position?.longitude ?? null };
    await tx.loadEvent.create({ data: { loadId: load.id, kind: "collected", userId: user.id, ...place, createdAt: now } });
    return ok();
  });
  if (outcome.ok) await afterStatusChange(load, "collected");
  return outcome;
}

/** Who marked the load collected last (null for a collection recorded before events were kept). */
export async function collectedBy(loadId: number): Promise<number | null> {
  const event = await db().loadEvent.findFirst({
    where: { loadId, kind: "collected" },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    select: { userId: true },
  });
  return event?.userId ?? null;
}

/** Whether this user may undo the load's collection: whoever marked it, or the office running the load. */
export function mayUndoCollection(load: LoadDetail, user: CurrentUser, markedBy: number | null): boolean {
  return load.status === "collected" && (markedBy === user.id || runsLoad(load, user));
}

/**
 * Takes a collection back (the load is driver assigned again, the job awarded again if nothing else
 * of it was collected). 403 for anyone else who sees the load; 409 once the 10 minutes have passed.
 */
export async function undoCollection(load: LoadDetail, user: CurrentUser, now = new Date()): Promise<Result> {
  if (load.status !== "collected") return refusedBase("This load is not marked collected", 409);
  if (!mayUndoCollection(load, user, await collectedBy(load.id))) throw new HttpError(403, UNDO_NOT_YOURS);
  if (!isUndoable(load.collectedAt, now)) return refusedBase(UNDO_TOO_LATE, 409);
  const outcome = await db().$transaction(async (tx) => {
    const { count } = await tx.load.updateMany({
      where: { id: load.id, status: "collected", collectedAt: load.collectedAt },
      data: { status: "driver_assigned", collectedAt: null },
    });
    if (!count) return refusedBase(CHANGED_MEANWHILE, 409);
    await tx.loadEvent.create({ data: { loadId: load.id, kind: "collection_undone", userId: user.id, createdAt: now } });
    const started = await tx.load.count({ where: { jobId: load.jobId, status: { in: ["collected", "delivered"] } } });
    if (started) return ok();
    await tx.job.updateMany({ where: { id: load.jobId, status: "in_progress" }, data: { status: "awarded" } });
    return ok();
  });
  if (outcome.ok) await broadcastTo(loadStream(load.id), refreshStream());
  return outcome;
}
