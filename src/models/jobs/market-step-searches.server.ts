import type { Prisma } from "#generated/prisma/client.ts";
import { matchesSearch, savedFilters } from "#domain/jobs/saved-search.ts";
import { storedList } from "#domain/jobs/stored-values.ts";
import { blockedWith } from "#models/company-blocks.server.ts";
import { SEARCH_OWNERS } from "#models/saved-searches.server.ts";

// The saved searches a job newly reaches at its market step. Carriers in its pools were offered it
// already, and a company that quoted has plainly found it: neither is told again. The rest hear of
// it as they would of a job just published (saved-searches/matches): a search of a carrier office
// user, not of a company a block stands between with the shipper, saved before now, matching it.

export type ReachedSearch = { userId: number; name: string };
type Tx = Prisma.TransactionClient;

const reachedJobSelect = {
  shipperAccountId: true, startDate: true, endDate: true, vehicleTypes: true, loadType: true,
  locations: { select: { kind: true, countryCode: true, region: true } },
} as const satisfies Prisma.JobSelect;

/** The carrier companies already offered the job or on it: its pools' members and its bidders. */
async function alreadyReached(tx: Tx, jobId: number): Promise<number[]> {
  // One after the other: statements on a transaction's one connection do not run side by side.
  const members = await tx.poolMember.findMany({ where: { pool: { jobs: { some: { jobId } } } }, select: { carrierAccountId: true } });
  const bidders = await tx.quote.findMany({ where: { jobId }, select: { carrierAccountId: true } });
  return [...new Set([...members, ...bidders].map((row) => row.carrierAccountId))];
}

/**
 * Records a match for each search the job newly reaches (once per search and job, as at publishing,
 * so the e-mail digest carries it too), inside the step's transaction; answers their owners and names.
 */
export async function recordMarketMatches(tx: Tx, jobId: number, now: Date): Promise<ReachedSearch[]> {
  const job = await tx.job.findUniqueOrThrow({ where: { id: jobId }, select: reachedJobSelect });
  const reached = await alreadyReached(tx, jobId);
  const blocked = await blockedWith(job.shipperAccountId, tx);
  const searches = await tx.savedSearch.findMany({
    where: {
      user: { ...SEARCH_OWNERS, accountId: { notIn: [job.shipperAccountId, ...reached, ...blocked] } },
      createdAt: { lte: now },
      matches: { none: { jobId } },
    },
    select: { id: true, userId: true, name: true, filters: true },
    orderBy: { id: "asc" },
  });
  const shape = { ...job, vehicleTypes: storedList(job.vehicleTypes) };
  const matching = searches.filter((search) => {
    const filters = savedFilters.parse(search.filters);
    return !savedFilters.isEmpty(filters) && matchesSearch(filters, shape);
  });
  if (matching.length) await tx.savedSearchMatch.createMany({ data: matching.map((search) => ({ savedSearchId: search.id, jobId })) });
  return matching.map(({ userId, name }) => ({ userId, name }));
}
