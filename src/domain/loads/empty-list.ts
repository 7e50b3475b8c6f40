import { count } from "#domain/format/count.ts";
import type { LoadListView } from "./status.ts";

// What the loads list says when the tab shown is empty but the other one is not: where the loads
// are, so "no loads" never reads as "you have none" (a shipper's only load, delivered, is under
// "Delivered and cancelled", not gone).

/** The loads list's two tabs, as their links read. */
export const LOAD_LIST_TABS: readonly { view: LoadListView; label: string }[] = [
  { view: "current", label: "To run" },
  { view: "finished", label: "Delivered and cancelled" },
];

/** The loads in the other tab: those still to run, or the finished ones by how they finished. */
export type OtherTabLoads = { toRun: number; delivered: number; cancelled: number };

const isAre = (n: number) => (n === 1 ? "is" : "are");

/**
 * Where an empty tab points: "1 delivered load is under" (or "3 loads to run are under") and the
 * other tab, whose label the page makes a link; null when the other tab is empty too.
 */
export function pointerToOtherTab(shown: LoadListView, other: OtherTabLoads): { lead: string; view: LoadListView; label: string } | null {
  const tab = LOAD_LIST_TABS.find((t) => t.view !== shown)!;
  const lead = otherTabLead(shown, other);
  return lead ? { lead, view: tab.view, label: tab.label } : null;
}

function otherTabLead(shown: LoadListView, other: OtherTabLoads): string | null {
  if (shown === "finished") return other.toRun ? `${count(other.toRun, "load")} to run ${isAre(other.toRun)} under` : null;
  const parts = [other.delivered ? `${count(other.delivered, "delivered load")}` : null, other.cancelled ? `${count(other.cancelled, "cancelled load")}` : null].filter(Boolean);
  return parts.length ? `${parts.join(" and ")} ${isAre(other.delivered + other.cancelled)} under` : null;
}
