import { db } from "#db/client.server.ts";
import type { Prisma } from "#generated/prisma/client.ts";
import { matchesSearch, savedFilters } from "#domain/jobs/saved-search.ts";
import { BOARD_STATUSES } from "#domain/jobs/status.ts";
import { storedList } from "#domain/jobs/stored-values.ts";
import { logger } from "#lib/logger.server.ts";
import { notify } from "#models/notifications/notify.server.ts";
import { blockedWith } from "#models/company-blocks.server.ts";
import { audienceCarrierIds } from "#models/jobs/audience.server.ts";
import { SEARCH_OWNERS } from "#models/saved-searches.server.ts";

// A job newly on the board, matched against every saved search once: each match is recorded and
// its search's owner told in the app at once (the e-mail digest follows, digest.server.ts).

const isUniqueViolation = (error: unknown) => (error as { code?: unknown })?.code === "P2002";
const isOnBoard = (status: string) => (BOARD_STATUSES as readonly string[]).includes(status);

/**
 * Call after a write that may have put the job on the board (published, or edited while out for
 * quotes). Records a match for each saved search the job now meets (once per search and job, so
 * publishing or saving again adds nothing) and notifies their owners in the app. Searches of
 * removed users, of drivers and of the job's own account are never consulted. Never throws: the
 * job is already saved, and a failure here is logged rather than undoing or failing the request.
 * Answers how many matches it recorded.
 */
export async function recordMatches(jobId: number): Promise<number> {
  try {
    return await record(jobId);
  } catch (err) {
    logger().error({ err, jobId }, "recording saved-search matches failed");
    return 0;
  }
}

const matchedJobSelect = {
  id: true, onMarket: true, status: true, shipperAccountId: true, publishedAt: true, startDate: true, endDate: true,
  vehicleTypes: true, loadType: true,
  locations: { select: { kind: true, countryCode: true, region: true } },
} as const satisfies Prisma.JobSelect;

type MatchedJob = Prisma.JobGetPayload<{ select: typeof matchedJobSelect }>;

async function record(jobId: number): Promise<number> {
  const job = await db().job.findUnique({ where: { id: jobId }, select: matchedJobSelect });
  if (!job || !isOnBoard(job.status)) return 0;
  const recorded = await recordEach(jobId, await matchingSearches(jobId, job));
  const owners = recorded.map(({ userId, name }) => ({ userId, name }));
  if (owners.length) await notify({ kind: "search_match", jobId, searches: owners });
  return recorded.length;
}

/**
 * The saved searches the job meets and has not matched yet: other accounts', saved before it was
 * published, not of carriers a block stands between with the job's shipper, and, before the job's
 * market step, only of the carriers in its pools (the market step matches the rest).
 */
async function matchingSearches(jobId: number, job: MatchedJob) {
  // Every owner's searches are read and matched here rather than in SQL, so the rule is the one
  // pure matcher (at most 20 searches per person, only carrier office users keep them).
  const [blocked, audience] = await Promise.all([blockedWith(job.shipperAccountId), audienceCarrierIds(job)]);
  if (audience?.length === 0) return [];
  const searches = await db().savedSearch.findMany({
    where: {
      user: { ...SEARCH_OWNERS, accountId: { not: job.shipperAccountId, notIn: [...blocked], ...(audience ? { in: audience } : {}) } },
      createdAt: { lte: job.publishedAt ?? new Date() },
      matches: { none: { jobId } },
    },
    select: { id: true, userId: true, name: true, filters: true },
    orderBy: { id: "asc" },
  });
  const shape = { ...job, vehicleTypes: storedList(job.vehicleTypes) };
  return searches.filter((search) => {
    const filters = savedFilters.parse(search.filters);
    // A search whose filters no longer read as any filter (an option since removed) alerts on
    // nothing rather than on every job.
    return !savedFilters.isEmpty(filters) && matchesSearch(filters, shape);
  });
}

/** Records each match once: those another request recorded first are left out (it has notified). */
async function recordEach<S extends { id: number }>(jobId: number, searches: S[]): Promise<S[]> {
  const recorded: S[] = [];
  for (const search of searches) {
    try {
      await db().savedSearchMatch.create({ data: { savedSearchId: search.id, jobId } });
      recorded.push(search);
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
    }
  }
  return recorded;
}
