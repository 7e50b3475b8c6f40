import { db } from "#db/client.server.ts";
import type { LoadDrivers } from "#domain/jobs/driver-fact.ts";

/** Who drives a job's loads (cancelled ones left out): each driver with their loads, and the loads without one. */
export async function loadDriversOf(jobId: number): Promise<LoadDrivers> {
  const where = { jobId, status: { not: "cancelled" } };
  const groups = await db().load.groupBy({ by: ["driverId"], where, _count: { _all: true } });
  const ids = groups.flatMap((group) => (group.driverId === null ? [] : [group.driverId]));
  const select = { id: true, name: true };
  const drivers = ids.length ? await db().user.findMany({ where: { id: { in: ids } }, select }) : [];
  const names = new Map(drivers.map((driver) => [driver.id, driver.name]));
  const nameOf = (driverId: number | null) => (driverId === null ? null : (names.get(driverId) ?? null));
  return groups.map((group) => ({ name: nameOf(group.driverId), loads: group._count._all }));
}
