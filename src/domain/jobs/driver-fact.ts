import { count } from "#domain/format/count.ts";

// Who drives a job, as its page says it to the shipper. Once a job is awarded its loads say who
// drives them (a carrier names a driver per load, or the shipper's own fleet does); before that only
// a single-load job has a driver, the one the shipper chose from its own fleet on the form.

/** The job's loads not cancelled, counted per driver (`name` null: no driver yet). */
export type LoadDrivers = { name: string | null; loads: number }[];

/**
 * The page's "Assigned driver" row: the loads' drivers once the job has loads, else (a single load
 * before award) the shipper's choice on the form. Null when there is nothing to say.
 */
export function driverFact(job: { jobType: string; assignedDriver: { name: string } | null }, loadDrivers: LoadDrivers): { label: string; value: string } | null {
  const loads = loadDrivers.reduce((sum, group) => sum + group.loads, 0);
  if (loads === 0) return job.jobType === "single" ? { label: "Assigned driver", value: job.assignedDriver?.name ?? "None yet" } : null;
  const names = loadDrivers.flatMap((group) => (group.name === null ? [] : [group.name])).sort((a, b) => a.localeCompare(b));
  const without = loadDrivers.find((group) => group.name === null)?.loads ?? 0;
  const label = loads === 1 ? "Assigned driver" : "Drivers";
  if (!names.length) return { label, value: loads === 1 ? "None yet" : `None yet for any of the ${count(loads, "load")}` };
  return { label, value: without ? `${names.join(", ")}; ${count(without, "load")} without a driver yet` : names.join(", ") };
}
