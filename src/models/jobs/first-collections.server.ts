import { db } from "#db/client.server.ts";
import type { Box } from "#domain/return-loads/geometry.ts";

// Jobs' first collections inside a box of latitude and longitude, on days in a window: what return
// loads and planned journeys read before measuring each collection exactly. Read through the (kind,
// windowDate, latitude, longitude) index: a few days of collections, then the box. Only single loads
// have a collection day, so a schedule's collections are never found. Alone in its statement, so
// the planner cannot start from the jobs instead (every open job).

export type FirstCollection = {
  jobId: number; latitude: number; longitude: number; windowDate: Date; city: string | null; postCode: string | null; position: number;
};

export async function firstCollectionsIn(box: Box, days: { from: Date; before: Date }): Promise<FirstCollection[]> {
  const rows = await db().jobLocation.findMany({
    where: {
      kind: "pickup", position: 0,
      windowDate: { gte: days.from, lt: days.before },
      latitude: { gte: box.minLatitude, lte: box.maxLatitude },
      longitude: { gte: box.minLongitude, lte: box.maxLongitude },
    },
    select: { jobId: true, latitude: true, longitude: true, windowDate: true, city: true, postCode: true, position: true },
  });
  // The where clause has ruled out the nulls.
  return rows as FirstCollection[];
}
