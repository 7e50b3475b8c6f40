import { db } from "#db/client.server.ts";
import type { Prisma } from "#generated/prisma/client.ts";
import type { JobFormData } from "#domain/jobs/form/parse.ts";
import { locationColumnsOf } from "#domain/jobs/form/location-fields.ts";
import type { Result } from "#lib/result.server.ts";
import { wakeAuctionClock } from "#models/auctions/clock.server.ts";
import { afterOwnFleetAward } from "#models/award/own-fleet.server.ts";
import { announceToPools } from "#models/jobs/audience.server.ts";
import { recordJobCo2e } from "#models/jobs/co2e.server.ts";
import { locatedAll } from "#models/jobs/locations.server.ts";
import { recordJourneyMatches } from "#models/availability/matching.server.ts";
import { recordMatches } from "#models/saved-searches/matches.server.ts";
import type { CurrentUser } from "#models/users.server.ts";

// What posting a job (posting.server.ts) and editing one (editing.server.ts) share: the checks of
// the form only the database can make, its places located, and what follows a saved job.

/** Which button saved the form: "Save draft", "Publish job", or "Save changes" on a published job. */
export type Intent = "draft" | "publish" | "save";
/** A saved job form: the job and the status it was saved in. */
export type JobSave = Result<{ id: number; status: string }>;
export type Tx = Prisma.TransactionClient;

/** Problems only the database can see: the driver must be one of the account's drivers, still on it. */
export async function accountErrors(data: JobFormData, user: CurrentUser): Promise<Record<string, string> | null> {
  if (data.assignedDriverId === null) return null;
  const where = { id: data.assignedDriverId, accountId: user.accountId, role: "driver", removedAt: null };
  const driver = await db().user.findFirst({ where, select: { id: true } });
  return driver ? null : { assigned_driver_id: "Choose a driver from the list" };
}

export async function withCoordinates(data: JobFormData): Promise<JobFormData> {
  const [pickups, deliveries] = await Promise.all([locatedAll(data.pickups), locatedAll(data.deliveries)]);
  return { ...data, pickups, deliveries };
}

/** The form's pickups and deliveries as JobLocation rows (without their job). */
export function locationRows(data: JobFormData) {
  return [
    ...data.pickups.map((l) => locationColumnsOf("pickup", l)),
    ...data.deliveries.map((l) => locationColumnsOf("delivery", l)),
  ];
}

/** Who runs a job for the shipper's own driver: the shipper's account, with that driver. */
export const ownFleetOf = (user: CurrentUser, data: JobFormData) =>
  ({ accountId: user.accountId, driverId: data.assignedDriverId! });

/**
 * After a job is saved: its loads' CO2e worked out again (as the dashboard adds it up; the route or
 * vehicle types may have changed); a job awarded to the shipper's own fleet tells its driver, an
 * auction wakes the clock, and a job out for quotes is matched against carriers' saved searches
 * (only its audience's, see saved-searches/matches) and the live planned journeys passing its first
 * collection (availability/matching); a job just published to pools tells the carriers in them.
 */
export async function afterJobSaved(jobId: number, status: string, isAuction: boolean, justPublished = false): Promise<void> {
  await recordJobCo2e(jobId);
  if (status === "awarded") await afterOwnFleetAward(jobId);
  else if (status !== "draft" && isAuction) wakeAuctionClock();
  if (status === "draft" || status === "awarded") return;
  if (justPublished) await announceToPools(jobId);
  await recordMatches(jobId);
  await recordJourneyMatches({ jobId });
}
