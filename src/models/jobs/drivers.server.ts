import { db } from "#db/client.server.ts";
import type { LoadDrivers } from "#domain/jobs/driver-fact.ts";

/** Who drives a job's loads (cancelled ones left out): each driver with their loads, and the loads without one. */
export async function loadDriversOf(jobId: number): Promise<LoadDrivers> {
  const groups = await db().load.groupBy({ by: ["driverId"], where: { jobId, status: { not: "cancelled" } }, _count: { _all: true } });
  const ids = groups.flatMap((group) => (group.driverId === null ? [] : [group.driverId]));
  const drivers = ids.length ? await db().user.findMany({ where: { id: { in: ids } }, select: { id: true, name: true } }) : [];
  const names = new Map(drivers.map((driver) => [driver.id, driver.name]));
  return groups.map((group) => ({ name: group.driverId === null ? null : (names.get(group.driverId) ?? null), loads: group._count._all }));
}
