// What a shipper reads of its job's audience (docs/audience.md): to whom it was offered, and the
// dated lines of its market step and its deadline for quotes, in the job's own time zone.
import { formatDateTime } from "#domain/format/dates.ts";
import { labelFor } from "./catalogue.ts";
import { AUDIENCES } from "./form/audience-fields.ts";

export type AudienceJob = {
  audience: string;
  timezone: string;
  publishedAt: Date | null;
  marketAt: Date | null;
  marketReachedAt: Date | null;
  marketSkippedAt: Date | null;
  quoteDeadline: Date | null;
  closeAtDeadline: boolean;
};

/** "My pools first, then the open market": the form's own words for the choice. */
export const audienceLabel = (audience: string) => labelFor(AUDIENCES, audience);

/** The market step as one line: due, happened, skipped, or never (pools only); null for the open market. */
export function marketStepLine(job: AudienceJob): string | null {
  const at = (date: Date) => formatDateTime(date, job.timezone);
  if (job.marketReachedAt) return `Reached the open market on ${at(job.marketReachedAt)}`;
  if (job.marketSkippedAt) return `Did not go to the open market: every load was allocated by ${at(job.marketSkippedAt)}`;
  if (job.audience === "pools") return "Offered to your pools only: it does not go to the open market";
  if (job.audience === "pools_then_market" && job.marketAt) return `Goes to the open market on ${at(job.marketAt)} unless every load is allocated`;
  return null;
}

/** The deadline for quotes, and whether quoting closes then; null without one. */
export function deadlineLine(job: AudienceJob, now: Date): string | null {
  if (!job.quoteDeadline) return null;
  const at = formatDateTime(job.quoteDeadline, job.timezone);
  const passed = job.quoteDeadline.getTime() <= now.getTime();
  if (job.closeAtDeadline) return passed ? `Quotes closed at the deadline, ${at}` : `Quotes close at the deadline, ${at}`;
  return passed ? `The deadline for quotes passed on ${at}; quotes stay open` : `Deadline for quotes ${at}; quotes stay open after it`;
}

/** The job's audience timeline: offered, then its market step and its deadline (those that apply). */
export function audienceTimeline(job: AudienceJob, now: Date): string[] {
  const offered = job.publishedAt ? `Offered to your pools on ${formatDateTime(job.publishedAt, job.timezone)}` : null;
  return [offered, marketStepLine(job), deadlineLine(job, now)].filter((line): line is string => line !== null);
}
