// "Mark collected" pressed by mistake (the wrong load, or too soon) can be taken back for a short
// while, by whoever pressed it or the office running the load; after that the collection stands.

export const UNDO_COLLECTION_MINUTES = 10;
const UNDO_MS = UNDO_COLLECTION_MINUTES * 60_000;

export const UNDO_TOO_LATE = `The collection was marked more than ${UNDO_COLLECTION_MINUTES} minutes ago, so it can no longer be undone. If it was a mistake, tell the shipper in the messages.`;
export const UNDO_NOT_YOURS = "Only whoever marked the load collected, or the office running the load, can undo the collection";

/** Whether a collection marked at `collectedAt` can still be undone at `now`. */
export function isUndoable(collectedAt: Date | null, now: Date): boolean {
  if (!collectedAt) return false;
  const since = now.getTime() - collectedAt.getTime();
  return since >= 0 && since <= UNDO_MS;
}

/** When the undo runs out. */
export const undoDeadline = (collectedAt: Date) => new Date(collectedAt.getTime() + UNDO_MS);
