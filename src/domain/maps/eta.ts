// Estimated arrival from the miles left at a planning speed. UK lorries over 7.5 t are limited to
// 56 mph on motorways; with junctions, towns and traffic a realistic average is 45 mph, which we use.

export const PLANNING_SPEED_MPH = 45;

/** When a lorry this many miles away should arrive, leaving now. */
export function estimatedArrival(milesLeft: number, now: Date, speedMph = PLANNING_SPEED_MPH): Date {
  return new Date(now.getTime() + (Math.max(0, milesLeft) / speedMph) * 3_600_000);
}
