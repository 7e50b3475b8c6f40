import { found } from "#lib/errors.server.ts";
import { type JobDetail, requireViewableJob } from "#models/jobs.server.ts";
import type { CurrentUser } from "#models/users.server.ts";
import { vehicleOf } from "#models/vehicles.server.ts";
import type { VehicleView } from "#domain/vehicles/vehicles.ts";

// The records the road-charges API prices: a job the user may read (the job page's one rule: its
// shipper's own, or one a carrier may see, blocks and pools counted) and a vehicle of the user's own
// account. Anything else is 404, exactly as a record that does not exist.

export async function requireChargesSubjects(user: CurrentUser, jobId: number, vehicleId: number): Promise<{ job: JobDetail; vehicle: VehicleView }> {
  const [job, vehicle] = await Promise.all([requireViewableJob(user, jobId), vehicleOf(user.accountId, vehicleId)]);
  return { job, vehicle: found(vehicle) };
}
