// A trail of positions for every demo load on the road after its collection: fixes along the
// straight legs between its stops up to a third of the way, spaced as a lorry at the planning speed
// would send them, the last one two minutes ago. Skips loads that already have positions.
import type { PrismaClient } from "#generated/prisma/client.ts";
import { PLANNING_SPEED_MPH } from "#domain/maps/eta.ts";
import type { LatLng } from "#domain/maps/polyline.ts";
import { pointAlong, routeMiles } from "#domain/maps/route.ts";
import { routeOf } from "#domain/loads/stops.ts";

const TRAIL_SHARE = 33;
const FIXES = 12;
const LAST_FIX_AGO_MS = 2 * 60_000;

export async function seedTracking(db: PrismaClient): Promise<void> {
  const loads = await db.load.findMany({
    where: { status: "collected", driverId: { not: null }, positions: { none: {} } },
    select: { id: true, driverId: true, stops: { select: { jobLocation: { select: { id: true, kind: true, position: true, windowDate: true, latitude: true, longitude: true } } } } },
  });
  for (const load of loads) {
    const route = routeOf(load.stops.map((s) => s.jobLocation)).flatMap((place): LatLng[] =>
      place.latitude === null || place.longitude === null ? [] : [[place.latitude, place.longitude]],
    );
    if (route.length < 2) continue;
    const hoursPerStep = (routeMiles(route) * TRAIL_SHARE) / 100 / FIXES / PLANNING_SPEED_MPH;
    const lastAt = Date.now() - LAST_FIX_AGO_MS;
    const data = Array.from({ length: FIXES + 1 }, (_, i) => {
      const [latitude, longitude] = pointAlong(route, (TRAIL_SHARE * i) / FIXES)!;
      const recordedAt = new Date(lastAt - (FIXES - i) * hoursPerStep * 3_600_000);
      return { loadId: load.id, driverId: load.driverId!, latitude, longitude, accuracyM: 15, recordedAt };
    });
    await db.loadPosition.createMany({ data });
  }
}
