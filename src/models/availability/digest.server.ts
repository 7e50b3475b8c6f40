import { db } from "#db/client.server.ts";
import { lockRow } from "#db/row-lock.server.ts";
import { OFFICE_ROLES } from "#domain/accounts/team.ts";
import { type JourneyDigestJob, journeyDigestLetter } from "#domain/availability/digest.ts";
import { digestDue } from "#domain/jobs/saved-search.ts";
import { routeLabel, scheduleSummary } from "#domain/jobs/summary.ts";
import { logger } from "#lib/logger.server.ts";
import { sendMail } from "#lib/mailer.server.ts";
import { jobScopes } from "#models/jobs/scopes.server.ts";
import { visibleToCarrierWhere } from "#models/jobs/sight.server.ts";
import { matchedJobSelect } from "#models/jobs/summary.server.ts";

// Planned journeys' e-mail: the jobs matched along them and not yet e-mailed, one letter per person
// at most once an hour, sent by the saved-search digest's sweep. A job the poster can no longer see
// (a block since, a pool left), a job off the board or a journey already over is not mailed.

const pendingSelect = {
  id: true,
  job: { select: matchedJobSelect },
  availability: { select: { fromPlace: true, toPlace: true, user: { select: { id: true, accountId: true, role: true, email: true, name: true } } } },
} as const;
type Pending = { id: number; job: { id: number; reference: string } & Parameters<typeof scheduleSummary>[0] & { locations: Parameters<typeof routeLabel>[0] };
  availability: { fromPlace: string; toPlace: string; user: { id: number; accountId: number; role: string; email: string; name: string } } };

/** E-mails each poster whose journeys matched jobs not yet e-mailed and whose last such letter left over an hour ago; answers how many went. */
export async function sendJourneyDigests(now: Date, origin: string): Promise<number> {
  const pending: Pending[] = await db().availabilityMatch.findMany({
    where: { emailedAt: null, job: jobScopes.onBoard, availability: { availableUntil: { gt: now }, user: { removedAt: null, role: { in: [...OFFICE_ROLES] } } } },
    select: pendingSelect,
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  });
  const byUser = new Map<number, Pending[]>();
  for (const match of pending) byUser.set(match.availability.user.id, [...(byUser.get(match.availability.user.id) ?? []), match]);
  let sent = 0;
  for (const matches of byUser.values()) {
    const seen = await stillSeen(matches);
    const claimed = seen.length ? await claimDigest(matches[0]!.availability.user.id, seen, now) : [];
    if (claimed.length && (await sendDigest(claimed, now, origin))) sent += 1;
  }
  return sent;
}

/** The matches whose jobs the poster may still see (one query per person). */
async function stillSeen(matches: Pending[]): Promise<Pending[]> {
  const visible = await visibleToCarrierWhere(matches[0]!.availability.user);
  const jobs = await db().job.findMany({ where: { id: { in: matches.map((m) => m.job.id) }, AND: [visible] }, select: { id: true } });
  const ids = new Set(jobs.map((job) => job.id));
  return matches.filter((match) => ids.has(match.job.id));
}

/** Stamps the matches e-mailed, unless the person's last journey letter left within the hour (decided holding their row). */
async function claimDigest(userId: number, matches: Pending[], now: Date): Promise<Pending[]> {
  const stamped = await db().$transaction(async (tx) => {
    await lockRow(tx, "User", userId);
    const last = await tx.availabilityMatch.aggregate({ where: { availability: { userId }, emailedAt: { not: null } }, _max: { emailedAt: true } });
    if (!digestDue(last._max.emailedAt, now)) return [];
    return tx.availabilityMatch.updateManyAndReturn({ where: { id: { in: matches.map((m) => m.id) }, emailedAt: null }, data: { emailedAt: now }, select: { id: true } });
  });
  const ids = new Set(stamped.map((match) => match.id));
  return matches.filter((match) => ids.has(match.id));
}

/** Mails the claimed matches, each job once with the journeys it fits; a failed send unstamps them. */
async function sendDigest(matches: Pending[], now: Date, origin: string): Promise<boolean> {
  const user = matches[0]!.availability.user;
  const jobs = new Map<number, JourneyDigestJob & { journeys: string[] }>();
  for (const { job, availability } of matches) {
    const entry = jobs.get(job.id) ?? { id: job.id, reference: job.reference, route: routeLabel(job.locations), when: scheduleSummary(job), journeys: [] };
    const name = `${availability.fromPlace} → ${availability.toPlace}`;
    if (!entry.journeys.includes(name)) entry.journeys.push(name);
    jobs.set(job.id, entry);
  }
  try {
    await sendMail({ to: user.email, ...journeyDigestLetter({ name: user.name, origin, jobs: [...jobs.values()] }) });
    return true;
  } catch (err) {
    await db().availabilityMatch.updateMany({ where: { id: { in: matches.map((m) => m.id) }, emailedAt: now }, data: { emailedAt: null } });
    logger().error({ err, to: user.email }, "sending a planned-journey digest failed");
    return false;
  }
}
