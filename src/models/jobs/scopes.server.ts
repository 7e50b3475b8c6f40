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

export const jobScopes = { ...statusScopes, visibleToCarrier };

/**
 * The jobs a carrier's user may read (job page, quotes page, messages): a driver, the jobs of their
 * own loads; the office, jobs out for quotes and jobs it quoted on or runs loads for.
 */
function visibleToCarrier(user: Pick<CurrentUser, "id" | "accountId" | "role">): Prisma.JobWhereInput {
  if (user.role === "driver") return { ...statusScopes.published, loads: { some: { driverId: user.id } } };
  return {
    ...statusScopes.published,
    OR: [
      statusScopes.outForQuotes,
      { quotes: { some: { carrierAccountId: user.accountId } } },
      { loads: { some: { carrierAccountId: user.accountId } } },
    ],
  };
}
