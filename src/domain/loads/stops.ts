// A load's stops: every location of its job, pickups first, each side in its order, with the day
// the load is due there. A single-load job keeps each location's own window date; a schedule's runs
// (and any location without a date) take the run's pickup or delivery date. The award writes these
// as LoadStop rows; a load's page shows them from the job's locations by the same rule.

export type RouteLocation = { id: number; kind: string; position: number; windowDate: Date | null };
export type StopDates = { pickupDate: Date | null; deliveryDate: Date | null };

/** Pickups first, each side in its order. */
export function routeOf<L extends RouteLocation>(locations: readonly L[]): L[] {
  return [...locations].sort((a, b) => Number(a.kind !== "pickup") - Number(b.kind !== "pickup") || a.position - b.position || a.id - b.id);
}

export function stopsOf<L extends RouteLocation>(load: StopDates, locations: readonly L[], ownDates: boolean): { jobLocation: L; windowDate: Date | null }[] {
  return routeOf(locations).map((location) => ({
    jobLocation: location,
    windowDate: (ownDates ? location.windowDate : null) ?? (location.kind === "pickup" ? load.pickupDate : load.deliveryDate),
  }));
}
