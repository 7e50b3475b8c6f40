import { db } from "#db/client.server.ts";
import type { Prisma } from "#generated/prisma/client.ts";
import { SHIPPER_TABS, openingTab, type ShipperTab } from "#domain/jobs/status.ts";
import { blockedWith } from "#models/company-blocks.server.ts";
import { jobSummarySelect } from "#models/jobs/summary.server.ts";
import type { CurrentUser } from "#models/users.server.ts";

// The shipper's own jobs, a tab of statuses at a time (the "Your jobs" page).

const listSelect = { ...jobSummarySelect, updatedAt: true } as const satisfies Prisma.JobSelect;
/** A job in the list, with how many carriers' quotes stand on it now. */
export type JobListRow = Prisma.JobGetPayload<{ select: typeof listSelect }> & { activeQuotes: number };

export const SHIPPER_PAGE_SIZE = 50;

/** How many of the account's jobs each tab holds. */
async function tabCounts(user: CurrentUser): Promise<Record<ShipperTab, number>> {
  const where = { shipperAccountId: user.accountId };
  const byStatus = await db().job.groupBy({ by: ["status"], where, _count: { _all: true } });
  const inTab = (statuses: readonly string[]) =>
    byStatus.filter((row) => statuses.includes(row.status)).reduce((sum, row) => sum + row._count._all, 0);
  return Object.fromEntries(SHIPPER_TABS.map((t) => [t.value, inTab(t.statuses)])) as Record<ShipperTab, number>;
}

/**
 * One page of the shipper's jobs in a tab (newest first), how many jobs each tab holds, and the tab:
 * the one asked for (`tabAsked`, a ?status= value), or the first that has jobs (openingTab).
 */
export async function jobsForShipper(user: CurrentUser, tabAsked: unknown, pageAsked = 1) {
  const counts = await tabCounts(user);
  const { value: tab, statuses } = openingTab(tabAsked, counts);
  const pages = Math.max(1, Math.ceil(counts[tab] / SHIPPER_PAGE_SIZE));
  const page = Math.min(pageAsked, pages);
  const jobs = await db().job.findMany({
    where: { shipperAccountId: user.accountId, status: { in: [...statuses] } },
    select: listSelect,
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    skip: (page - 1) * SHIPPER_PAGE_SIZE,
    take: SHIPPER_PAGE_SIZE,
  });
  return { tab, jobs: await withActiveQuotes(jobs, user.accountId), counts, page, pages };
}

/**
 * Each job's active quotes, counted for these jobs alone by the quotes' (jobId, status) index
 * (Prisma's `_count` with a `where` adds up the active quotes of every job in the database). Quotes
 * of carriers a block stands between are not counted: the shipper no longer sees them.
 */
async function withActiveQuotes<J extends { id: number }>(jobs: J[], shipperAccountId: number): Promise<(J & { activeQuotes: number })[]> {
  if (jobs.length === 0) return [];
  const blocked = await blockedWith(shipperAccountId);
  const where = { jobId: { in: jobs.map((job) => job.id) }, status: "active", carrierAccountId: { notIn: [...blocked] } };
  const groups = await db().quote.groupBy({ by: ["jobId"], where, _count: { _all: true } });
  const counts = new Map(groups.map((group) => [group.jobId, group._count._all]));
  return jobs.map((job) => ({ ...job, activeQuotes: counts.get(job.id) ?? 0 }));
}
