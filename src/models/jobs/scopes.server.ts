import type { Prisma } from "#generated/prisma/client.ts";
import type { CurrentUser } from "#models/users.server.ts";
import { BEFORE_AWARD_STATUSES, BOARD_STATUSES, OUT_FOR_QUOTES_STATUSES } from "#domain/jobs/status.ts";

// Named `where` fragments for the job status rules, like Rails scopes: spread one into a query
// (`where: { id, ...jobScopes.beforeAward }`) instead of spelling the statuses again.
const statusScopes = {
  beforeAward: { status: { in: [...BEFORE_AWARD_STATUSES] } },
  outForQuotes: { status: { in: [...OUT_FOR_QUOTES_STATUSES] } },
  /** What the job board lists and every count of "jobs on the board" counts (see BOARD_STATUSES). */
  onBoard: { status: { in: [...BOARD_STATUSES] } },
  auctionRunningOrDue: { status: { in: ["scheduled", "live"] } },
  published: { status: { not: "draft" } },
} satisfies Record<string, Prisma.JobWhereInput>;

export const jobScopes = { ...statusScopes, visibleToCarrier, notFrom, inAudienceOf };

/**
 * Jobs offered to a carrier company: on the open market, or offered to one of the pools it is in
 * (`poolIds`, from poolIdsOf). Everything a carrier finds a job through (the board, its counts, its
 * saved searches) asks this; reading a job it has already quoted on or runs loads for asks less.
 */
function inAudienceOf(poolIds: readonly number[]): Prisma.JobWhereInput {
  if (!poolIds.length) return { onMarket: true };
  return { OR: [{ onMarket: true }, { pools: { some: { poolId: { in: [...poolIds] } } } }] };
}

/**
 * Jobs not posted by these shippers: the companies a carrier has blocked or been blocked by
 * (company-blocks' blockedWith), whose jobs leave its board, counts, searches and job pages.
 */
function notFrom(blocked: readonly number[]): Prisma.JobWhereInput {
  return blocked.length ? { shipperAccountId: { notIn: [...blocked] } } : {};
}

/**
 * The jobs a carrier's user may read (job page, quotes page, files, messages, live streams): a
 * driver, the jobs of their own loads; the office, jobs out for quotes in its audience (the market,
 * or a pool it is in: `poolIds`) and jobs it quoted on, unless a block stands between it and the
 * shipper (`blocked`), and jobs it runs loads for whatever the blocks: those loads go on. Both lists
 * are asked for (carrierSight in jobs/sight), so no reader can forget the pools. So a
 * carrier taken out of a pool loses the pool-only jobs it had not quoted on, and keeps the others.
 */
function visibleToCarrier(
  user: Pick<CurrentUser, "id" | "accountId" | "role">,
  sight: { blocked: readonly number[]; poolIds: readonly number[] },
): Prisma.JobWhereInput {
  const { blocked, poolIds } = sight;
  if (user.role === "driver") return { ...statusScopes.published, loads: { some: { driverId: user.id } } };
  return {
    ...statusScopes.published,
    OR: [
      { ...statusScopes.outForQuotes, ...notFrom(blocked), AND: [inAudienceOf(poolIds)] },
      { quotes: { some: { carrierAccountId: user.accountId } }, ...notFrom(blocked) },
      { loads: { some: { carrierAccountId: user.accountId } } },
    ],
  };
}
