import { describe, expect, it } from "vitest";
import { UNDO_COLLECTION_MINUTES, isUndoable, undoDeadline } from "#domain/loads/undo-collection.ts";

const collectedAt = new Date("2027-03-03T09:00:00Z");
const after = (ms: number) => new Date(collectedAt.getTime() + ms);

describe("undoing a collection", () => {
  it("has 10 minutes", () => {
    expect(UNDO_COLLECTION_MINUTES).toBe(10);
    expect(undoDeadline(collectedAt).toISOString()).toBe("2027-03-03T09:10:00.000Z");
  });

  it.each([
    { case: "at once", now: after(0), undoable: true },
    { case: "after 9 minutes 59", now: after(599_000), undoable: true },
    { case: "at exactly 10 minutes", now: after(600_000), undoable: true },
    { case: "a second after 10 minutes", now: after(601_000), undoable: false },
    { case: "a clock behind the collection", now: after(-1_000), undoable: false },
  ])("$case: $undoable", ({ now, undoable }) => {
    expect(isUndoable(collectedAt, now)).toBe(undoable);
  });

  it("never for a load not collected", () => {
    expect(isUndoable(null, collectedAt)).toBe(false);
  });
});
