import { db } from "#db/client.server.ts";
import { lockRow } from "#db/row-lock.server.ts";
import type { Prisma } from "#generated/prisma/client.ts";
import { type DigestJob, digestLetter } from "#domain/jobs/digest-letter.ts";
import { digestDue } from "#domain/jobs/saved-search.ts";
import { routeLabel, scheduleSummary } from "#domain/jobs/summary.ts";
import { env } from "#lib/env.server.ts";
import { logger } from "#lib/logger.server.ts";
import { sendMail } from "#lib/mailer.server.ts";
import { pendingJourneyMatches } from "#models/availability/digest.server.ts";
import type { matchedJobSelect } from "#models/jobs/summary.server.ts";
import { pendingSearchMatches } from "#models/saved-searches/digest.server.ts";
import { groupBy } from "#domain/group-by.ts";

// The hourly e-mail of new jobs: what a carrier's saved searches matched and what was found along its
// planned empty journeys, not yet e-mailed, in one letter per person at most once an hour. Every
// process runs this every few minutes, so a letter leaves within minutes of falling due; each is
// still sent once, as it is decided and stamped holding the person's row (claim).

type Person = { id: number; email: string; name: string };
/** One match waiting to be e-mailed: a saved search's (`search`, its name) or a journey's (`journey`, its route). */
export type PendingItem = { id: number; person: Person; job: Prisma.JobGetPayload<{ select: typeof matchedJobSelect }> } &
  ({ source: "search"; search: string } | { source: "journey"; journey: string });

/** Links in mail point at APP_ORIGIN when it is set (production); otherwise at this machine, as in development. */
function mailOrigin(): string {
  const config = env();
  return config.APP_ORIGIN ?? `http://localhost:${config.PORT}`;
}

/** Sends every letter due at `now`; answers how many went. */
export async function sendHourlyDigests(now = new Date(), origin = mailOrigin()): Promise<number> {
  const byPerson = groupBy([...(await pendingSearchMatches()), ...(await pendingJourneyMatches(now))], (item) => item.person.id);
  let sent = 0;
  for (const [personId, items] of byPerson) {
    const claimed = await claim(personId, items, now);
    if (claimed.length && (await send(claimed, now, origin))) sent += 1;
  }
  return sent;
}

const idsOf = (items: readonly PendingItem[], source: PendingItem["source"]) => items.filter((item) => item.source === source).map((item) => item.id);

/**
 * The items this run may mail, stamped e-mailed: none unless the person's last letter (of either
 * kind of match) went out over an hour ago, and only those no other run has stamped.
 */
async function claim(userId: number, items: PendingItem[], now: Date): Promise<PendingItem[]> {
  const stamped = await db().$transaction(async (tx) => {
    await lockRow(tx, "User", userId);
    const [searches, journeys] = await Promise.all([
      tx.savedSearchMatch.aggregate({ where: { savedSearch: { userId }, emailedAt: { not: null } }, _max: { emailedAt: true } }),
      tx.availabilityMatch.aggregate({ where: { availability: { userId }, emailedAt: { not: null } }, _max: { emailedAt: true } }),
    ]);
    const last = [searches._max.emailedAt, journeys._max.emailedAt].filter((at): at is Date => at !== null).sort((a, b) => b.getTime() - a.getTime())[0] ?? null;
    if (!digestDue(last, now)) return { search: [], journey: [] };
    const stamp = { data: { emailedAt: now }, select: { id: true } } as const;
    return {
      search: await tx.savedSearchMatch.updateManyAndReturn({ where: { id: { in: idsOf(items, "search") }, emailedAt: null }, ...stamp }),
      journey: await tx.availabilityMatch.updateManyAndReturn({ where: { id: { in: idsOf(items, "journey") }, emailedAt: null }, ...stamp }),
    };
  });
  const ids = { search: new Set(stamped.search.map((row) => row.id)), journey: new Set(stamped.journey.map((row) => row.id)) };
  return items.filter((item) => ids[item.source].has(item.id));
}

/** Mails the claimed items; a failed send unstamps them for the next run. */
async function send(items: PendingItem[], now: Date, origin: string): Promise<boolean> {
  const person = items[0]!.person;
  try {
    await sendMail({ to: person.email, ...digestLetter({ name: person.name, origin, jobs: digestJobs(items) }) });
    return true;
  } catch (err) {
    await db().savedSearchMatch.updateMany({ where: { id: { in: idsOf(items, "search") }, emailedAt: now }, data: { emailedAt: null } });
    await db().availabilityMatch.updateMany({ where: { id: { in: idsOf(items, "journey") }, emailedAt: now }, data: { emailedAt: null } });
    logger().error({ err, to: person.email }, "sending the hourly digest failed");
    return false;
  }
}

/** Each job once, in the order it matched, with every search it matched and every journey it fits. */
function digestJobs(items: PendingItem[]): DigestJob[] {
  const jobs = new Map<number, { id: number; reference: string; route: string; when: string; searches: string[]; journeys: string[] }>();
  for (const item of items) {
    const { job } = item;
    const entry = jobs.get(job.id) ?? { id: job.id, reference: job.reference, route: routeLabel(job.locations), when: scheduleSummary(job), searches: [], journeys: [] };
    const [list, name] = item.source === "search" ? [entry.searches, item.search] : [entry.journeys, item.journey];
    if (!list.includes(name)) list.push(name);
    jobs.set(job.id, entry);
  }
  return [...jobs.values()];
}
