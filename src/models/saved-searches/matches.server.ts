import { db } from "#db/client.server.ts";
import { matchesSearch, savedFilters } from "#domain/jobs/saved-search.ts";
import { BOARD_STATUSES } from "#domain/jobs/status.ts";
import { storedList } from "#domain/jobs/stored-values.ts";
import { logger } from "#lib/logger.server.ts";
import { notify } from "#models/notifications/notify.server.ts";
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

async function record(jobId: number): Promise<number> {
  const job = await db().job.findUnique({
    where: { id: jobId },
    select: { status: true, shipperAccountId: true, publishedAt: true, startDate: true, endDate: true, vehicleTypes: true, loadType: true, locations: { select: { kind: true, countryCode: true, region: true } } },
  });
  if (!job || !isOnBoard(job.status)) return 0;
  // Every owner's searches are read and matched here rather than in SQL, so the rule is the one
  // pure matcher (at most 20 searches per person, only carrier office users keep them).
  const searches = await db().savedSearch.findMany({
    where: { user: { ...SEARCH_OWNERS, accountId: { not: job.shipperAccountId } }, createdAt: { lte: job.publishedAt ?? new Date() }, matches: { none: { jobId } } },
    select: { id: true, userId: true, name: true, filters: true },
    orderBy: { id: "asc" },
  });
  const shape = { ...job, vehicleTypes: storedList(job.vehicleTypes) };
  const matching = searches.filter((search) => {
    const filters = savedFilters.parse(search.filters);
    // A search whose filters no longer read as any filter (an option since removed) alerts on nothing rather than on every job.
    return !savedFilters.isEmpty(filters) && matchesSearch(filters, shape);
  });
  const recorded: typeof matching = [];
  for (const search of matching) {
    try {
      await db().savedSearchMatch.create({ data: { savedSearchId: search.id, jobId } });
      recorded.push(search);
    } catch (error) {
      // Another request recorded this pair first: it has also notified.
      if (!isUniqueViolation(error)) throw error;
    }
  }
  if (recorded.length) await notify({ kind: "search_match", jobId, searches: recorded.map(({ userId, name }) => ({ userId, name })) });
  return recorded.length;
}
