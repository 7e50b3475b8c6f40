// A load goes unassigned → assigned (carrier) → driver_assigned → collected → delivered,
// or is cancelled. Who may move it is part of the rule, so the buttons a page shows and the checks
// the server makes come from this one table.

export type LoadStatus = "unassigned" | "assigned" | "driver_assigned" | "collected" | "delivered" | "cancelled";
/** The shipper who owns the job, the carrier account running the load, or the driver on it. */
export type LoadActor = "shipper" | "carrier" | "driver";

export const LOAD_STATUSES: readonly LoadStatus[] = ["unassigned", "assigned", "driver_assigned", "collected", "delivered", "cancelled"];

/**
 * Each status as badges, lists and charts name it. "assigned" is the carrier's without a driver yet:
 * it reads "Awaiting driver", so a load nobody will drive yet never looks taken care of.
 */
export const LOAD_STATUS_LABELS: Readonly<Record<LoadStatus, string>> = {
  unassigned: "Unassigned",
  assigned: "Awaiting driver",
  driver_assigned: "Driver assigned",
  collected: "Collected",
  delivered: "Delivered",
  cancelled: "Cancelled",
};

/** The label of a load status (an unknown one as it is). */
export const loadStatusLabel = (status: string): string => (isLoadStatus(status) ? LOAD_STATUS_LABELS[status] : status);

/** Loads nothing more will happen to: the loads list shows them apart from the work still to do. */
export const FINISHED_LOAD_STATUSES: readonly LoadStatus[] = ["delivered", "cancelled"];
/** The loads list shows the loads still to run ("current", the default) or the finished ones. */
export type LoadListView = "current" | "finished";
export const parseLoadListView = (value: unknown): LoadListView => (value === "finished" ? "finished" : "current");

type Transition = { from: LoadStatus; to: LoadStatus; by: readonly LoadActor[] };

export const LOAD_TRANSITIONS: readonly Transition[] = [
  { from: "unassigned", to: "assigned", by: ["shipper"] },
  { from: "assigned", to: "driver_assigned", by: ["carrier"] },
  { from: "driver_assigned", to: "assigned", by: ["carrier"] },
  // The carrier's office may record a collection or delivery for a driver without the app.
  { from: "driver_assigned", to: "collected", by: ["driver", "carrier"] },
  { from: "collected", to: "delivered", by: ["driver", "carrier"] },
  { from: "unassigned", to: "cancelled", by: ["shipper"] },
  { from: "assigned", to: "cancelled", by: ["shipper"] },
  { from: "driver_assigned", to: "cancelled", by: ["shipper"] },
];

export function isLoadStatus(value: unknown): value is LoadStatus {
  return typeof value === "string" && (LOAD_STATUSES as readonly string[]).includes(value);
}

export function canTransition(from: string, to: string, actor: LoadActor): boolean {
  return LOAD_TRANSITIONS.some((t) => t.from === from && t.to === to && t.by.includes(actor));
}

/** The statuses this actor may move a load to from `from`, in table order. */
export function nextStatuses(from: string, actor: LoadActor): LoadStatus[] {
  return LOAD_TRANSITIONS.filter((t) => t.from === from && t.by.includes(actor)).map((t) => t.to);
}

/** A load can be handed to another carrier (or a driver changed) until it has been collected. */
export function isBeforeCollection(status: string): boolean {
  return status === "unassigned" || status === "assigned" || status === "driver_assigned";
}

/**
 * Drivers drive, whether a carrier's or an own-fleet shipper's; everyone else on a shipper or carrier
 * account acts for it.
 */
export function loadActorFor(user: { role: string; accountKind: string }): LoadActor | null {
  if (user.accountKind !== "shipper" && user.accountKind !== "carrier") return null;
  return user.role === "driver" ? "driver" : user.accountKind;
}

export const STATUS_ACTION_LABELS: Readonly<Partial<Record<LoadStatus, string>>> = {
  collected: "Mark collected",
  delivered: "Mark delivered",
  cancelled: "Cancel load",
};
