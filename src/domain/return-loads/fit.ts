import { milesApart, type Point } from "./geometry.ts";

// How a return load fits the empty lorry. The lorry is empty at the load's delivery point D and
// would otherwise drive home to its base B. A return load collects at C and delivers at E.

export type Fit = {
  /** D → C, rounded to whole miles. */
  milesAway: number;
  /** (D → B) − (D → C): the empty miles not driven before the lorry earns again; null without a base. */
  emptyMilesSaved: number | null;
  /** C → E: the miles the lorry drives loaded; null when the delivery's position is unknown. */
  loadedMilesAdded: number | null;
  /** See towardsBase; null without a base or without the delivery's position. */
  towardsBase: boolean | null;
};

/**
 * "Towards base": the return load ends nearer the base than the lorry is at D (E → B < D → B), or
 * it ends within the search radius of the base (a lorry delivering next door to its yard counts).
 */
export function towardsBase(emptyAt: Point, delivery: Point, base: Point, radiusMiles: number): boolean {
  const endsFromBase = milesApart(delivery, base);
  return endsFromBase < milesApart(emptyAt, base) || endsFromBase <= radiusMiles;
}

/**
 * The figures for one return load, as the issue defines them: empty miles saved compare the drive
 * from D to the collection with the drive from D to the base (negative when the collection is
 * further than home); loaded miles added are the return load's own collection-to-delivery miles.
 */
export function returnLoadFit(emptyAt: Point, collection: Point, delivery: Point | null, base: Point | null, radiusMiles: number): Fit {
  const away = milesApart(emptyAt, collection);
  return {
    milesAway: Math.round(away),
    emptyMilesSaved: base ? Math.round(milesApart(emptyAt, base) - away) : null,
    loadedMilesAdded: delivery ? Math.round(milesApart(collection, delivery)) : null,
    towardsBase: base && delivery ? towardsBase(emptyAt, delivery, base, radiusMiles) : null,
  };
}
