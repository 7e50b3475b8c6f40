// Own fleet: a shipper with drivers of its own (common in UK retail and manufacturing) may put one of
// them on a single-load job (the job form's assigned-driver field). Such a job is not put out to
// carriers: publishing it awards it at once to the shipper's own fleet, and its load, run by the
// shipper's own account, goes straight to that driver, who collects and delivers it (with proof) as a
// carrier's driver does. With no carrier pricing it, it is never an auction; and a job already out
// for quotes keeps its carriers.

import { publishedStatus, type JobStatus, type PublishTiming } from "./status.ts";

export type OwnFleetJob = { jobType: string; assignedDriverId: number | null };

/** A single-load job with one of the shipper's own drivers on it. */
export const isForOwnDriver = (job: OwnFleetJob): boolean => job.jobType === "single" && job.assignedDriverId !== null;

/** Publishing: a job for the shipper's own driver is awarded at once; any other goes out for quotes by its timing. */
export function statusOnPublish(job: PublishTiming & OwnFleetJob, nowMs: number): JobStatus {
  return isForOwnDriver(job) ? "awarded" : publishedStatus(job, nowMs);
}

export const OWN_DRIVER_NOT_AUCTIONED = "A job for your own driver is not auctioned: choose no driver to auction it";
export const OWN_DRIVER_TOO_LATE = "This job is already out for quotes: to give it to your own driver, cancel it and post it again";
