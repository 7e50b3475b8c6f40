import { z } from "zod";
import type { LatLng } from "./polyline.ts";
import { milesBetween } from "./route.ts";

// Live tracking rules, shared by the driver's page (when to send) and the server (what to accept,
// when a stop is reached). A load is on the road from the moment a driver is on it (heading to the
// collection) until it is delivered.

/** A phone sends its position at most every 30 s, sooner only once it has moved 500 m. */
export const POSITION_INTERVAL_MS = 30_000;
export const POSITION_DISTANCE_M = 500;
/** Coming within 500 m of a stop counts as arriving there. */
export const ARRIVAL_RADIUS_M = 500;
/**
 * Faster than this between two fixes is a bad fix, not a lorry (UK lorries are limited to 56 mph;
 * the margin allows for GPS error over short gaps).
 */
export const MAX_PLAUSIBLE_MPH = 90;
/** Phone clocks drift: a fix up to 2 minutes "in the future" is taken as now. */
export const CLOCK_SKEW_MS = 2 * 60_000;
/** Fixes older than a day are stale (a phone that was offline should not rewrite the trail). */
export const OLDEST_FIX_MS = 24 * 3_600_000;
export const MAX_ACCURACY_M = 10_000;

const METRES_PER_MILE = 1609.344;
export const ON_THE_ROAD_STATUSES = ["driver_assigned", "collected"] as const;

export function isOnTheRoad(status: string): boolean {
  return (ON_THE_ROAD_STATUSES as readonly string[]).includes(status);
}

export const metresBetween = (a: LatLng, b: LatLng) => milesBetween(a, b) * METRES_PER_MILE;

export type Fix = { latitude: number; longitude: number; recordedAt: Date };

/** Whether the phone should send this fix, given the last one it sent. */
export function shouldSend(last: Fix | null, next: Fix): boolean {
  if (!last) return true;
  if (next.recordedAt.getTime() - last.recordedAt.getTime() >= POSITION_INTERVAL_MS) return true;
  return metresBetween([last.latitude, last.longitude], [next.latitude, next.longitude]) >= POSITION_DISTANCE_M;
}

const coordinate = (name: string, limit: number) =>
  z.number({ error: `Enter the ${name} as a number` }).refine((value) => Number.isFinite(value) && Math.abs(value) <= limit, {
    error: `The ${name} must be between -${limit} and ${limit}`,
  });

/** What the driver's page posts: `{latitude, longitude, accuracy?, recorded_at}` (ISO 8601 or epoch ms). */
export const PositionInputSchema = z
  .object({
    latitude: coordinate("latitude", 90),
    longitude: coordinate("longitude", 180),
    accuracy: z
      .number({ error: "Enter the accuracy in metres" })
      .min(0, { error: "The accuracy cannot be negative" })
      .max(MAX_ACCURACY_M, { error: "That position is too inaccurate to show" })
      .nullish(),
    recorded_at: z.union([z.string().max(40), z.number()], { error: "Say when the position was taken" }).transform((value, ctx) => {
      const at = new Date(value);
      if (Number.isNaN(at.getTime())) ctx.addIssue({ code: "custom", message: "Say when the position was taken" });
      return at;
    }),
  })
  .transform((input) => ({ latitude: input.latitude, longitude: input.longitude, accuracyM: input.accuracy ?? null, recordedAt: input.recorded_at }));
export type PositionInput = z.output<typeof PositionInputSchema>;

/** Why a well-formed fix is refused, by field, given the load's last fix; null when it is taken. */
export function positionProblems(fix: Fix, last: Fix | null, now: Date): Record<string, string> | null {
  const at = fix.recordedAt.getTime();
  if (at > now.getTime() + CLOCK_SKEW_MS) return { recorded_at: "The position's time is in the future" };
  if (at < now.getTime() - OLDEST_FIX_MS) return { recorded_at: "That position is more than a day old" };
  if (!last) return null;
  const hours = (at - last.recordedAt.getTime()) / 3_600_000;
  if (hours < 0) return { recorded_at: "That position is older than the last one received" };
  const miles = milesBetween([last.latitude, last.longitude], [fix.latitude, fix.longitude]);
  // Within the arrival radius any gap is fine (a phone repeating a fix, or standing still).
  if (miles * METRES_PER_MILE > ARRIVAL_RADIUS_M && (hours === 0 || miles / hours > MAX_PLAUSIBLE_MPH)) {
    return { latitude: "That position is too far from the last one for the time between them" };
  }
  return null;
}

/** The stops (not yet reached) within the arrival radius of a position. */
export function stopsReached<S extends { latitude: number | null; longitude: number | null; arrivedAt: Date | null }>(stops: readonly S[], at: LatLng): S[] {
  return stops.filter(
    (stop) => stop.arrivedAt === null && stop.latitude !== null && stop.longitude !== null && metresBetween([stop.latitude, stop.longitude], at) <= ARRIVAL_RADIUS_M,
  );
}
