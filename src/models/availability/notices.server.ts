import { db } from "#db/client.server.ts";
import { journeyMatchNotice } from "#domain/availability/notice.ts";
import { routeLabel, scheduleSummary } from "#domain/jobs/summary.ts";
import type { NotificationDraft } from "#models/notifications.server.ts";
import { matchedJobSelect } from "#models/jobs/summary.server.ts";

// Who hears of jobs along planned empty journeys: each journey's poster, once per job however many
// of their journeys it fits (named after the first). The caller recorded the matches and checked
// that each poster may see the job.

export type JourneyMatched = { availabilityId: number; jobId: number; userId: number; journey: string; detourMiles: number };

/** One notification per person and job; the jobs are read in one query. */
export async function journeyMatchDrafts(matches: readonly JourneyMatched[]): Promise<NotificationDraft[]> {
  const jobs = await db().job.findMany({ where: { id: { in: [...new Set(matches.map((m) => m.jobId))] } }, select: matchedJobSelect });
  const byId = new Map(jobs.map((job) => [job.id, job]));
  const told = new Set<string>();
  const drafts: NotificationDraft[] = [];
  for (const match of matches) {
    const job = byId.get(match.jobId);
    const key = `${match.userId}:${match.jobId}`;
    if (!job || told.has(key)) continue;
    told.add(key);
    const facts = { jobId: job.id, reference: job.reference, route: routeLabel(job.locations), when: scheduleSummary(job) };
    drafts.push({ userId: match.userId, ...journeyMatchNotice({ ...facts, journey: match.journey, detourMiles: match.detourMiles }) });
  }
  return drafts;
}
