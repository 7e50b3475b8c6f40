import { db } from "#db/client.server.ts";
import { OFFICE_ROLES } from "#domain/accounts/team.ts";
import type { PendingItem } from "#models/digests/hourly.server.ts";
import { jobScopes } from "#models/jobs/scopes.server.ts";
import { visibleToCarrierWhere } from "#models/jobs/sight.server.ts";
import { matchedJobSelect } from "#models/jobs/summary.server.ts";
import { groupBy } from "#domain/group-by.ts";

// Planned journeys' part of the hourly e-mail (models/digests/hourly): the jobs matched along them,
// not yet e-mailed. A job the poster can no longer see (a block since, a pool left), a job off the
// board or a journey already over is left out (and not stamped).

const posterSelect = { id: true, accountId: true, role: true, email: true, name: true } as const;

export async function pendingJourneyMatches(now: Date): Promise<PendingItem[]> {
  const pending = await db().availabilityMatch.findMany({
    where: { emailedAt: null, job: jobScopes.onBoard, availability: { availableUntil: { gt: now }, user: { removedAt: null, role: { in: [...OFFICE_ROLES] } } } },
    select: { id: true, job: { select: matchedJobSelect }, availability: { select: { fromPlace: true, toPlace: true, user: { select: posterSelect } } } },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  });
  const byPoster = groupBy(pending, (match) => match.availability.user.id);
  const items: PendingItem[] = [];
  for (const matches of byPoster.values()) {
    const seen = await stillSeen(matches[0]!.availability.user, matches.map((match) => match.job.id));
    for (const { id, job, availability } of matches) {
      if (seen.has(job.id)) items.push({ source: "journey", id, person: availability.user, job, journey: `${availability.fromPlace} → ${availability.toPlace}` });
    }
  }
  return items;
}

/** Of these jobs, those the poster may still see (one query per poster). */
async function stillSeen(poster: { id: number; accountId: number; role: string }, jobIds: number[]): Promise<Set<number>> {
  const visible = await visibleToCarrierWhere(poster);
  const jobs = await db().job.findMany({ where: { id: { in: jobIds }, AND: [visible] }, select: { id: true } });
  return new Set(jobs.map((job) => job.id));
}
