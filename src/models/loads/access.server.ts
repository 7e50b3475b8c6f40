import { db } from "#db/client.server.ts";
import { inOfficeOf } from "#domain/accounts/team.ts";
import { type LoadActor, loadActorFor } from "#domain/loads/status.ts";
import { found } from "#lib/errors.server.ts";
import type { Prisma } from "#generated/prisma/client.ts";
import type { CurrentUser } from "#models/users.server.ts";

// Who may see a load and who runs it. A load is seen by the shipper whose job it is, by the carrier
// account running it, and by its driver; it is run (drivers put on it) by the office of the account
// running it.

/** The part this user plays on loads; 404 for anyone on neither a shipper's nor a carrier's account. */
export function actorOf(user: CurrentUser): LoadActor {
  return found(loadActorFor({ role: user.role, accountKind: user.account.kind }));
}

/**
 * Every load this user may see: the shipper's jobs, the carrier's loads, the driver's own (a
 * carrier's driver, or a shipper's on a load its own fleet runs: the account running a load is its
 * carrier account either way).
 */
export function loadScope(user: CurrentUser): Prisma.LoadWhereInput {
  const actor = actorOf(user);
  if (actor === "shipper") return { job: { shipperAccountId: user.accountId } };
  if (actor === "carrier") return { carrierAccountId: user.accountId };
  return { carrierAccountId: user.accountId, driverId: user.id };
}

type SeenLoad = { shipperAccountId: number; carrierAccountId: number | null; driverId: number | null };

/** The rule of loadScope for a load already in hand. */
export function loadVisibleTo(load: SeenLoad, user: CurrentUser): boolean {
  const actor = actorOf(user);
  if (actor === "shipper") return inOfficeOf("shipper", load.shipperAccountId, user);
  if (actor === "carrier") return inOfficeOf("carrier", load.carrierAccountId, user);
  return load.carrierAccountId === user.accountId && load.driverId === user.id;
}

/** This user may see the load (its page, its live updates). */
export async function canSeeLoad(user: CurrentUser, loadId: number): Promise<boolean> {
  return (await db().load.count({ where: { id: loadId, ...loadScope(user) } })) > 0;
}

/**
 * Drivers are put on a load by the office of the account running it: the carrier's, or the
 * shipper's on a load its own fleet runs (src/domain/jobs/own-fleet.ts).
 */
export function runsLoad(load: { carrierAccountId: number | null }, user: CurrentUser): boolean {
  const actor = actorOf(user);
  return actor !== "driver" && inOfficeOf(actor, load.carrierAccountId, user);
}

/** A carrier's office puts a driver on a load, or changes one, until it is collected. */
export const isDriverAssignable = (status: string) => status === "assigned" || status === "driver_assigned";
