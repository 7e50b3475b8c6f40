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

export const jobScopes = { ...statusScopes, visibleToCarrier, notFrom };

/**
 * Jobs not posted by these shippers: the companies a carrier has blocked or been blocked by
 * (company-blocks' blockedWith), whose jobs leave its board, counts, searches and job pages.
 */
function notFrom(blocked: readonly number[]): Prisma.JobWhereInput {
  return blocked.length ? { shipperAccountId: { notIn: [...blocked] } } : {};
}

/**
 * The jobs a carrier's user may read (job page, quotes page, messages): a driver, the jobs of their
 * own loads; the office, jobs out for quotes and jobs it quoted on, unless a block stands between it
 * and the shipper (`blocked`), and jobs it runs loads for whatever the blocks: those loads go on.
 */
function visibleToCarrier(user: Pick<CurrentUser, "id" | "accountId" | "role">, blocked: readonly number[] = []): Prisma.JobWhereInput {
  if (user.role === "driver") return { ...statusScopes.published, loads: { some: { driverId: user.id } } };
  return {
    ...statusScopes.published,
    OR: [
      { ...statusScopes.outForQuotes, ...notFrom(blocked) },
      { quotes: { some: { carrierAccountId: user.accountId } }, ...notFrom(blocked) },
      { loads: { some: { carrierAccountId: user.accountId } } },
    ],
  };
}
