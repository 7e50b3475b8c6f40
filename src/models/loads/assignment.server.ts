import { db } from "#db/client.server.ts";
import { isBeforeCollection } from "#domain/loads/status.ts";
import { found } from "#lib/errors.server.ts";
import { ok, refused, refusedBase, type Result } from "#lib/result.server.ts";
import { actorOf, isDriverAssignable, runsLoad } from "#models/loads/access.server.ts";
import { moveStatus } from "#models/loads/status-changes.server.ts";
import type { LoadDetail } from "#models/loads.server.ts";
import { notifyAll } from "#models/notifications/after-commit.server.ts";
import type { CurrentUser } from "#models/users.server.ts";
import { webhookEvent } from "#models/webhooks.server.ts";

// Who runs and drives a load: the office running it puts one of its drivers on it; the shipper
// hands it to a carrier whose quote it accepted.

/**
 * The office running the load (a carrier's, or an own-fleet shipper's) puts one of its drivers on
 * it, changes driver, or (driverId null) takes them off.
 */
export async function assignDriver(load: LoadDetail, user: CurrentUser, driverId: number | null): Promise<Result> {
  if (!runsLoad(load, user)) return refusedBase("Only your office can assign drivers");
  if (driverId === null) {
    if (load.status !== "driver_assigned") return refused({ driver_id: "Choose a driver" });
    return moveStatus(load, "assigned", { driverId: null }, ["driver_assigned"]);
  }
  const driver = await db().user.findFirst({
    where: { id: driverId, accountId: user.accountId, role: "driver", removedAt: null },
    select: { id: true },
  });
  if (!driver) return refused({ driver_id: "Choose one of your drivers" });
  if (!isDriverAssignable(load.status)) return refusedBase("A driver can only be assigned before collection");
  const outcome = await moveStatus(load, "driver_assigned", { driverId }, ["assigned", "driver_assigned"]);
  if (outcome.ok) await notifyAll([{ kind: "driver_assigned", loadId: load.id, driverId }]);
  if (outcome.ok) await webhookEvent("load.assigned", load.id);
  return outcome;
}

type Move = { carrierAccountId: number; pickupDate: Date | null };

/** The shipper hands a load (also one nobody won) to a carrier whose quote was accepted. */
export async function moveLoad(load: LoadDetail, user: CurrentUser, input: Move): Promise<Result> {
  found(actorOf(user) === "shipper");
  if (!isBeforeCollection(load.status)) return refusedBase("This load has already been collected");
  const quote = await db().quote.findFirst({
    where: { jobId: load.jobId, carrierAccountId: input.carrierAccountId, status: "accepted" },
    select: { id: true, valueCents: true },
  });
  if (!quote) return refused({ carrier_account_id: "Choose a carrier whose quote you accepted" });
  const sameCarrier = input.carrierAccountId === load.carrierAccountId;
  // Another carrier starts afresh: its own price, no driver or vehicle yet.
  const handOver = {
    carrierAccountId: input.carrierAccountId, quoteId: quote.id, priceCents: quote.valueCents,
    driverId: null, vehicleId: null, status: "assigned",
  };
  const outcome = await db().$transaction(async (tx) => {
    const data = { ...(sameCarrier ? {} : handOver), ...(input.pickupDate ? { pickupDate: input.pickupDate } : {}) };
    const { count } = await tx.load.updateMany({ where: { id: load.id, status: load.status }, data });
    if (!count) return refusedBase("This load changed meanwhile; please try again", 409);
    if (input.pickupDate) {
      const pickups = { loadId: load.id, jobLocation: { kind: "pickup" } };
      await tx.loadStop.updateMany({ where: pickups, data: { windowDate: input.pickupDate } });
    }
    return ok();
  });
  if (!outcome.ok || sameCarrier) return outcome;
  await notifyAll([{ kind: "load_assigned", loadId: load.id, carrierAccountId: input.carrierAccountId }]);
  await webhookEvent("load.assigned", load.id);
  return outcome;
}
