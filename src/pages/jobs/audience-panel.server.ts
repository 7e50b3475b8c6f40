import { formatDateTime } from "#domain/format/dates.ts";
import { audienceLabel, audienceTimeline } from "#domain/jobs/audience-timeline.ts";
import type { JobDetail } from "#models/jobs.server.ts";
import { compareText } from "#domain/format/compare-text.ts";

// The shipper's panel on its job page (views/jobs/_audience.ejs) for a job offered to pools: to
// whom, the carriers invited (today's members of those pools), who has looked and who has quoted,
// and the dated lines of the market step and the deadline. A job on the open market has none.

export type AudiencePanel = {
  label: string;
  pools: string[];
  carriers: { name: string; looked: string; quoted: string }[];
  timeline: string[];
};

export function audiencePanel(job: JobDetail, now = new Date()): AudiencePanel | null {
  if (job.audience === "market") return null;
  // A carrier in two of the pools is one invited company.
  const carriers = new Map(job.pools.flatMap((pool) => pool.carriers).map((carrier) => [carrier.accountId, carrier]));
  return {
    label: audienceLabel(job.audience),
    pools: job.pools.map((pool) => pool.name),
    carriers: [...carriers.values()]
      .toSorted((a, b) => compareText(a.name, b.name))
      .map((carrier) => ({
        name: carrier.name,
        looked: carrier.lookedAt ? `Looked on ${formatDateTime(carrier.lookedAt, job.timezone)}` : "Not looked yet",
        quoted: carrier.quoted ? "Quoted" : "No quote",
      })),
    timeline: audienceTimeline(job, now),
  };
}
