import { describe, expect, it } from "vitest";
import {
  type LoadActor,
  type LoadStatus,
  LOAD_STATUSES,
  canTransition,
  isBeforeCollection,
  isLoadStatus,
  loadActorFor,
  nextStatuses,
} from "#domain/loads/status.ts";

describe("canTransition", () => {
  it.each<{ from: LoadStatus; to: LoadStatus; actor: LoadActor; allowed: boolean }>([
    { from: "unassigned", to: "assigned", actor: "shipper", allowed: true },
    { from: "unassigned", to: "assigned", actor: "carrier", allowed: false },
    { from: "assigned", to: "driver_assigned", actor: "carrier", allowed: true },
    { from: "assigned", to: "driver_assigned", actor: "driver", allowed: false },
    { from: "assigned", to: "driver_assigned", actor: "shipper", allowed: false },
    { from: "driver_assigned", to: "assigned", actor: "carrier", allowed: true },
    { from: "driver_assigned", to: "collected", actor: "driver", allowed: true },
    { from: "driver_assigned", to: "collected", actor: "carrier", allowed: true },
    { from: "driver_assigned", to: "collected", actor: "shipper", allowed: false },
    { from: "assigned", to: "collected", actor: "carrier", allowed: false },
    { from: "collected", to: "delivered", actor: "driver", allowed: true },
    { from: "collected", to: "delivered", actor: "shipper", allowed: false },
    { from: "driver_assigned", to: "delivered", actor: "driver", allowed: false },
    { from: "unassigned", to: "cancelled", actor: "shipper", allowed: true },
    { from: "assigned", to: "cancelled", actor: "shipper", allowed: true },
    { from: "driver_assigned", to: "cancelled", actor: "shipper", allowed: true },
    { from: "assigned", to: "cancelled", actor: "carrier", allowed: false },
    { from: "collected", to: "cancelled", actor: "shipper", allowed: false },
    { from: "delivered", to: "collected", actor: "driver", allowed: false },
    { from: "cancelled", to: "assigned", actor: "shipper", allowed: false },
  ])("$from → $to by $actor: $allowed", ({ from, to, actor, allowed }) => {
    expect(canTransition(from, to, actor)).toBe(allowed);
  });

  it("refuses staying in the same status and unknown statuses", () => {
    for (const status of LOAD_STATUSES) for (const actor of ["shipper", "carrier", "driver"] as const) expect(canTransition(status, status, actor)).toBe(false);
    expect(canTransition("assigned", "lost", "shipper")).toBe(false);
  });
});

describe("nextStatuses", () => {
  it.each<{ from: LoadStatus; actor: LoadActor; next: LoadStatus[] }>([
    { from: "unassigned", actor: "shipper", next: ["assigned", "cancelled"] },
    { from: "assigned", actor: "carrier", next: ["driver_assigned"] },
    { from: "driver_assigned", actor: "driver", next: ["collected"] },
    { from: "driver_assigned", actor: "carrier", next: ["assigned", "collected"] },
    { from: "collected", actor: "driver", next: ["delivered"] },
    { from: "delivered", actor: "carrier", next: [] },
    { from: "cancelled", actor: "shipper", next: [] },
  ])("$from for $actor → $next", ({ from, actor, next }) => {
    expect(nextStatuses(from, actor)).toEqual(next);
  });
});

describe("loadActorFor", () => {
  it.each([
    { user: { role: "admin", accountKind: "shipper" }, actor: "shipper" },
    { user: { role: "member", accountKind: "carrier" }, actor: "carrier" },
    { user: { role: "admin", accountKind: "carrier" }, actor: "carrier" },
    { user: { role: "driver", accountKind: "carrier" }, actor: "driver" },
    // An own-fleet shipper's driver drives the loads its own fleet runs, as a carrier's does.
    { user: { role: "driver", accountKind: "shipper" }, actor: "driver" },
    { user: { role: "member", accountKind: "shipper" }, actor: "shipper" },
    { user: { role: "support", accountKind: "platform" }, actor: null },
  ])("$user.role of a $user.accountKind acts as $actor", ({ user, actor }) => {
    expect(loadActorFor(user)).toBe(actor);
  });
});

describe("isBeforeCollection / isLoadStatus", () => {
  it.each([
    ["unassigned", true],
    ["assigned", true],
    ["driver_assigned", true],
    ["collected", false],
    ["delivered", false],
    ["cancelled", false],
  ] as const)("%s → %s", (status, before) => {
    expect(isBeforeCollection(status)).toBe(before);
    expect(isLoadStatus(status)).toBe(true);
  });

  it("rejects unknown values", () => {
    expect(isLoadStatus("lost")).toBe(false);
    expect(isLoadStatus(3)).toBe(false);
  });
});
