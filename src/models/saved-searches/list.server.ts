import { db } from "#db/client.server.ts";
import { describeSearch, savedFilters } from "#domain/jobs/saved-search.ts";
import { blockedWith } from "#models/company-blocks.server.ts";
import { jobScopes } from "#models/jobs/scopes.server.ts";
import type { CurrentUser } from "#models/users.server.ts";

// The saved searches page's list: each search described, with the board link it was saved from
// and how many new jobs it has matched.

export type SavedSearchRow = {
  id: number; name: string; summary: string; query: string; newMatches: number; createdAt: Date;
};

/**
 * The user's searches, oldest first, each with how many jobs it has matched since it was saved that
 * are still on the board (and not from a shipper a block stands between with the user's company).
 */
export async function savedSearchesOf(user: CurrentUser): Promise<SavedSearchRow[]> {
  const onBoard = { ...jobScopes.onBoard, ...jobScopes.notFrom(await blockedWith(user.accountId)) };
  const searches = await db().savedSearch.findMany({
    where: { userId: user.id },
    select: {
      id: true, name: true, filters: true, createdAt: true,
      _count: { select: { matches: { where: { job: onBoard } } } },
    },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  });
  return searches.map((search) => {
    const filters = savedFilters.parse(search.filters);
    return {
      id: search.id,
      name: search.name,
      summary: describeSearch(filters),
      query: savedFilters.query(filters),
      newMatches: search._count.matches,
      createdAt: search.createdAt,
    };
  });
}
