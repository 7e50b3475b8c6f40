import { db } from "#db/client.server.ts";
import { insertRows } from "#db/bulk-insert.server.ts";
import { planLoads } from "#domain/loads/load-plan.ts";
import { ensureJobCo2e } from "#models/jobs/co2e.server.ts";
import { createLoadStops } from "#models/loads/stops.server.ts";
import { notifyAll } from "#models/notifications/after-commit.server.ts";
import { type Tx, awardJobSelect, calendarDay, planInput } from "#models/award/loads.server.ts";

// The award of a job for the shipper's own driver (src/domain/jobs/own-fleet.ts): no quote, no price.

type Fleet = { accountId: number; driverId: number };

const FLEET_LOAD_COLUMNS = [
  "jobId", "sequence", "carrierAccountId", "driverId", "status", "pickupDate", "deliveryDate",
] as const;

/**
 * A single-load job for the shipper's own driver, in the transaction that publishes it as awarded:
 * its loads, by the same plan as an award's, run by the shipper's own account and already given to
 * the driver.
 */
export async function createOwnFleetLoads(tx: Tx, jobId: number, fleet: Fleet): Promise<number> {
  const job = await tx.job.findUniqueOrThrow({ where: { id: jobId }, select: awardJobSelect });
  const rows = planLoads(planInput(job)).map((load) => ({
    jobId,
    sequence: load.sequence,
    carrierAccountId: fleet.accountId,
    driverId: fleet.driverId,
    status: "driver_assigned",
    pickupDate: calendarDay(load.pickupDate),
    deliveryDate: calendarDay(load.deliveryDate),
  }));
  return insertRows(tx, "Load", FLEET_LOAD_COLUMNS, rows);
}

/** After the own-fleet award commits: the loads' stops, as after any award, and the driver is told. */
export async function afterOwnFleetAward(jobId: number): Promise<void> {
  await Promise.all([createLoadStops(jobId), ensureJobCo2e(jobId)]);
  const loads = await db().load.findMany({ where: { jobId }, select: { id: true, driverId: true } });
  const told = loads.map((load) => ({ kind: "driver_assigned" as const, loadId: load.id, driverId: load.driverId }));
  await notifyAll(told);
}
