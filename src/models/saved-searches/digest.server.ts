import { db } from "#db/client.server.ts";
import { lockRow } from "#db/row-lock.server.ts";
import type { Prisma } from "#generated/prisma/client.ts";
import { digestDue, digestLetter, type DigestJob } from "#domain/jobs/saved-search.ts";
import { routeLabel, scheduleSummary } from "#domain/jobs/summary.ts";
import { env } from "#lib/env.server.ts";
import { logger } from "#lib/logger.server.ts";
import { sendMail } from "#lib/mailer.server.ts";
import { jobScopes } from "#models/jobs/scopes.server.ts";
import { blockedPairsAmong } from "#models/company-blocks.server.ts";
import { sendJourneyDigests } from "#models/availability/digest.server.ts";
import { SEARCH_OWNERS } from "#models/saved-searches.server.ts";
import { matchedJobSelect } from "#models/jobs/summary.server.ts";

// Saved searches' e-mail: the jobs they matched, gathered into one digest per person at most once an
// hour. The same sweep sends planned journeys' hourly letter (availability/digest).

/** Links in mail point at APP_ORIGIN when it is set (production); otherwise at this machine, as in development. */
function mailOrigin(): string {
  const config = env();
  return config.APP_ORIGIN ?? `http://localhost:${config.PORT}`;
}


type PendingMatch = {
  id: number;
  job: Prisma.JobGetPayload<{ select: typeof matchedJobSelect }>;
  savedSearch: { name: string; userId: number; user: { email: string; name: string } };
};

/**
 * E-mails each user whose searches have matched jobs not yet e-mailed, and whose last digest went
 * out over an hour ago (or never): one e-mail listing every such job still on the board, after which
 * those matches are marked e-mailed at `now`. Run every few minutes, so a digest leaves within
 * minutes of falling due; every process runs it, and each digest is still sent once (claimDigest).
 * Answers how many e-mails it sent.
 */
export async function sendSearchDigests(now = new Date(), origin = mailOrigin()): Promise<number> {
  const pending = await db().savedSearchMatch.findMany({
    where: { emailedAt: null, job: jobScopes.onBoard, savedSearch: { user: SEARCH_OWNERS } },
    select: {
      id: true,
      job: { select: { ...matchedJobSelect, shipperAccountId: true, onMarket: true, pools: { select: { poolId: true } } } },
      savedSearch: { select: { name: true, userId: true, user: { select: { email: true, name: true, accountId: true } } } },
    },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  });
  // A job whose shipper a block stands between with the search owner's company is not mailed (nor
  // stamped: lifting the block lets it go out).
  const blocks = await blockedPairsAmong(pending.flatMap((m) => [m.job.shipperAccountId, m.savedSearch.user.accountId]));
  // A job still offered only to pools is mailed only to a company in one of them today (one removed
  // from the pool since the match was recorded has lost sight of it).
  const pooled = await poolsAmong(pending.filter((m) => !m.job.onMarket).map((m) => m.savedSearch.user.accountId));
  const byUser = new Map<number, PendingMatch[]>();
  for (const match of pending) {
    if (blocks.has(`${match.job.shipperAccountId}:${match.savedSearch.user.accountId}`)) continue;
    if (!match.job.onMarket && !match.job.pools.some((pool) => pooled.has(`${pool.poolId}:${match.savedSearch.user.accountId}`))) continue;
    const userId = match.savedSearch.userId;
    byUser.set(userId, [...(byUser.get(userId) ?? []), match]);
  }
  let sent = 0;
  for (const [userId, matches] of byUser) {
    const claimed = await claimDigest(userId, matches, now);
    if (claimed.length && (await sendDigest(claimed, now, origin))) sent += 1;
  }
  return sent + (await sendJourneyDigests(now, origin));
}

/** Which of these carrier companies are in which pools, as "poolId:accountId", in one query (none asked: none run). */
async function poolsAmong(accountIds: readonly number[]): Promise<Set<string>> {
  if (!accountIds.length) return new Set();
  const rows = await db().poolMember.findMany({ where: { carrierAccountId: { in: [...new Set(accountIds)] } }, select: { poolId: true, carrierAccountId: true } });
  return new Set(rows.map((row) => `${row.poolId}:${row.carrierAccountId}`));
}

/**
 * The matches this run may mail, stamped e-mailed: none unless the user's last digest went out over
 * an hour ago, and only those no other run has stamped. Decided holding the user's row, so of two
 * runs at once (two processes) the second sees the first's stamps and finds the digest not due.
 */
async function claimDigest(userId: number, matches: PendingMatch[], now: Date): Promise<PendingMatch[]> {
  const stamped = await db().$transaction(async (tx) => {
    await lockRow(tx, "User", userId);
    const last = await tx.savedSearchMatch.aggregate({
      where: { savedSearch: { userId }, emailedAt: { not: null } },
      _max: { emailedAt: true },
    });
    if (!digestDue(last._max.emailedAt, now)) return [];
    return tx.savedSearchMatch.updateManyAndReturn({
      where: { id: { in: matches.map((match) => match.id) }, emailedAt: null },
      data: { emailedAt: now },
      select: { id: true },
    });
  });
  const ids = new Set(stamped.map((match) => match.id));
  return matches.filter((match) => ids.has(match.id));
}

/** Mails the claimed matches; a failed send unstamps them for the next run. */
async function sendDigest(matches: PendingMatch[], now: Date, origin: string): Promise<boolean> {
  const user = matches[0]!.savedSearch.user;
  try {
    await sendMail({ to: user.email, ...digestLetter({ name: user.name, origin, jobs: digestJobs(matches) }) });
    return true;
  } catch (err) {
    const stamped = { id: { in: matches.map((match) => match.id) }, emailedAt: now };
    await db().savedSearchMatch.updateMany({ where: stamped, data: { emailedAt: null } });
    logger().error({ err, to: user.email }, "sending a saved-search digest failed");
    return false;
  }
}

/** Each job once, in the order it matched, with the names of every search it matched. */
function digestJobs(matches: PendingMatch[]): DigestJob[] {
  const jobs = new Map<number, DigestJob & { searches: string[] }>();
  for (const { job, savedSearch } of matches) {
    const entry = jobs.get(job.id) ?? {
      id: job.id, reference: job.reference, route: routeLabel(job.locations), when: scheduleSummary(job), searches: [],
    };
    if (!entry.searches.includes(savedSearch.name)) entry.searches.push(savedSearch.name);
    jobs.set(job.id, entry);
  }
  return [...jobs.values()];
}
