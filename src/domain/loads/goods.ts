import { jobFacts } from "#domain/jobs/form/facts.ts";
import type { StoredJob } from "#domain/jobs/form/stored.ts";
import { loadSummary, type LoadParts } from "#domain/jobs/summary.ts";

// What a load carries, as its page shows it to the shipper, the carrier and the driver who has to
// strap it down: the count and weight in one line, then the job's load facts (type, condition,
// pallet and container sizes, vehicle and certifications) from the job form's field table, and the
// shipper's notes. The same words as the job page: one table, two pages.

export type Goods = { summary: string; facts: { label: string; value: string }[]; notes: string | null };

export function loadGoods(job: StoredJob & LoadParts & { jobType: string; additionalNotes?: string | null }): Goods {
  return { summary: loadSummary(job), facts: jobFacts(job, "load"), notes: job.additionalNotes?.trim() || null };
}
